import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resultPath, streamResultToStorage } from '../../functions/src/jobs/result-storage';
import { adminBucket, storageOrigin } from './jobs-support';
import { closeAdmin } from './support';

// A video or audio result goes from the provider's URL into the job's Storage file as it downloads
// (functions/src/jobs/result-storage.ts `streamResultToStorage`): what lands is the provider's file byte for
// byte, and past the size limit the upload is abandoned and no file is left. Its peak memory is measured by
// scripts/bench/job-memory.ts.

vi.setConfig({ testTimeout: 60_000 });
afterAll(closeAdmin);

const MB = 1024 * 1024;
/** An MP4's first bytes (a `ftyp` box), then `size` bytes in all of a repeating pattern. */
function mp4Chunks(size: number, chunk = 256 * 1024): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < size; at += chunk) {
    const b = Buffer.alloc(Math.min(chunk, size - at), at / chunk);
    if (at === 0) Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1').copy(b);
    out.push(b);
  }
  return out;
}

let server: Server;
let origin = '';
/** Each path's body, sent chunk by chunk with no content-length (as a provider's CDN may). */
const bodies = new Map<string, Buffer[]>();
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks = bodies.get(req.url ?? '');
    if (!chunks) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'video/mp4' });
    let i = 0;
    const next = () => {
      while (i < chunks.length) if (!res.write(chunks[i++]!)) return void res.once('drain', next);
      res.end();
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const options = (maxBytes: number) => ({
  fetch: globalThis.fetch,
  timeoutMs: 30_000,
  maxBytes,
  allowPlainHttp: true,
});

describe('a video result streamed into Storage', () => {
  it('lands byte for byte with its type, size and download token', async () => {
    const uid = `u${randomUUID().slice(0, 12)}`;
    const jobId = randomUUID();
    const chunks = mp4Chunks(12 * MB + 12_345);
    bodies.set(`/${jobId}.mp4`, chunks);
    const bucket = adminBucket();
    const result = await streamResultToStorage(
      { bucket, downloadOrigin: storageOrigin() },
      uid,
      jobId,
      `${origin}/${jobId}.mp4`,
      'video',
      options(64 * MB),
    );
    expect(result).toMatchObject({
      ok: true,
      stored: {
        path: resultPath(uid, jobId, 'mp4'),
        contentType: 'video/mp4',
        sizeBytes: 12 * MB + 12_345,
      },
    });
    if (!result.ok) return;
    const file = bucket.file(result.stored.path);
    const [bytes] = await file.download();
    const sha = (b: Buffer | Buffer[]) =>
      createHash('sha256')
        .update(Array.isArray(b) ? Buffer.concat(b) : b)
        .digest('hex');
    expect(sha(bytes)).toBe(sha(chunks));
    const [md] = await file.getMetadata();
    expect(md.contentType).toBe('video/mp4');
    expect(result.stored.downloadUrl).toContain(
      `token=${String(md.metadata?.firebaseStorageDownloadTokens)}`,
    );
  });

  it('past the size limit while streaming: refused as too large, and no file is left', async () => {
    const uid = `u${randomUUID().slice(0, 12)}`;
    const jobId = randomUUID();
    bodies.set(`/${jobId}.mp4`, mp4Chunks(6 * MB));
    const bucket = adminBucket();
    const result = await streamResultToStorage(
      { bucket, downloadOrigin: storageOrigin() },
      uid,
      jobId,
      `${origin}/${jobId}.mp4`,
      'video',
      options(2 * MB),
    );
    expect(result).toEqual({ ok: false, stage: 'download', reason: 'too large' });
    const [files] = await bucket.getFiles({ prefix: `${uid}/` });
    expect(files.map((f) => f.name)).toEqual([]);
  });

  it('a body that is not what its header says is refused before anything is written', async () => {
    const uid = `u${randomUUID().slice(0, 12)}`;
    const jobId = randomUUID();
    bodies.set(`/${jobId}.mp4`, [Buffer.alloc(64 * 1024, 7)]);
    const bucket = adminBucket();
    const result = await streamResultToStorage(
      { bucket, downloadOrigin: storageOrigin() },
      uid,
      jobId,
      `${origin}/${jobId}.mp4`,
      'video',
      options(2 * MB),
    );
    expect(result).toEqual({ ok: false, stage: 'download', reason: 'not a recognised file' });
    const [files] = await bucket.getFiles({ prefix: `${uid}/` });
    expect(files).toEqual([]);
  });
});
