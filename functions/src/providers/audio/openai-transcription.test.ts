import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentMp3 } from '../../../../tests/sandbox/providers/mp3';
import type { OpenAiTranscriptionCall } from '../../../../tests/sandbox/providers/openai';
import { startSandbox, type Sandbox } from '../../../../tests/sandbox/server';
import { PROVIDER_RETRY_POLICY } from '../../lib/retry';
import {
  createOpenAiTranscriber,
  languageCodeOf,
  openAiTranscriptionFailure,
  tooLargeForOpenAi,
} from './openai-transcription';

// OpenAI transcription through the openai SDK against the in-process sandbox, on a fake clock.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

let clock = 0;
beforeEach(() => {
  clock = 1_000_000;
  sandbox.apps.openai.faults.clear();
  sandbox.apps.openai.requests.length = 0;
});

const client = (apiKey = 'sk-openai-0001') =>
  createOpenAiTranscriber({
    apiKey,
    baseUrl: sandbox.urls.openai,
    timeoutMs: 5000,
    retry: {
      policy: PROVIDER_RETRY_POLICY,
      sleep: async (ms) => void (clock += ms),
      now: () => clock,
      random: () => 0.5,
    },
  });

const mp3 = (ms: number, fileName = 'voice.mp3') => ({
  bytes: silentMp3(ms),
  contentType: 'audio/mpeg',
  fileName,
});

/** The sandbox's record of the calls for one file name (the sandbox is shared by every test here). */
async function callsFor(fileName: string): Promise<OpenAiTranscriptionCall[]> {
  const { calls } = (await (
    await fetch(`${sandbox.urls.openai}/__sandbox/openai/transcriptions`)
  ).json()) as { calls: OpenAiTranscriptionCall[] };
  return calls.filter((c) => c.fileName === fileName);
}

describe('transcribe', () => {
  it('asks whisper-1 for verbose_json with word timestamps and answers the words with their times', async () => {
    const result = await client().transcribe({ ...mp3(2000, 'words-1.mp3'), languageCode: 'de' });
    expect(result).toEqual({
      ok: true,
      transcript: {
        text: 'Hello and welcome to',
        languageCode: 'de',
        words: [
          { text: 'Hello', start: 0, end: 0.4 },
          { text: 'and', start: 0.5, end: 0.9 },
          { text: 'welcome', start: 1, end: 1.4 },
          { text: 'to', start: 1.5, end: 1.9 },
        ],
      },
    });
    expect(await callsFor('words-1.mp3')).toEqual([
      {
        fileName: 'words-1.mp3',
        model: 'whisper-1',
        responseFormat: 'verbose_json',
        granularities: ['word'],
        language: 'de',
        status: 200,
      },
    ]);
    expect(sandbox.apps.openai.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/audio/transcriptions',
        authorization: 'Bearer sk-openai-0001',
      }),
    ]);
  });

  it('leaves a three-letter language for OpenAI to detect, and reads the language it names back as a code', async () => {
    const result = await client().transcribe({ ...mp3(1000, 'words-2.mp3'), languageCode: 'eng' });
    expect(result).toMatchObject({ ok: true, transcript: { languageCode: 'en' } });
    expect(await callsFor('words-2.mp3')).toEqual([
      expect.objectContaining({ language: null, status: 200 }),
    ]);
  });

  it('refuses a file over 25 MB before calling OpenAI', async () => {
    const result = await client().transcribe({
      bytes: Buffer.alloc(25 * 1024 * 1024 + 1),
      contentType: 'audio/wav',
      fileName: 'long.wav',
    });
    expect(result).toEqual({
      ok: false,
      failure: { code: 'invalid_input', message: tooLargeForOpenAi },
    });
    expect(sandbox.apps.openai.requests).toEqual([]);
  });

  it.each([
    [
      'a refused key',
      'bad-key',
      'voice.mp3',
      'invalid_key',
      'Failed to transcribe: OpenAI did not accept your API key. Update it in the Integrations page.',
    ],
    [
      'a used-up quota',
      'no-credit-key',
      'voice.mp3',
      'no_credit',
      'Failed to transcribe: your OpenAI quota is used up. Add credits to your OpenAI account, then try again.',
    ],
    [
      'a file type OpenAI does not take',
      'sk-openai',
      'voice.mov',
      'invalid_input',
      "Failed to transcribe: Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']",
    ],
    [
      'an answer over its size limit',
      'sk-openai',
      'voice[error:413].mp3',
      'invalid_input',
      tooLargeForOpenAi,
    ],
  ])('maps %s, calling once', async (_label, key, fileName, code, message) => {
    expect(await client(key).transcribe(mp3(1000, fileName))).toEqual({
      ok: false,
      failure: expect.objectContaining({ code, message }),
    });
    expect(sandbox.apps.openai.requests).toHaveLength(1);
  });

  it('sends a rate-limited call again, and reports a 500 as the catalogue message alone without retrying it', async () => {
    sandbox.apps.openai.faults.add({
      method: 'POST',
      path: '/v1/audio/transcriptions',
      status: 429,
      times: 1,
    });
    expect(await client().transcribe(mp3(1000))).toMatchObject({ ok: true });
    expect(sandbox.apps.openai.requests).toHaveLength(2);

    sandbox.apps.openai.requests.length = 0;
    expect(await client().transcribe(mp3(1000, 'voice[error:500].mp3'))).toEqual({
      ok: false,
      failure: { code: 'provider_error', message: 'Failed to transcribe', status: 500 },
    });
    expect(sandbox.apps.openai.requests).toHaveLength(1);
  });

  it('reports an unreachable OpenAI without retrying', async () => {
    const offline = createOpenAiTranscriber({
      apiKey: 'sk',
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2000,
      retry: { policy: PROVIDER_RETRY_POLICY, sleep: async () => undefined, now: () => clock },
    });
    expect(await offline.transcribe(mp3(1000))).toEqual({
      ok: false,
      failure: {
        code: 'provider_error',
        message: 'Failed to transcribe: OpenAI could not be reached. Please try again.',
      },
    });
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('job cancelled'));
    await expect(client().transcribe(mp3(1000), controller.signal)).rejects.toThrow(
      'job cancelled',
    );
  });
});

describe('OpenAI transcription errors', () => {
  it('never shows the key an invalid-key message echoes, nor an HTML page', () => {
    const echoed = openAiTranscriptionFailure(
      400,
      { error: { message: 'Key sk-secret-1234 is odd', type: 'invalid_request_error' } },
      'sk-secret-1234',
    );
    expect(echoed.message).toBe('Failed to transcribe: Key **** is odd');
    expect(openAiTranscriptionFailure(502, undefined, 'sk')).toEqual({
      code: 'provider_error',
      message: 'Failed to transcribe',
      status: 502,
    });
  });

  it.each([
    ['english', 'en'],
    ['German', 'de'],
    ['ja', 'ja'],
    ['klingon', null],
    [undefined, null],
  ])('reads the language %s as %s', (name, code) => {
    expect(languageCodeOf(name)).toBe(code);
  });
});
