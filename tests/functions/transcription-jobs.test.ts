import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { silentMp3 } from '../sandbox/providers/mp3';
import { sandboxTranscriptWords } from '../sandbox/providers/elevenlabs';
import { adminBucket, elevenLabsCalls, filesOf, newMarker, userWithKey, waitForJob } from './jobs-support';
import { adminDb, callCallable, closeAdmin, signUp } from './support';

// Transcription as a job on the emulators, against the ElevenLabs sandbox's speech to text: the words and
// their times land on the job's `result`; nothing else is stored.

vi.setConfig({ testTimeout: 120_000 });
afterAll(closeAdmin);

const ELEVEN_KEY = 'sandbox-elevenlabs-key-0001';

async function uploadMp3(uid: string, name: string, ms: number): Promise<string> {
  const path = `${uid}/uploads/${name}`;
  await adminBucket().file(path).save(silentMp3(ms), { resumable: false, contentType: 'audio/mpeg' });
  return path;
}

const transcribe = (idToken: string, input: Record<string, unknown>, requestId = randomUUID()) =>
  callCallable('startJob', { requestId, kind: 'transcription', input }, idToken).then((r) => ({ requestId, ...r }));

describe('transcription', () => {
  it('sends the file to ElevenLabs speech to text and puts the words with their times on the job', async () => {
    const { uid, idToken } = await userWithKey('elevenlabs', ELEVEN_KEY);
    const marker = newMarker();
    const path = await uploadMp3(uid, `voice-${marker}.mp3`, 4000);
    const { requestId, result } = await transcribe(idToken, { storagePath: path });
    expect(result).toEqual({ jobId: requestId });

    const job = await waitForJob(uid, requestId);
    expect(job).toMatchObject({ kind: 'transcription', status: 'succeeded', progress: 100, error: null, generationId: null });
    const words = sandboxTranscriptWords(4000);
    expect(words).toHaveLength(8);
    expect(job.result).toEqual({ text: words.map((w) => w.text).join(' '), languageCode: 'eng', words, model: 'scribe_v2' });

    expect(await elevenLabsCalls(marker)).toEqual([expect.objectContaining({ kind: 'stt', modelId: 'scribe_v2', status: 200 })]);
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
    await adminBucket().file(picture).save(Buffer.from('not audio'), { resumable: false, contentType: 'image/png' });

    const stolen = await transcribe(idToken, { storagePath: theirs });
    expect(stolen.error).toMatchObject({ status: 'PERMISSION_DENIED', message: 'You can only transcribe files from your own library' });
    const notMedia = await transcribe(idToken, { storagePath: picture });
    expect(notMedia.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect((await adminDb().collection(`users/${uid}/jobs`).get()).size).toBe(0);
  });

  it('a refused key fails the job with its message', async () => {
    const { uid, idToken } = await userWithKey('elevenlabs', 'bad-key');
    const path = await uploadMp3(uid, 'voice.mp3', 1000);
    const { requestId } = await transcribe(idToken, { storagePath: path });
    const job = await waitForJob(uid, requestId);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'invalid_key', message: 'Failed to transcribe: ElevenLabs did not accept your API key. Update it in the Integrations page.' } });
  });
});
