import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMp3Frames, mp3DurationMs, parseMp3Format, silentMp3 } from './providers/mp3';
import { speechDurationMs } from './providers/elevenlabs';
import { startSandbox, type Sandbox } from './server';

// The Luma and ElevenLabs sandboxes speak the documented APIs and answer real media files.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('silentMp3', () => {
  it.each([
    [30_000, 44100, 128],
    [1_000, 48000, 64],
    [120_000, 32000, 32],
  ])(
    '%i ms at %i Hz, %i kbps is that long within one frame and keeps its bitrate',
    (ms, sampleRate, kbps) => {
      const bytes = silentMp3(ms, { sampleRate, kbps });
      const read = countMp3Frames(bytes)!;
      expect(read.sampleRate).toBe(sampleRate);
      expect(Math.abs(mp3DurationMs(read.frames, sampleRate) - ms)).toBeLessThanOrEqual(
        (1152 * 1000) / sampleRate / 2,
      );
      expect(
        Math.abs((bytes.length * 8) / kbps - mp3DurationMs(read.frames, sampleRate)),
      ).toBeLessThan(1);
    },
  );

  it.each([
    ['mp3_44100_128', { sampleRate: 44100, kbps: 128 }],
    ['pcm_16000', undefined],
    ['mp3_22050_32', undefined],
  ])('reads output_format %s', (value, format) => {
    expect(parseMp3Format(value)).toEqual(format);
  });
});

const luma = (path: string, init: RequestInit = {}, key = 'luma-key') =>
  fetch(`${sandbox.urls.luma}/dream-machine/v1${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      ...init.headers,
    },
  });

describe('luma', () => {
  it('advances a generation queued, dreaming, completed and serves a real MP4 and a poster', async () => {
    const created = await luma('/generations', {
      method: 'POST',
      body: JSON.stringify({ prompt: 'a drone shot [pending:2]', model: 'ray-2' }),
    });
    expect(created.status).toBe(201);
    const { id, state } = (await created.json()) as { id: string; state: string };
    expect(state).toBe('queued');
    const states: string[] = [];
    let last: { state: string; assets: { video: string; image: string } | null } | undefined;
    for (let i = 0; i < 3; i++) {
      last = (await (await luma(`/generations/${id}`)).json()) as typeof last;
      states.push(last!.state);
    }
    expect(states).toEqual(['queued', 'dreaming', 'completed']);
    const video = await fetch(last!.assets!.video);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await video.arrayBuffer());
    expect(bytes.toString('ascii', 4, 8)).toBe('ftyp');
    expect((await fetch(last!.assets!.image)).headers.get('content-type')).toBe('image/png');
  });

  it('keeps a generation tagged [hold:NAME] dreaming until NAME is released, then answers as without it', async () => {
    const { id } = (await (
      await luma('/generations', {
        method: 'POST',
        body: JSON.stringify({
          prompt: 'a drone shot [hold:luma-drone] [pending:0]',
          model: 'ray-2',
        }),
      })
    ).json()) as { id: string };
    const states: string[] = [];
    for (let i = 0; i < 4; i++)
      states.push(((await (await luma(`/generations/${id}`)).json()) as { state: string }).state);
    expect(states).toEqual(['queued', 'dreaming', 'dreaming', 'dreaming']);
    expect(
      (await fetch(`${sandbox.urls.luma}/__sandbox/holds/luma-drone`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect(await (await luma(`/generations/${id}`)).json()).toMatchObject({ state: 'completed' });
  });

  it('fails a generation tagged [error] with a failure reason', async () => {
    const { id } = (await (
      await luma('/generations', {
        method: 'POST',
        body: JSON.stringify({ prompt: 'x [error] [pending:0]', model: 'ray-2' }),
      })
    ).json()) as { id: string };
    expect(await (await luma(`/generations/${id}`)).json()).toMatchObject({
      state: 'failed',
      failure_reason: expect.stringContaining('Sandbox'),
    });
  });

  it.each([
    ['bad-key', 401],
    ['no-credit-key', 400],
  ])('refuses the key %s with %i', async (key, status) => {
    const res = await luma(
      '/generations',
      { method: 'POST', body: JSON.stringify({ prompt: 'x', model: 'ray-2' }) },
      key,
    );
    expect(res.status).toBe(status);
  });
});

const eleven = (path: string, body: unknown, key = 'el-key') =>
  fetch(`${sandbox.urls.elevenlabs}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'xi-api-key': key },
    body: JSON.stringify(body),
  });

describe('elevenlabs', () => {
  it('speaks text as an MP3 as long as the text takes to read', async () => {
    const text = 'Welcome to Muse Studio, where ideas become media.';
    const res = await eleven(
      '/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM?output_format=mp3_44100_128',
      { text, model_id: 'eleven_multilingual_v2' },
    );
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const { frames, sampleRate } = countMp3Frames(Buffer.from(await res.arrayBuffer()))!;
    expect(Math.abs(mp3DurationMs(frames, sampleRate) - speechDurationMs(text))).toBeLessThan(27);
  });

  it('composes music of music_length_ms', async () => {
    const res = await eleven('/v1/music?output_format=mp3_44100_128', {
      prompt: 'ambient pads',
      music_length_ms: 15_000,
      model_id: 'music_v1',
    });
    const { frames, sampleRate } = countMp3Frames(Buffer.from(await res.arrayBuffer()))!;
    expect(Math.abs(mp3DurationMs(frames, sampleRate) - 15_000)).toBeLessThan(27);
  });

  it.each([
    [
      'an unknown voice',
      '/v1/text-to-speech/nope',
      { text: 'hi', model_id: 'eleven_turbo_v2' },
      'el-key',
      404,
      'voice_not_found',
    ],
    [
      'a used-up quota',
      '/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM',
      { text: 'hi' },
      'no-credit-key',
      401,
      'quota_exceeded',
    ],
    [
      'a bad key',
      '/v1/music',
      { prompt: 'x', music_length_ms: 15_000 },
      'bad-key',
      401,
      'invalid_api_key',
    ],
    [
      'a length out of range',
      '/v1/music',
      { prompt: 'x', music_length_ms: 5_000 },
      'el-key',
      422,
      undefined,
    ],
  ])('refuses %s', async (_label, path, body, key, status, code) => {
    const res = await eleven(path, body, key);
    expect(res.status).toBe(status);
    if (code)
      expect(((await res.json()) as { detail: { status: string } }).detail.status).toBe(code);
  });

  const transcribe = (fields: Record<string, string | File>, key = 'el-key') => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return fetch(`${sandbox.urls.elevenlabs}/v1/speech-to-text`, {
      method: 'POST',
      headers: { 'xi-api-key': key },
      body: form,
    });
  };
  const mp3File = (ms: number, name = 'voice.mp3') =>
    new File([new Uint8Array(silentMp3(ms))], name, { type: 'audio/mpeg' });

  it('transcribes an MP3 into a word every half second of its length, with spacing between', async () => {
    const res = await transcribe({
      model_id: 'scribe_v2',
      file: mp3File(3000),
      timestamps_granularity: 'word',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      text: string;
      language_code: string;
      words: { text: string; start: number; end: number; type: string }[];
    };
    const words = body.words.filter((w) => w.type === 'word');
    expect(words.map((w) => [w.text, w.start, w.end])).toEqual([
      ['Hello', 0, 0.4],
      ['and', 0.5, 0.9],
      ['welcome', 1, 1.4],
      ['to', 1.5, 1.9],
      ['the', 2, 2.4],
      ['sandbox', 2.5, 2.9],
    ]);
    expect(body.words.filter((w) => w.type === 'spacing')).toHaveLength(5);
    expect(body.text).toBe('Hello and welcome to the sandbox');
    expect(body.language_code).toBe('eng');
  });

  /**
   * A PCM WAV of `ms` as the editor exports it for transcription (16 kHz, 16-bit, mono), with a LIST chunk
   * before `data` as many encoders write (RIFF: 4-byte id, little-endian 32-bit size, data).
   */
  const wavFile = (ms: number, rate = 16_000, channels = 1, bits = 16) => {
    const blockAlign = (channels * bits) / 8;
    const data = Buffer.alloc(Math.round((rate * ms) / 1000) * blockAlign);
    const chunk = (id: string, body: Buffer) => {
      const head = Buffer.alloc(8);
      head.write(id, 0, 'latin1');
      head.writeUInt32LE(body.length, 4);
      return Buffer.concat([head, body, Buffer.alloc(body.length % 2)]);
    };
    const fmt = Buffer.alloc(16);
    fmt.writeUInt16LE(1, 0);
    fmt.writeUInt16LE(channels, 2);
    fmt.writeUInt32LE(rate, 4);
    fmt.writeUInt32LE(rate * blockAlign, 8);
    fmt.writeUInt16LE(blockAlign, 12);
    fmt.writeUInt16LE(bits, 14);
    const body = Buffer.concat([
      Buffer.from('WAVE', 'latin1'),
      chunk('fmt ', fmt),
      chunk('LIST', Buffer.from('INFOISFT\u0005\u0000\u0000\u0000muse\u0000\u0000', 'latin1')),
      chunk('data', data),
    ]);
    const riff = Buffer.alloc(8);
    riff.write('RIFF', 0, 'latin1');
    riff.writeUInt32LE(body.length, 4);
    return new File([new Uint8Array(Buffer.concat([riff, body]))], 'voice.wav', {
      type: 'audio/wav',
    });
  };

  it("reads a WAV's length from its header (the editor's 16 kHz 16-bit WAV is 256 kbit/s), in both speech sandboxes", async () => {
    // 3 s at 16 kHz, 16-bit mono: 96,000 bytes of samples, which at 128 kbit/s would be 6 s.
    const eleven = await transcribe({ model_id: 'scribe_v2', file: wavFile(3000) });
    expect(eleven.status).toBe(200);
    const words = ((await eleven.json()) as { words: { type: string; end: number }[] }).words;
    expect(words.filter((w) => w.type === 'word').map((w) => w.end)).toEqual([
      0.4, 0.9, 1.4, 1.9, 2.4, 2.9,
    ]);

    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    form.append('file', wavFile(2000, 44_100, 2));
    const openai = await fetch(`${sandbox.urls.openai}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-sdk' },
      body: form,
    });
    expect(openai.status).toBe(200);
    const verbose = (await openai.json()) as { duration: number; words: { end: number }[] };
    expect(verbose.duration).toBe(2);
    expect(verbose.words.at(-1)?.end).toBe(1.9);
  });

  it.each([
    [
      'a bad key',
      { model_id: 'scribe_v2', file: mp3File(1000) },
      'bad-key',
      401,
      'invalid_api_key',
    ],
    [
      'a text-to-speech model',
      { model_id: 'eleven_multilingual_v2', file: mp3File(1000) },
      'el-key',
      400,
      'invalid_model_id',
    ],
    ['no file and no URL', { model_id: 'scribe_v2' }, 'el-key', 400, 'invalid_parameters'],
    [
      'a file and a URL',
      {
        model_id: 'scribe_v2',
        file: mp3File(1000),
        cloud_storage_url: 'https://example.com/a.mp3',
      },
      'el-key',
      400,
      'invalid_parameters',
    ],
    ['no model', { file: mp3File(1000) }, 'el-key', 422, undefined],
    [
      'a forced fault',
      { model_id: 'scribe_v2', file: mp3File(1000, 'voice [error:503].mp3') },
      'el-key',
      503,
      'sandbox_fault',
    ],
  ])('speech to text refuses %s', async (_label, fields, key, status, code) => {
    const res = await transcribe(fields as Record<string, string | File>, key);
    expect(res.status).toBe(status);
    if (code)
      expect(((await res.json()) as { detail: { status: string } }).detail.status).toBe(code);
  });
});
