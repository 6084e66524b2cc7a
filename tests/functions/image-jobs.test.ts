import { afterAll, describe, expect, it, vi } from 'vitest';
import { pngSize } from '../sandbox/providers/png';
import {
  adminBucket,
  bflSubmissions,
  countOnceQuiet,
  filesOf,
  imageInput,
  newMarker,
  readJob,
  SANDBOX_BFL_KEY,
  startImageJob,
  uploadPng,
  userWithBflKey,
  waitForJob,
} from './jobs-support';
import { adminDb, callCallable, closeAdmin, signUp } from './support';

// Image generation as a job, end to end on the emulators: startJob writes the job, the Firestore trigger
// runs it against the BFL sandbox, the result lands in Storage and in the library. Each test puts a marker
// in its prompt and counts its own provider calls, and plays faults through prompt tags, so nothing depends
// on who else uses the sandbox (tests/sandbox/README.md).

// A job waits for the emulator to deliver its trigger, and polls every second (the test stack's MUSE_JOB_POLL_MS).
vi.setConfig({ testTimeout: 120_000 });
afterAll(closeAdmin);

async function generationsOf(uid: string) {
  return (await adminDb().collection(`users/${uid}/generations`).get()).docs;
}

async function jobsOf(uid: string) {
  return (await adminDb().collection(`users/${uid}/jobs`).get()).docs;
}

describe('text to image', () => {
  it('runs to a library record and a PNG of the asked size in Storage, the page only following the job', async () => {
    const { uid, idToken } = await userWithBflKey();
    const marker = newMarker();
    const prompt = `A lighthouse at dusk over a calm sea, long exposure, warm light ${marker}`;
    const started = await startImageJob(idToken, imageInput({ prompt, style: 'watercolor' }));
    expect(started.result).toEqual({ jobId: started.requestId });

    const job = await waitForJob(uid, started.requestId);
    expect(job).toMatchObject({
      kind: 'image',
      status: 'succeeded',
      progress: 100,
      statusText: 'Done',
      error: null,
      generationId: started.requestId,
      attempts: 1,
    });
    expect(job.metrics).toMatchObject({
      bytes: expect.any(Number),
      readyToStoredMs: expect.any(Number),
    });

    const [record] = await generationsOf(uid);
    const path = `${uid}/generations/${started.requestId}.png`;
    expect(record!.id).toBe(started.requestId);
    expect(record!.data()).toMatchObject({
      type: 'image',
      title: prompt.slice(0, 50),
      prompt,
      storagePath: path,
      contentType: 'image/png',
      source: { kind: 'image', jobId: started.requestId },
      metadata: {
        width: 1024,
        height: 768,
        steps: 40,
        guidance: 2.5,
        model: 'flux-pro-1.1',
        promptUpsampling: false,
        ultraMode: false,
        rawMode: false,
        mode: 'text',
        style: 'watercolor',
      },
    });
    const data = record!.data();
    expect(data.thumbnailUrl).toBe(data.originalUrl);
    expect(data.originalUrl).toContain(encodeURIComponent(path));

    const [bytes] = await adminBucket().file(path).download();
    expect(pngSize(bytes)).toEqual({ width: 1024, height: 768 });
    expect(data.sizeBytes).toBe(bytes.length);
    // The record's URL serves the file itself, as the browser will load it.
    const served = await fetch(data.originalUrl as string);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    expect(await bflSubmissions(marker)).toEqual([
      expect.objectContaining({
        model: 'flux-pro-1.1',
        prompt: `${prompt}, watercolor style`,
        status: 200,
        polls: 2,
      }),
    ]);
    expect(JSON.stringify({ job, data })).not.toContain(SANDBOX_BFL_KEY);
  });

  it('is idempotent: the same requestId twice starts one job and one generation', async () => {
    const { uid, idToken } = await userWithBflKey();
    const marker = newMarker();
    const first = await startImageJob(idToken, imageInput({ prompt: `once ${marker}` }));
    const again = await startImageJob(
      idToken,
      imageInput({ prompt: `something else ${marker}` }),
      first.requestId,
    );
    expect(again.result).toEqual({ jobId: first.requestId });
    await waitForJob(uid, first.requestId);
    expect(await jobsOf(uid)).toHaveLength(1);
    expect(await generationsOf(uid)).toHaveLength(1);
    expect(await bflSubmissions(marker)).toHaveLength(1);
    // A call after the job ended still answers with the same job.
    expect((await startImageJob(idToken, imageInput(), first.requestId)).result).toEqual({
      jobId: first.requestId,
    });
  });

  it.each(['poll-malformed', 'poll-500'])(
    'survives failed polls ([%s:3]): each is retried, up to 3 times',
    async (fault) => {
      const { uid, idToken } = await userWithBflKey();
      const marker = newMarker();
      const { requestId } = await startImageJob(
        idToken,
        imageInput({ prompt: `a fox ${marker} [${fault}:3] [pending:0]` }),
      );
      expect(await waitForJob(uid, requestId)).toMatchObject({ status: 'succeeded' });
      expect(await bflSubmissions(marker)).toEqual([expect.objectContaining({ polls: 4 })]);
    },
  );
});

describe('image to image', () => {
  it('sends the uploaded input image to Kontext and stores the result in its size', async () => {
    const { uid, idToken } = await userWithBflKey();
    const inputImagePath = await uploadPng(uid, 'portrait.png', 640, 512);
    const marker = newMarker();
    const { requestId } = await startImageJob(idToken, {
      mode: 'image',
      prompt: '',
      negativePrompt: marker,
      inputImagePath,
      style: 'oil-painting',
    });
    expect(await waitForJob(uid, requestId)).toMatchObject({ status: 'succeeded' });
    const [record] = await generationsOf(uid);
    expect(record!.data()).toMatchObject({
      title: 'Image to image',
      prompt: '',
      metadata: { model: 'flux-kontext-pro', mode: 'image', width: 640, height: 512 },
    });
    expect(
      pngSize(
        (
          await adminBucket()
            .file(record!.data().storagePath as string)
            .download()
        )[0],
      ),
    ).toEqual({ width: 640, height: 512 });
    expect(await bflSubmissions(marker)).toEqual([
      expect.objectContaining({
        model: 'flux-kontext-pro',
        prompt: `Restyle this image in a oil painting style. Avoid: ${marker}`,
      }),
    ]);
  });

  it('uses the depth tool with a control image', async () => {
    const { uid, idToken } = await userWithBflKey();
    const controlImagePath = await uploadPng(uid, 'depth.png', 512, 512);
    const marker = newMarker();
    const { requestId } = await startImageJob(idToken, {
      mode: 'image',
      prompt: `a glass house ${marker}`,
      controlImagePath,
      controlType: 'depth',
    });
    expect(await waitForJob(uid, requestId)).toMatchObject({ status: 'succeeded' });
    expect((await generationsOf(uid))[0]!.data().metadata).toMatchObject({
      model: 'flux-pro-1.0-depth',
      controlType: 'depth',
      width: 512,
      height: 512,
    });
    expect(await bflSubmissions(marker)).toEqual([
      expect.objectContaining({ model: 'flux-pro-1.0-depth', status: 200 }),
    ]);
  });

  it("refuses another user's upload and writes nothing", async () => {
    const alice = await userWithBflKey();
    const bob = await userWithBflKey();
    const inputImagePath = await uploadPng(alice.uid, 'private.png', 512, 512);
    const marker = newMarker();
    const res = await startImageJob(bob.idToken, {
      mode: 'image',
      prompt: `steal ${marker}`,
      inputImagePath,
    });
    expect(res.error).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'You can only use images you uploaded.',
    });
    expect(await jobsOf(bob.uid)).toHaveLength(0);
    expect(await bflSubmissions(marker)).toHaveLength(0);
  });

  it('refuses an upload that does not exist', async () => {
    const { uid, idToken } = await userWithBflKey();
    const res = await startImageJob(idToken, {
      mode: 'image',
      prompt: '',
      inputImagePath: `${uid}/uploads/gone.png`,
    });
    expect(res.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Input image not found. Please upload it again.',
    });
    expect(await jobsOf(uid)).toHaveLength(0);
  });
});

describe('failures are stored on the job', () => {
  it('refuses to start without a BlackForest key, with its message, and writes nothing', async () => {
    const { uid, idToken } = await signUp();
    const res = await startImageJob(idToken, imageInput());
    expect(res.error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'BlackForest API key not found. Please add your API key in the Integrations page.',
      details: { reason: 'missing-key', provider: 'blackforest' },
    });
    expect(await jobsOf(uid)).toHaveLength(0);
  });

  it.each([
    [
      'a refused key',
      'bad-key',
      '',
      'invalid_key',
      'Failed to generate image: Black Forest Labs did not accept your API key. Update it in the Integrations page.',
    ],
    [
      'an account without credit',
      'no-credit-key',
      '',
      'no_credit',
      'Failed to generate image: your Black Forest Labs account is out of credits. Add credits, then try again.',
    ],
    [
      'a 500 on submit',
      SANDBOX_BFL_KEY,
      '[submit-status:500]',
      'provider_error',
      'Failed to generate image: sandbox submit fault 500',
    ],
    [
      'four failed polls in a row',
      SANDBOX_BFL_KEY,
      '[poll-500:4]',
      'provider_error',
      'Failed to get generation result: sandbox poll fault 500',
    ],
  ])(
    '%s fails the job with its message, and leaves no record or file',
    async (_label, key, tags, code, message) => {
      const { uid, idToken } = await userWithBflKey(key);
      const { requestId } = await startImageJob(
        idToken,
        imageInput({ prompt: `a failing one ${tags}` }),
      );
      const job = await waitForJob(uid, requestId);
      expect(job).toMatchObject({
        status: 'failed',
        error: { code, message },
        generationId: null,
        leaseExpiresAt: null,
      });
      expect(await generationsOf(uid)).toHaveLength(0);
      expect(await filesOf(uid)).toEqual([]);
      expect(JSON.stringify(job)).not.toContain(key);
    },
  );

  it.each([
    ['[error]', 'provider_error', 'Sandbox generation error ([error] in the prompt)'],
    [
      '[moderated]',
      'moderated',
      'Generation failed: Black Forest Labs blocked the result by content moderation. Try a different prompt.',
    ],
  ])('a result status from %s fails the job without retrying', async (tag, code, message) => {
    const { uid, idToken } = await userWithBflKey();
    const marker = newMarker();
    const { requestId } = await startImageJob(
      idToken,
      imageInput({ prompt: `a cat ${marker} ${tag}` }),
    );
    expect(await waitForJob(uid, requestId)).toMatchObject({
      status: 'failed',
      error: { code, message },
    });
    expect(await bflSubmissions(marker)).toEqual([expect.objectContaining({ polls: 2 })]);
  });

  it('fails with the download message when the sample cannot be fetched', async () => {
    const { uid, idToken } = await userWithBflKey();
    const { requestId } = await startImageJob(
      idToken,
      imageInput({ prompt: 'expired [sample-status:403] [pending:0]' }),
    );
    expect(await waitForJob(uid, requestId)).toMatchObject({
      status: 'failed',
      error: { code: 'download_failed', message: 'Failed to download image' },
    });
    expect(await filesOf(uid)).toEqual([]);
  });
});

describe('startJob input', () => {
  it.each([
    ['a width out of range', { input: imageInput({ width: 4096 }) }, 'Width must be at most 2048'],
    [
      'a width off the step',
      { input: imageInput({ width: 1000 }) },
      'Width must be a multiple of 64',
    ],
    [
      'neither prompt nor image',
      { input: imageInput({ prompt: '   ' }) },
      'Please provide either a prompt or an input image',
    ],
    ['an unknown field', { input: imageInput({ seed: 3 }) }, expect.stringMatching(/seed/)],
    [
      'an upload path outside uploads/',
      { input: imageInput({ mode: 'image', inputImagePath: 'someone/generations/x.png' }) },
      'Input images must be uploaded files',
    ],
    [
      'an unknown kind',
      { kind: 'sculpture' },
      'Unknown job kind. Use one of: image, video, voiceover, music, transcription',
    ],
    ['a requestId that is not a UUID', { requestId: 'job-1' }, expect.any(String)],
  ])('refuses %s with the schema message and writes nothing', async (_label, override, message) => {
    const { uid, idToken } = await userWithBflKey();
    const res = await callCallable(
      'startJob',
      { requestId: crypto.randomUUID(), kind: 'image', input: imageInput(), ...override },
      idToken,
    );
    expect(res.error).toEqual({ status: 'INVALID_ARGUMENT', message });
    expect(await jobsOf(uid)).toHaveLength(0);
  });

  it('needs a signed-in caller', async () => {
    const res = await callCallable('startJob', {
      requestId: crypto.randomUUID(),
      kind: 'image',
      input: imageInput(),
    });
    expect(res.error).toEqual({ status: 'UNAUTHENTICATED', message: 'User not authenticated' });
  });
});

describe('cancelJob', () => {
  it('cancels a running job: the run stops between polls and writes no record or file', async () => {
    const { uid, idToken } = await userWithBflKey();
    const marker = newMarker();
    const { requestId } = await startImageJob(
      idToken,
      imageInput({ prompt: `a slow one ${marker} [pending:55]` }),
    );
    await waitForJob(uid, requestId, { until: (s) => s === 'running' });
    const res = await callCallable('cancelJob', { jobId: requestId }, idToken);
    expect(res.result).toEqual({ status: 'cancelled' });
    // The run notices at its next poll (every second); after that it polls no more, well before the task's 55th poll would finish it.
    expect(await countOnceQuiet(async () => (await bflSubmissions(marker))[0]!.polls)).toBeLessThan(
      55,
    );
    expect(await readJob(uid, requestId)).toMatchObject({
      status: 'cancelled',
      error: { code: 'cancelled' },
      generationId: null,
    });
    expect(await generationsOf(uid)).toHaveLength(0);
    expect(await filesOf(uid)).toEqual([]);
  });

  it("leaves a finished job as it is, and refuses jobs that are not the caller's", async () => {
    const alice = await userWithBflKey();
    const { requestId } = await startImageJob(
      alice.idToken,
      imageInput({ prompt: 'quick [pending:0]' }),
    );
    await waitForJob(alice.uid, requestId);
    expect((await callCallable('cancelJob', { jobId: requestId }, alice.idToken)).result).toEqual({
      status: 'succeeded',
    });
    const bob = await signUp();
    expect((await callCallable('cancelJob', { jobId: requestId }, bob.idToken)).error).toEqual({
      status: 'NOT_FOUND',
      message: 'This generation no longer exists.',
    });
  });
});

describe('deleteGeneration', () => {
  it('removes the record and its file; deleting again is fine', async () => {
    const { uid, idToken } = await userWithBflKey();
    const { requestId } = await startImageJob(
      idToken,
      imageInput({ prompt: 'to delete [pending:0]' }),
    );
    await waitForJob(uid, requestId);
    expect(await filesOf(uid)).toEqual([`${uid}/generations/${requestId}.png`]);
    expect(
      (await callCallable('deleteGeneration', { generationId: requestId }, idToken)).result,
    ).toEqual({ deleted: true });
    expect(await generationsOf(uid)).toHaveLength(0);
    expect(await filesOf(uid)).toEqual([]);
    expect(
      (await callCallable('deleteGeneration', { generationId: requestId }, idToken)).result,
    ).toEqual({ deleted: true });
  });

  it("cannot touch another user's record", async () => {
    const alice = await userWithBflKey();
    const { requestId } = await startImageJob(
      alice.idToken,
      imageInput({ prompt: 'mine [pending:0]' }),
    );
    await waitForJob(alice.uid, requestId);
    const bob = await signUp();
    expect(
      (await callCallable('deleteGeneration', { generationId: requestId }, bob.idToken)).result,
    ).toEqual({ deleted: true });
    expect(await generationsOf(alice.uid)).toHaveLength(1);
    expect(await filesOf(alice.uid)).toHaveLength(1);
  });

  it('deletes a record whose file is already gone', async () => {
    const { uid, idToken } = await userWithBflKey();
    const { requestId } = await startImageJob(
      idToken,
      imageInput({ prompt: 'orphan [pending:0]' }),
    );
    await waitForJob(uid, requestId);
    await adminBucket().file(`${uid}/generations/${requestId}.png`).delete();
    expect(
      (await callCallable('deleteGeneration', { generationId: requestId }, idToken)).result,
    ).toEqual({ deleted: true });
    expect(await generationsOf(uid)).toHaveLength(0);
  });

  it('refuses a malformed id', async () => {
    const { idToken } = await signUp();
    expect(
      (await callCallable('deleteGeneration', { generationId: '../x' }, idToken)).error,
    ).toEqual({ status: 'INVALID_ARGUMENT', message: 'Generation id is not valid' });
  });
});
