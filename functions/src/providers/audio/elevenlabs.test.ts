import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countMp3Frames, mp3DurationMs } from '../../../../tests/sandbox/providers/mp3';
import { startSandbox, type Sandbox } from '../../../../tests/sandbox/server';
import { PROVIDER_RETRY_POLICY } from '../../lib/retry';
import { createElevenLabs, elevenLabsFailure } from './elevenlabs';

// ElevenLabs speech and music against the in-process sandbox, on a fake clock.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

let clock = 0;
let sent: { url: string; key: string | null; body: Record<string, unknown> }[] = [];
beforeEach(() => {
  clock = 1_000_000;
  sent = [];
  sandbox.apps.elevenlabs.faults.clear();
});

const recordingFetch: typeof fetch = async (input, init) => {
  sent.push({
    url: String(input),
    key: new Headers(init?.headers).get('xi-api-key'),
    body: JSON.parse(String(init?.body)) as Record<string, unknown>,
  });
  return fetch(input, init);
};

const client = (apiKey = 'el-key-0001') =>
  createElevenLabs({
    apiKey,
    baseUrl: sandbox.urls.elevenlabs,
    fetch: recordingFetch,
    retry: {
      policy: PROVIDER_RETRY_POLICY,
      sleep: async (ms) => void (clock += ms),
      now: () => clock,
      random: () => 0.5,
    },
    speechTimeoutMs: 5000,
    musicTimeoutMs: 5000,
  });

const seconds = (bytes: Buffer) => {
  const { frames, sampleRate } = countMp3Frames(bytes)!;
  return mp3DurationMs(frames, sampleRate) / 1000;
};

describe('speak', () => {
  it('posts text and model to the voice path with xi-api-key and answers the MP3', async () => {
    const result = await client().speak({
      text: 'Hello from the sandbox, thirty chars',
      voiceId: 'EXAVITQu4vr4xnSDxMaL',
      modelId: 'eleven_turbo_v2',
    });
    expect(sent[0]).toEqual({
      url: `${sandbox.urls.elevenlabs}/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL?output_format=mp3_44100_128`,
      key: 'el-key-0001',
      body: { text: 'Hello from the sandbox, thirty chars', model_id: 'eleven_turbo_v2' },
    });
    expect(result).toMatchObject({ ok: true, contentType: 'audio/mpeg', characterCost: 36 });
    if (result.ok) expect(seconds(result.bytes)).toBeCloseTo(36 / 15, 1);
  });

  it.each([
    [
      'an unknown voice',
      'el-key',
      'nope',
      'invalid_input',
      'Failed to generate voiceover: this voice is not available in your ElevenLabs account. Choose another voice.',
    ],
    [
      'a used-up quota',
      'no-credit-key',
      '21m00Tcm4TlvDq8ikWAM',
      'no_credit',
      'Failed to generate voiceover: your ElevenLabs quota is used up. Add credits or wait for your quota to reset, then try again.',
    ],
    [
      'a refused key',
      'bad-key',
      '21m00Tcm4TlvDq8ikWAM',
      'invalid_key',
      'Failed to generate voiceover: ElevenLabs did not accept your API key. Update it in the Integrations page.',
    ],
  ])('maps %s', async (_label, key, voiceId, code, message) => {
    expect(
      await client(key).speak({ text: 'hi', voiceId, modelId: 'eleven_multilingual_v2' }),
    ).toEqual({ ok: false, failure: expect.objectContaining({ code, message }) });
  });

  it('retries a 429 and reports a 500 as the catalogue message alone', async () => {
    sandbox.apps.elevenlabs.faults.add({
      path: '/v1/text-to-speech',
      status: 429,
      retryAfterSeconds: 1,
    });
    expect(
      (
        await client().speak({
          text: 'again',
          voiceId: '21m00Tcm4TlvDq8ikWAM',
          modelId: 'eleven_multilingual_v2',
        })
      ).ok,
    ).toBe(true);
    expect(sent).toHaveLength(2);
    expect(
      await client().speak({
        text: 'boom [error:500]',
        voiceId: '21m00Tcm4TlvDq8ikWAM',
        modelId: 'eleven_multilingual_v2',
      }),
    ).toEqual({
      ok: false,
      failure: expect.objectContaining({ message: 'Failed to generate voiceover' }),
    });
  });

  it('stops when its signal aborts', async () => {
    sandbox.apps.elevenlabs.faults.add({ path: '/v1/text-to-speech', delayMs: 2000 });
    const controller = new AbortController();
    const pending = client().speak(
      { text: 'slow', voiceId: '21m00Tcm4TlvDq8ikWAM', modelId: 'eleven_multilingual_v2' },
      controller.signal,
    );
    controller.abort(new Error('cancelled'));
    await expect(pending).rejects.toThrow('cancelled');
  });
});

describe('compose', () => {
  it('asks for music_length_ms with music_v1 and answers that long an MP3', async () => {
    const result = await client().compose({
      prompt: 'calm pads. Genre: ambient.',
      lengthMs: 45_000,
    });
    expect(sent[0]!.body).toEqual({
      prompt: 'calm pads. Genre: ambient.',
      music_length_ms: 45_000,
      model_id: 'music_v1',
    });
    if (!result.ok) throw new Error(result.failure.message);
    expect(seconds(result.bytes)).toBeCloseTo(45, 1);
  });

  it('reports a quota error with the music message', async () => {
    expect(await client('no-credit-key').compose({ prompt: 'x', lengthMs: 15_000 })).toEqual({
      ok: false,
      failure: expect.objectContaining({
        code: 'no_credit',
        message: expect.stringMatching(/^Failed to generate music: /),
      }),
    });
  });
});

describe('ElevenLabs error texts', () => {
  const failed = 'Failed to generate voiceover';
  it.each<[string, unknown, string]>([
    [
      'the message of a detail object',
      { detail: { status: 'text_too_long', message: 'Text is too long' } },
      `${failed}: Text is too long`,
    ],
    [
      'a long message cut to 200 characters',
      { detail: { status: 'x', message: 'long '.repeat(100) } },
      `${failed}: ${'long '.repeat(40).slice(0, 197)}...`,
    ],
    ['no message: the spec text alone', { detail: { status: 'bad_request' } }, failed],
    ['a body that was not JSON (parsed as undefined): the spec text alone', undefined, failed],
  ])('shows %s', (_label, body, message) => {
    expect(elevenLabsFailure(failed, 400, body, 'el-key-0001').message).toBe(message);
  });

  it('never shows an HTML error page', async () => {
    const page = `<html><body>${'<div>gateway</div>'.repeat(100)}</body></html>`;
    const htmlFetch: typeof fetch = async () =>
      new Response(page, { status: 400, headers: { 'content-type': 'text/html' } });
    const html = createElevenLabs({
      apiKey: 'el-key-0001',
      baseUrl: 'http://127.0.0.1:1',
      fetch: htmlFetch,
      retry: { policy: PROVIDER_RETRY_POLICY, sleep: async () => undefined, now: () => 0 },
      speechTimeoutMs: 1000,
      musicTimeoutMs: 1000,
    });
    expect(await html.speak({ text: 'hi', voiceId: 'v', modelId: 'm' })).toEqual({
      ok: false,
      failure: { code: 'provider_error', message: failed, status: 400 },
    });
  });
});
