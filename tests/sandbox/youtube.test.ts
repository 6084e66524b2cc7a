import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YOUTUBE_CHUNK_MULTIPLE } from './providers/youtube';
import { startSandbox, type Sandbox } from './server';

// The YouTube sandbox's own rules (README.md, YouTube): the resumable protocol's answers and its strictness.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const TOTAL = 2 * YOUTUBE_CHUNK_MULTIPLE + 10;
const auth = { authorization: 'Bearer yt-token' };

async function openSession(
  metadata: Record<string, unknown> = {
    snippet: { title: 'Sandbox rules' },
    status: { privacyStatus: 'private' },
  },
  token = 'yt-token',
) {
  return fetch(
    `${sandbox.urls.google}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json; charset=UTF-8',
        'x-upload-content-length': String(TOTAL),
        'x-upload-content-type': 'video/mp4',
      },
      body: JSON.stringify(metadata),
    },
  );
}

const put = (uri: string, range: string, bytes = 0) =>
  fetch(uri, {
    method: 'PUT',
    headers: { ...auth, 'content-range': range },
    body: bytes ? new Uint8Array(bytes) : undefined,
  });

describe('YouTube sandbox: the resumable protocol', () => {
  it('opens a session (200, Location), answers 308 with the Range held, and 201 with the video at the end', async () => {
    const opened = await openSession();
    expect(opened.status).toBe(200);
    const uri = opened.headers.get('location')!;
    expect(uri).toMatch(/upload_id=/);

    const nothing = await put(uri, `bytes */${TOTAL}`);
    expect(nothing.status).toBe(308);
    expect(nothing.headers.get('range')).toBeNull();

    const first = await put(
      uri,
      `bytes 0-${YOUTUBE_CHUNK_MULTIPLE - 1}/${TOTAL}`,
      YOUTUBE_CHUNK_MULTIPLE,
    );
    expect([first.status, first.headers.get('range')]).toEqual([
      308,
      `bytes=0-${YOUTUBE_CHUNK_MULTIPLE - 1}`,
    ]);
    const last = await put(
      uri,
      `bytes ${YOUTUBE_CHUNK_MULTIPLE}-${TOTAL - 1}/${TOTAL}`,
      TOTAL - YOUTUBE_CHUNK_MULTIPLE,
    );
    expect(last.status).toBe(201);
    expect(await last.json()).toMatchObject({
      kind: 'youtube#video',
      snippet: { title: 'Sandbox rules' },
      status: { privacyStatus: 'private', uploadStatus: 'uploaded' },
    });

    const after = await put(uri, `bytes */${TOTAL}`);
    expect(after.status).toBe(200);
  });

  it.each([
    [
      'a chunk that is not a multiple of 256 KiB',
      `bytes 0-99/${TOTAL}`,
      100,
      /multiples of 262144/,
    ],
    [
      'a chunk that skips bytes the session does not hold',
      `bytes ${YOUTUBE_CHUNK_MULTIPLE}-${2 * YOUTUBE_CHUNK_MULTIPLE - 1}/${TOTAL}`,
      YOUTUBE_CHUNK_MULTIPLE,
      /resume from byte 0/,
    ],
    [
      'a total that differs from X-Upload-Content-Length',
      `bytes 0-${YOUTUBE_CHUNK_MULTIPLE - 1}/${TOTAL + 1}`,
      YOUTUBE_CHUNK_MULTIPLE,
      /does not match/,
    ],
  ])('refuses %s (400)', async (_case, range, bytes, message) => {
    const uri = (await openSession()).headers.get('location')!;
    const res = await put(uri, range, bytes);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
  });

  it('answers 404 for a session it does not know (an expired one)', async () => {
    const res = await put(
      `${sandbox.urls.google}/upload/youtube/v3/videos?uploadType=resumable&upload_id=nope`,
      `bytes */${TOTAL}`,
    );
    expect(res.status).toBe(404);
  });

  it.each([
    ['an empty title', { snippet: { title: ' ' } }, 'invalidTitle'],
    [
      'a < in the description',
      { snippet: { title: 'T', description: 'a<b' } },
      'invalidDescription',
    ],
    [
      'publishAt on a public video',
      {
        snippet: { title: 'T' },
        status: { privacyStatus: 'public', publishAt: '2099-01-01T00:00:00Z' },
      },
      'invalidPublishAt',
    ],
  ])('refuses %s with its reason', async (_case, metadata, reason) => {
    const res = await openSession(metadata);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 400, errors: [{ reason, domain: 'youtube.video' }] },
    });
  });

  it.each([
    ['expired-token', 401, 'authError'],
    ['quota-token', 403, 'quotaExceeded'],
    ['upload-limit-token', 400, 'uploadLimitExceeded'],
    ['readonly-token', 403, 'insufficientPermissions'],
  ])('token %s is refused with %i %s', async (token, status, reason) => {
    const res = await openSession(undefined, token);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error: { code: status, errors: [{ reason }] } });
  });
});
