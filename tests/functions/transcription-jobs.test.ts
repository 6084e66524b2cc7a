import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { silentMp3 } from '../sandbox/providers/mp3';
import { sandboxTranscriptWords } from '../sandbox/providers/elevenlabs';
import type { OpenAiTranscriptionCall } from '../sandbox/providers/openai';
import { stackFetch } from '../support/transport-retry';
import {
  adminBucket,
  elevenLabsCalls,
  filesOf,
  newMarker,
  userWithKey,
  waitForJob,
} from './jobs-support';
import { sandboxUrl } from './integrations-support';
import { adminDb, callCallable, closeAdmin, signUp } from './support';

// Transcription as a job on the emulators, against the ElevenLabs sandbox's speech to text and the OpenAI
// sandbox's transcription: the words and their times land on the job's `result`; nothing else is stored.

vi.setConfig({ testTimeout: 120_000 });
afterAll(closeAdmin);

const ELEVEN_KEY = 'sandbox-elevenlabs-key-0001';
const OPENAI_KEY = 'sandbox-openai-key-0001';

/** The OpenAI sandbox's transcription calls for files whose name holds `marker`. */
async function openAiCalls(marker: string): Promise<OpenAiTranscriptionCall[]> {
  const { calls } = (await (
    await stackFetch(`${sandboxUrl('openai')}/__sandbox/openai/transcriptions`)
  ).json()) as { calls: OpenAiTranscriptionCall[] };
  return calls.filter((c) => c.fileName.includes(marker));
}

async function uploadMp3(uid: string, name: string, ms: number): Promise<string> {
  const path = `${uid}/uploads/${name}`;
  await adminBucket()
    .file(path)
    .save(silentMp3(ms), { resumable: false, contentType: 'audio/mpeg' });
  return path;
}

const transcribe = (idToken: string, input: Record<string, unknown>, requestId = randomUUID()) =>
  callCallable('startJob', { requestId, kind: 'transcription', input }, idToken).then((r) => ({
    requestId,
    ...r,
  }));

describe('transcription', () => {
  it('sends the file to ElevenLabs speech to text and puts the words with their times on the job', async () => {
    const { uid, idToken } = await userWithKey('elevenlabs', ELEVEN_KEY);
    const marker = newMarker();
    const path = await uploadMp3(uid, `voice-${marker}.mp3`, 4000);
    const { requestId, result } = await transcribe(idToken, { storagePath: path });
    expect(result).toEqual({ jobId: requestId });

    const job = await waitForJob(uid, requestId);
    expect(job).toMatchObject({
      kind: 'transcription',
      status: 'succeeded',
      progress: 100,
      error: null,
      generationId: null,
      input: { storagePath: path, provider: 'elevenlabs' },
    });
    const words = sandboxTranscriptWords(4000);
    expect(words).toHaveLength(8);
    expect(job.result).toEqual({
      text: words.map((w) => w.text).join(' '),
      languageCode: 'eng',
      words,
      model: 'scribe_v2',
    });

    expect(await elevenLabsCalls(marker)).toEqual([
      expect.objectContaining({ kind: 'stt', modelId: 'scribe_v2', status: 200 }),
    ]);
    // No library record and no new file: the upload is all there is.
    expect((await adminDb().collection(`users/${uid}/generations`).get()).size).toBe(0);
    expect(await filesOf(uid)).toEqual([path]);
  });

  it('refuses to start without an ElevenLabs key, with the catalogue message, and writes nothing', async () => {
    const { uid, idToken } = await signUp();
    const path = await uploadMp3(uid, 'voice.mp3', 1000);
    const { requestId, error } = await transcribe(idToken, { storagePath: path });
    expect(error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      message: 'ElevenLabs API key not found. Please add your API key in the Integrations page.',
      details: { reason: 'missing-key', provider: 'elevenlabs' },
    });
    expect((await adminDb().doc(`users/${uid}/jobs/${requestId}`).get()).exists).toBe(false);
  });

  it("refuses another user's file and a file that is not audio or video, before anything is written", async () => {
    const other = await signUp();
    const theirs = await uploadMp3(other.uid, 'theirs.mp3', 1000);
    const { uid, idToken } = await userWithKey('elevenlabs', ELEVEN_KEY);
    const picture = `${uid}/uploads/picture.png`;
    await adminBucket()
      .file(picture)
      .save(Buffer.from('not audio'), { resumable: false, contentType: 'image/png' });

    const stolen = await transcribe(idToken, { storagePath: theirs });
    expect(stolen.error).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: 'You can only transcribe files from your own library',
    });
    const notMedia = await transcribe(idToken, { storagePath: picture });
    expect(notMedia.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect((await adminDb().collection(`users/${uid}/jobs`).get()).size).toBe(0);
  });

  it('a refused key fails the job with its message', async () => {
    const { uid, idToken } = await userWithKey('elevenlabs', 'bad-key');
    const path = await uploadMp3(uid, 'voice.mp3', 1000);
    const { requestId } = await transcribe(idToken, { storagePath: path });
    const job = await waitForJob(uid, requestId);
    expect(job).toMatchObject({
      status: 'failed',
      error: {
        code: 'invalid_key',
        message:
          'Failed to transcribe: ElevenLabs did not accept your API key. Update it in the Integrations page.',
      },
    });
  });

  it('sends the file to OpenAI when the job names it: whisper-1 words with their times, and the model on the result', async () => {
    const { uid, idToken } = await userWithKey('openai', OPENAI_KEY);
    await callCallable('saveIntegrationKey', { type: 'elevenlabs', apiKey: ELEVEN_KEY }, idToken);
    const marker = newMarker();
    const path = await uploadMp3(uid, `voice-${marker}.mp3`, 3000);
    const { requestId, result } = await transcribe(idToken, {
      storagePath: path,
      provider: 'openai',
    });
    expect(result).toEqual({ jobId: requestId });

    const job = await waitForJob(uid, requestId);
    expect(job).toMatchObject({
      kind: 'transcription',
      status: 'succeeded',
      error: null,
      generationId: null,
      input: { storagePath: path, provider: 'openai' },
    });
    // Whisper's words carry no punctuation; its text does.
    const heard = sandboxTranscriptWords(3000);
    expect(job.result).toEqual({
      text: heard.map((w) => w.text).join(' '),
      languageCode: 'en',
      words: heard.map((w) => ({ ...w, text: w.text.replace(/\.$/, '') })),
      model: 'whisper-1',
    });
    expect(await openAiCalls(marker)).toEqual([
      expect.objectContaining({
        model: 'whisper-1',
        responseFormat: 'verbose_json',
        granularities: ['word'],
        status: 200,
      }),
    ]);
    expect(await elevenLabsCalls(marker)).toEqual([]);
    expect((await adminDb().collection(`users/${uid}/generations`).get()).size).toBe(0);
  });

  it('refuses OpenAI without an OpenAI key, naming that key, even with an ElevenLabs key saved', async () => {
    const { uid, idToken } = await userWithKey('elevenlabs', ELEVEN_KEY);
    const path = await uploadMp3(uid, 'voice.mp3', 1000);
    const { requestId, error } = await transcribe(idToken, {
      storagePath: path,
      provider: 'openai',
    });
    expect(error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      message: 'OpenAI API key not found. Please add your API key in the Integrations page.',
      details: { reason: 'missing-key', provider: 'openai' },
    });
    expect((await adminDb().doc(`users/${uid}/jobs/${requestId}`).get()).exists).toBe(false);
  });

  it("refuses a file over OpenAI's 25 MB before anything is written or sent", async () => {
    const { uid, idToken } = await userWithKey('openai', OPENAI_KEY);
    const marker = newMarker();
    const path = `${uid}/uploads/long-${marker}.wav`;
    await adminBucket()
      .file(path)
      .save(Buffer.alloc(25 * 1024 * 1024 + 1), { resumable: false, contentType: 'audio/wav' });
    const { requestId, error } = await transcribe(idToken, {
      storagePath: path,
      provider: 'openai',
    });
    expect(error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message:
        'Failed to transcribe: the file is larger than the 25 MB OpenAI transcribes at once. Transcribe a shorter clip, or choose ElevenLabs.',
    });
    expect((await adminDb().doc(`users/${uid}/jobs/${requestId}`).get()).exists).toBe(false);
    expect(await openAiCalls(marker)).toEqual([]);
  });

  it("fails the job with OpenAI's refusal: a refused key, and a file type it does not take", async () => {
    const refused = await userWithKey('openai', 'bad-key');
    const path = await uploadMp3(refused.uid, 'voice.mp3', 1000);
    const bad = await transcribe(refused.idToken, { storagePath: path, provider: 'openai' });
    expect(await waitForJob(refused.uid, bad.requestId)).toMatchObject({
      status: 'failed',
      error: {
        code: 'invalid_key',
        message:
          'Failed to transcribe: OpenAI did not accept your API key. Update it in the Integrations page.',
      },
    });

    const { uid, idToken } = await userWithKey('openai', OPENAI_KEY);
    const mov = `${uid}/uploads/clip.mov`;
    await adminBucket()
      .file(mov)
      .save(silentMp3(1000), { resumable: false, contentType: 'video/quicktime' });
    const wrongType = await transcribe(idToken, { storagePath: mov, provider: 'openai' });
    expect(await waitForJob(uid, wrongType.requestId)).toMatchObject({
      status: 'failed',
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(
          /^Failed to transcribe: Invalid file format\. Supported formats: \['flac'/,
        ),
      },
    });
  });
});
