import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { adminBucket } from './jobs-support';
import { adminDb, callCallable, closeAdmin, signUp } from './support';

// addLibraryFile on the emulators: the editor uploads to {uid}/uploads or renders a video to {uid}/renders,
// and this callable writes the library record (clients cannot write users/{uid}/generations).

afterAll(closeAdmin);

async function put(path: string, body: Buffer, contentType: string): Promise<void> {
  await adminBucket().file(path).save(body, { resumable: false, contentType });
}

async function generationsOf(uid: string) {
  return (await adminDb().collection(`users/${uid}/generations`).get()).docs;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const VIDEO = Buffer.from('00000018667479706d703432', 'hex');

describe('addLibraryFile', () => {
  it('records an uploaded image with a working download URL', async () => {
    const { uid, idToken } = await signUp();
    const id = randomUUID();
    const path = `${uid}/uploads/${id}.png`;
    await put(path, PNG, 'image/png');

    const res = await callCallable(
      'addLibraryFile',
      { storagePath: path, title: 'holiday.png' },
      idToken,
    );
    expect(res.error).toBeUndefined();
    expect(res.result).toEqual({
      generationId: `uploads_${id}_png`,
      type: 'image',
      url: expect.stringContaining(encodeURIComponent(path)),
    });

    const [record] = await generationsOf(uid);
    expect(record!.id).toBe(`uploads_${id}_png`);
    expect(record!.data()).toMatchObject({
      type: 'image',
      title: 'holiday.png',
      storagePath: path,
      contentType: 'image/png',
      sizeBytes: PNG.length,
      source: { kind: 'upload' },
    });
    const served = await fetch(record!.data().originalUrl as string);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('records a rendered video with its project, and a repeated call writes no second record', async () => {
    const { uid, idToken } = await signUp();
    const path = `${uid}/renders/${randomUUID()}.mp4`;
    await put(path, VIDEO, 'video/mp4');

    const first = await callCallable(
      'addLibraryFile',
      { storagePath: path, title: 'My trip', projectId: 'proj_1' },
      idToken,
    );
    const second = await callCallable(
      'addLibraryFile',
      { storagePath: path, title: 'My trip', projectId: 'proj_1' },
      idToken,
    );
    expect(second.result).toEqual(first.result);
    const docs = await generationsOf(uid);
    expect(docs).toHaveLength(1);
    expect(docs[0]!.data()).toMatchObject({
      type: 'video',
      title: 'My trip',
      source: { kind: 'render' },
      metadata: { projectId: 'proj_1' },
      thumbnailUrl: '',
    });
  });

  it.each([
    [
      'no session',
      (_uid: string) => ({ storagePath: `x/uploads/a.png` }),
      false,
      'UNAUTHENTICATED',
      'User not authenticated',
    ],
    [
      "another user's file",
      (_uid: string) => ({ storagePath: `someoneelse/uploads/a.png` }),
      true,
      'PERMISSION_DENIED',
      'You can only add your own files',
    ],
    [
      'a file outside uploads and renders',
      (uid: string) => ({ storagePath: `${uid}/generations/a.png` }),
      true,
      'INVALID_ARGUMENT',
      'Only uploaded or rendered files can be added',
    ],
    [
      'a path that climbs out',
      (uid: string) => ({ storagePath: `${uid}/uploads/../x.png` }),
      true,
      'INVALID_ARGUMENT',
      'Only uploaded or rendered files can be added',
    ],
    [
      'a missing file',
      (uid: string) => ({ storagePath: `${uid}/uploads/${randomUUID()}.png` }),
      true,
      'NOT_FOUND',
      'The uploaded file was not found',
    ],
    [
      'unknown fields',
      (uid: string) => ({ storagePath: `${uid}/uploads/a.png`, type: 'video' }),
      true,
      'INVALID_ARGUMENT',
      expect.any(String),
    ],
    ['no path', () => ({}), true, 'INVALID_ARGUMENT', 'A file path is required'],
  ])('refuses %s and writes nothing', async (_name, payload, signedIn, status, message) => {
    const { uid, idToken } = await signUp();
    const res = await callCallable('addLibraryFile', payload(uid), signedIn ? idToken : undefined);
    expect(res.error).toEqual({ status, message });
    expect(await generationsOf(uid)).toHaveLength(0);
  });

  it.each([
    ['a render that is not a video', 'renders', 'image/png'],
    ['an upload that is not media', 'uploads', 'application/pdf'],
    ['an SVG image, which would run its scripts when served', 'uploads', 'image/svg+xml'],
    ['an HTML page', 'uploads', 'text/html'],
  ])('refuses %s', async (_name, folder, contentType) => {
    const { uid, idToken } = await signUp();
    const path = `${uid}/${folder}/${randomUUID()}.bin`;
    await put(path, PNG, contentType);
    const res = await callCallable('addLibraryFile', { storagePath: path }, idToken);
    expect(res.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Only images, videos and audio can be added to the library',
    });
    expect(await generationsOf(uid)).toHaveLength(0);
    expect((await adminBucket().file(path).exists())[0]).toBe(false); // clients cannot delete it: the function does
  });

  const HTML = Buffer.from(
    '<!doctype html><html><body><script>fetch("/steal")</script></body></html>',
  );
  const WEBM = Buffer.from('1a45dfa39f4286810142f7810142f281', 'hex');
  it.each([
    ['an HTML page uploaded as a PNG', 'uploads', 'png', HTML, 'image/png'],
    ['a PNG uploaded as a JPEG', 'uploads', 'jpg', PNG, 'image/jpeg'],
    ['an HTML page uploaded as MP3 audio', 'uploads', 'mp3', HTML, 'audio/mpeg'],
    ['a WebM render stored as an MP4', 'renders', 'mp4', WEBM, 'video/mp4'],
  ])(
    'refuses %s, writes nothing and removes the file',
    async (_name, folder, ext, body, contentType) => {
      const { uid, idToken } = await signUp();
      const path = `${uid}/${folder}/${randomUUID()}.${ext}`;
      await put(path, body, contentType);
      const res = await callCallable('addLibraryFile', { storagePath: path }, idToken);
      expect(res.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: "The file's contents do not match its type",
      });
      expect(await generationsOf(uid)).toHaveLength(0);
      // Clients cannot delete uploads (storage.rules), so the refused bytes would stay for good.
      expect((await adminBucket().file(path).exists())[0]).toBe(false);
    },
  );

  it('keeps a file that backs a record, even when its bytes no longer pass', async () => {
    const { uid, idToken } = await signUp();
    const path = `${uid}/uploads/${randomUUID()}.png`;
    await put(path, PNG, 'image/png');
    expect(
      (await callCallable('addLibraryFile', { storagePath: path }, idToken)).error,
    ).toBeUndefined();
    await put(path, HTML, 'image/png');
    expect(
      (await callCallable('addLibraryFile', { storagePath: path }, idToken)).error,
    ).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect((await adminBucket().file(path).exists())[0]).toBe(true);
    expect(await generationsOf(uid)).toHaveLength(1);
  });

  it('gives t.png and t.mp4 a record each, and answers each with its own type', async () => {
    const { uid, idToken } = await signUp();
    const name = randomUUID();
    await put(`${uid}/uploads/${name}.png`, PNG, 'image/png');
    await put(`${uid}/uploads/${name}.mp4`, VIDEO, 'video/mp4');
    const image = await callCallable(
      'addLibraryFile',
      { storagePath: `${uid}/uploads/${name}.png` },
      idToken,
    );
    const video = await callCallable(
      'addLibraryFile',
      { storagePath: `${uid}/uploads/${name}.mp4` },
      idToken,
    );
    expect(image.result).toMatchObject({ type: 'image' });
    expect(video.result).toMatchObject({ type: 'video' });
    const records = await generationsOf(uid);
    expect(records.map((r) => [r.id, r.data().type, r.data().storagePath]).sort()).toEqual(
      [
        [
          (video.result as { generationId: string }).generationId,
          'video',
          `${uid}/uploads/${name}.mp4`,
        ],
        [
          (image.result as { generationId: string }).generationId,
          'image',
          `${uid}/uploads/${name}.png`,
        ],
      ].sort(),
    );
  });

  it('records a WebM render whose bytes are WebM', async () => {
    const { uid, idToken } = await signUp();
    const path = `${uid}/renders/${randomUUID()}.webm`;
    await put(path, WEBM, 'video/webm');
    const res = await callCallable(
      'addLibraryFile',
      { storagePath: path, title: 'Sea render' },
      idToken,
    );
    expect(res.error).toBeUndefined();
    expect((await generationsOf(uid))[0]!.data()).toMatchObject({
      type: 'video',
      contentType: 'video/webm',
    });
  });
});
