import { afterAll, describe, expect, it, vi } from 'vitest';
import { countMp3Frames, mp3DurationMs } from '../sandbox/providers/mp3';
import { speechDurationMs } from '../sandbox/providers/elevenlabs';
import { sampleMp4 } from '../sandbox/providers/luma';
import {
  adminBucket,
  countOnceQuiet,
  elevenLabsCalls,
  filesOf,
  lumaGenerations,
  newMarker,
  readJob,
  startJob,
  userWithKey,
  waitForJob,
} from './jobs-support';
import { adminDb, callCallable, closeAdmin, signUp } from './support';

// Video, voiceover and music as jobs on the emulators, against the Luma and ElevenLabs sandboxes: the
// trigger runs each to a file in Storage and one library record. Faults are tags in the prompt or text.

vi.setConfig({ testTimeout: 120_000 });
afterAll(closeAdmin);

const LUMA_KEY = 'sandbox-luma-key-0001';
const ELEVEN_KEY = 'sandbox-elevenlabs-key-0001';
const RACHEL = '21m00Tcm4TlvDq8ikWAM';

async function generationsOf(uid: string) {
  return (await adminDb().collection(`users/${uid}/generations`).get()).docs.map(
    (d) => ({ id: d.id, ...d.data() }) as Record<string, unknown> & { id: string },
  );
}

async function download(path: string): Promise<Buffer> {
  return (await adminBucket().file(path).download())[0];
}

const seconds = (bytes: Buffer) => {
  const read = countMp3Frames(bytes);
  if (!read) throw new Error('not an MP3 made by the sandbox');
  return mp3DurationMs(read.frames, read.sampleRate) / 1000;
};

describe('video', () => {
  it('runs Luma ray-2 to an MP4 and its poster in Storage and one video record', async () => {
    const { uid, idToken } = await userWithKey('lumaai', LUMA_KEY);
    const marker = newMarker();
    const prompt = `A drone shot over sea cliffs at sunrise ${marker}`;
    const { requestId, result } = await startJob(idToken, 'video', { prompt, style: 'anime' });
    expect(result).toEqual({ jobId: requestId });
    const job = await waitForJob(uid, requestId);
    expect(job).toMatchObject({
      kind: 'video',
      status: 'succeeded',
      progress: 100,
      error: null,
      generationId: requestId,
    });
    expect(job.metrics).toMatchObject({
      bytes: (await sampleMp4()).length,
      readyToStoredMs: expect.any(Number),
    });

    const [record] = await generationsOf(uid);
    expect(record).toMatchObject({
      id: requestId,
      type: 'video',
      title: prompt.slice(0, 50),
      prompt,
      storagePath: `${uid}/generations/${requestId}.mp4`,
      thumbnailPath: `${uid}/generations/${requestId}.poster.png`,
      contentType: 'video/mp4',
      metadata: { model: 'ray-2', style: 'anime', providerPrompt: `${prompt}, anime style` },
    });
    expect(record!.thumbnailUrl).not.toBe(record!.originalUrl);
    expect((await download(record!.storagePath as string)).equals(await sampleMp4())).toBe(true);
    const served = await fetch(record!.originalUrl as string);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect((await fetch(record!.thumbnailUrl as string)).headers.get('content-type')).toBe(
      'image/png',
    );

    expect(await lumaGenerations(marker)).toEqual([
      expect.objectContaining({
        model: 'ray-2',
        prompt: `${prompt}, anime style`,
        state: 'completed',
        gets: 3,
      }),
    ]);

    // Deleting the record takes the poster with it.
    expect(
      (await callCallable('deleteGeneration', { generationId: requestId }, idToken)).result,
    ).toEqual({ deleted: true });
    expect(await filesOf(uid)).toEqual([]);
  });

  it.each([
    [
      'a failed generation',
      LUMA_KEY,
      '[error]',
      'provider_error',
      'Failed to generate video: Sandbox generation failed ([error] in the prompt)',
    ],
    [
      'a 500 on create',
      LUMA_KEY,
      '[submit-status:500]',
      'provider_error',
      'Failed to generate video',
    ],
    [
      'a refused key',
      'bad-key',
      '',
      'invalid_key',
      'Failed to generate video: Luma did not accept your API key. Update it in the Integrations page.',
    ],
    [
      'an account without credit',
      'no-credit-key',
      '',
      'no_credit',
      'Failed to generate video: your Luma account is out of credits. Add credits, then try again.',
    ],
    [
      'a video that cannot be fetched',
      LUMA_KEY,
      '[video-status:403] [pending:0]',
      'download_failed',
      'Failed to download video',
    ],
  ])(
    '%s fails the job with its message and leaves no record or file',
    async (_label, key, tags, code, message) => {
      const { uid, idToken } = await userWithKey('lumaai', key);
      const { requestId } = await startJob(idToken, 'video', { prompt: `a failing video ${tags}` });
      const job = await waitForJob(uid, requestId);
      expect(job).toMatchObject({ status: 'failed', error: { code, message }, generationId: null });
      expect(await generationsOf(uid)).toHaveLength(0);
      expect(await filesOf(uid)).toEqual([]);
      expect(JSON.stringify(job)).not.toContain(key === LUMA_KEY ? key : 'sandbox-luma');
    },
  );

  it('refuses to start without a Luma key, and a blank prompt, writing nothing', async () => {
    const { uid, idToken } = await signUp();
    expect((await startJob(idToken, 'video', { prompt: 'a wave' })).error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'Luma API key not found. Please add your API key in the Integrations page.',
      details: { reason: 'missing-key', provider: 'lumaai' },
    });
    expect((await startJob(idToken, 'video', { prompt: '   ' })).error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Please provide a prompt for the video',
    });
    expect((await startJob(idToken, 'video', { prompt: 'x', style: 'noir' })).error?.status).toBe(
      'INVALID_ARGUMENT',
    );
    expect((await adminDb().collection(`users/${uid}/jobs`).get()).size).toBe(0);
  });

  it('cancels a video job between polls: no record, no file, no more polls', async () => {
    const { uid, idToken } = await userWithKey('lumaai', LUMA_KEY);
    const marker = newMarker();
    const { requestId } = await startJob(idToken, 'video', {
      prompt: `a long one ${marker} [pending:120]`,
    });
    await waitForJob(uid, requestId, { until: (s) => s === 'running' });
    // 'running' is written before the job asks Luma: cancel once Luma has the generation, so there are polls to stop.
    while ((await lumaGenerations(marker)).length === 0)
      await new Promise((r) => setTimeout(r, 200));
    expect((await callCallable('cancelJob', { jobId: requestId }, idToken)).result).toEqual({
      status: 'cancelled',
    });
    // It stops at its next poll, long before the 120 polls that would finish the generation.
    expect(await countOnceQuiet(async () => (await lumaGenerations(marker))[0]!.gets)).toBeLessThan(
      120,
    );
    expect(await readJob(uid, requestId)).toMatchObject({ status: 'cancelled' });
    expect(await generationsOf(uid)).toHaveLength(0);
  });
});

describe('voiceover', () => {
  it('speaks the text with the chosen voice and model into an MP3 record as long as the text', async () => {
    const { uid, idToken } = await userWithKey('elevenlabs', ELEVEN_KEY);
    const marker = newMarker();
    const text = `Welcome to Muse Studio. Every idea deserves a voice ${marker}`;
    const { requestId } = await startJob(idToken, 'voiceover', {
      text,
      voiceId: RACHEL,
      modelId: 'eleven_turbo_v2',
    });
    const job = await waitForJob(uid, requestId);
    expect(job).toMatchObject({ kind: 'voiceover', status: 'succeeded', progress: 100 });
    const [record] = await generationsOf(uid);
    expect(record).toMatchObject({
      type: 'audio',
      title: text.slice(0, 50),
      prompt: text,
      storagePath: `${uid}/generations/${requestId}.mp3`,
      contentType: 'audio/mpeg',
      metadata: {
        kind: 'voiceover',
        voiceId: RACHEL,
        voiceName: 'Rachel',
        modelId: 'eleven_turbo_v2',
        characters: text.length,
      },
    });
    const bytes = await download(record!.storagePath as string);
    expect(job.metrics.bytes).toBe(bytes.length);
    expect(Math.abs(seconds(bytes) * 1000 - speechDurationMs(text))).toBeLessThan(27);
    expect(await elevenLabsCalls(marker)).toEqual([
      expect.objectContaining({
        kind: 'tts',
        voiceId: RACHEL,
        modelId: 'eleven_turbo_v2',
        status: 200,
      }),
    ]);
  });

  it('speaks with the default model and voice when the key no longer offers the chosen ones', async () => {
    const { uid, idToken } = await userWithKey('elevenlabs', ELEVEN_KEY);
    const marker = newMarker();
    const { requestId } = await startJob(idToken, 'voiceover', {
      text: `Hello there ${marker}`,
      voiceId: 'NotAVoice123',
      modelId: 'eleven_monolingual_v1',
    });
    expect(await waitForJob(uid, requestId)).toMatchObject({
      status: 'succeeded',
      input: { voiceId: RACHEL, modelId: 'eleven_multilingual_v2' },
    });
    expect(await elevenLabsCalls(marker)).toEqual([
      expect.objectContaining({
        kind: 'tts',
        voiceId: RACHEL,
        modelId: 'eleven_multilingual_v2',
        status: 200,
      }),
    ]);
  });

  it.each([
    [
      'a used-up quota',
      'no-credit-key',
      {},
      'no_credit',
      'Failed to generate voiceover: your ElevenLabs quota is used up. Add credits or wait for your quota to reset, then try again.',
    ],
    [
      'a 500',
      ELEVEN_KEY,
      { text: 'boom [error:500]' },
      'provider_error',
      'Failed to generate voiceover',
    ],
  ])('%s fails the job with its message', async (_label, key, override, code, message) => {
    const { uid, idToken } = await userWithKey('elevenlabs', key);
    const { requestId } = await startJob(idToken, 'voiceover', {
      text: 'Hello there',
      voiceId: RACHEL,
      modelId: 'eleven_multilingual_v2',
      ...override,
    });
    expect(await waitForJob(uid, requestId)).toMatchObject({
      status: 'failed',
      error: { code, message },
    });
    expect(await filesOf(uid)).toEqual([]);
  });

  it('refuses blank text with its message', async () => {
    const { idToken } = await userWithKey('elevenlabs', ELEVEN_KEY);
    expect(
      (
        await startJob(idToken, 'voiceover', {
          text: ' ',
          voiceId: RACHEL,
          modelId: 'eleven_multilingual_v2',
        })
      ).error,
    ).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Please provide text for the voiceover',
    });
  });
});

describe('music', () => {
  it('composes the asked length with the genre in the prompt into an MP3 record', async () => {
    const { uid, idToken } = await userWithKey('elevenlabs', ELEVEN_KEY);
    const marker = newMarker();
    const prompt = `Warm analog synth pads with slow arpeggios ${marker}`;
    const { requestId } = await startJob(idToken, 'music', {
      prompt,
      durationSeconds: 20,
      genre: 'electronic',
    });
    const job = await waitForJob(uid, requestId);
    expect(job).toMatchObject({ kind: 'music', status: 'succeeded', progress: 100 });
    const [record] = await generationsOf(uid);
    expect(record).toMatchObject({
      type: 'audio',
      title: prompt.slice(0, 50),
      contentType: 'audio/mpeg',
      metadata: { kind: 'music', genre: 'electronic', durationSeconds: 20, model: 'music_v1' },
    });
    expect(seconds(await download(record!.storagePath as string))).toBeCloseTo(20, 1);
    expect(await elevenLabsCalls(marker)).toEqual([
      expect.objectContaining({
        kind: 'music',
        text: `${prompt}. Genre: electronic.`,
        lengthMs: 20_000,
        status: 200,
      }),
    ]);
  });

  it('fails with its message on a provider error', async () => {
    const { uid, idToken } = await userWithKey('elevenlabs', ELEVEN_KEY);
    const { requestId } = await startJob(idToken, 'music', { prompt: 'noise [error:503]' });
    expect(await waitForJob(uid, requestId)).toMatchObject({
      status: 'failed',
      error: { code: 'provider_error', message: 'Failed to generate music' },
    });
  });

  it.each([
    [{ prompt: '' }, 'Please provide a prompt for the music'],
    [{ prompt: 'x', durationSeconds: 10 }, expect.any(String)],
    [{ prompt: 'x', durationSeconds: 121 }, expect.any(String)],
  ])('refuses %j', async (input, message) => {
    const { idToken } = await userWithKey('elevenlabs', ELEVEN_KEY);
    expect((await startJob(idToken, 'music', input)).error).toEqual({
      status: 'INVALID_ARGUMENT',
      message,
    });
  });
});
