import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage } from 'firebase-admin/storage';
import { storageFolders } from '@core/firestore-paths';
import type { GenerationType } from '@core/jobs';
import {
  isRetryableStatus,
  realSleep,
  retrying,
  type RetryDeps,
  type RetryPolicy,
} from '../lib/retry';
import { identifyMedia, type MediaInfo } from './media';

// A job's result file lives at the deterministic path {uid}/generations/{jobId}.{ext}, so a re-run after a
// crash finds what an earlier run uploaded instead of making a second copy. Files carry a Firebase download
// token; the record stores the token URL (works with the Storage emulator and production alike).

export type Bucket = ReturnType<Storage['bucket']>;

export interface StoredMedia {
  path: string;
  contentType: string;
  sizeBytes: number;
  downloadUrl: string;
  width?: number;
  height?: number;
}

export interface StorageDeps {
  bucket: Bucket;
  /** https://firebasestorage.googleapis.com, or the Storage emulator's origin (functions/src/config.ts). */
  downloadOrigin: string;
  /** How a save that failed in passing is tried again (STORAGE_RETRY, real sleep and clock by default). */
  retry?: Partial<RetryDeps>;
}

/** Saving a result: a few quick tries, well inside a job's lease. */
export const STORAGE_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 4000,
  maxTotalWaitMs: 10_000,
  retryWindowMs: 60_000,
};

const TRANSIENT_SOCKET_ERRORS = new Set([
  'EPIPE',
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
]);

/**
 * Whether a failed Storage write may succeed if sent again: the connection broke (a socket error code) or
 * the service answered 408, 429 or 5xx. Anything else (a refusal, a bad request) is final.
 */
export function isTransientStorageError(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  if (typeof code === 'string') return TRANSIENT_SOCKET_ERRORS.has(code);
  if (typeof code === 'number') return code === 408 || isRetryableStatus(code);
  return false;
}

/** One Storage call that may be sent again: after a passing failure (isTransientStorageError), under STORAGE_RETRY; anything else is thrown at once. */
async function storageCall<T>(
  deps: Pick<StorageDeps, 'retry'>,
  call: () => Promise<T>,
): Promise<T> {
  const done = await retrying(
    async () => {
      try {
        return { ok: true as const, value: await call() };
      } catch (error) {
        return { ok: false as const, error, retryable: isTransientStorageError(error) };
      }
    },
    { policy: STORAGE_RETRY, sleep: realSleep, now: Date.now, ...deps.retry },
  );
  if (!done.ok) throw done.error;
  return done.value;
}

export function resultPath(uid: string, jobId: string, ext: string): string {
  return `${uid}/${storageFolders.generations}/${jobId}.${ext}`;
}

/** A video's poster sits beside it; findStoredResult never takes it for the result ('poster.png' is no extension). */
export function posterPath(uid: string, jobId: string, ext: string): string {
  return `${uid}/${storageFolders.generations}/${jobId}.poster.${ext}`;
}

export function downloadUrl(origin: string, bucket: string, path: string, token: string): string {
  return `${origin}/v0/b/${bucket}/o/${encodeURIComponent(path)}?alt=media&token=${token}`;
}

type Metadata = {
  contentType?: string;
  size?: string | number;
  metadata?: Record<string, unknown> | null;
};

function storedFrom(deps: StorageDeps, path: string, md: Metadata, token: string): StoredMedia {
  const custom = md.metadata ?? {};
  const dim = (v: unknown) =>
    typeof v === 'string' && /^\d{1,5}$/.test(v) ? Number(v) : undefined;
  return {
    path,
    contentType: md.contentType ?? 'application/octet-stream',
    sizeBytes: Number(md.size ?? 0),
    downloadUrl: downloadUrl(deps.downloadOrigin, deps.bucket.name, path, token),
    width: dim(custom.width),
    height: dim(custom.height),
  };
}

/** The result an earlier run of this job uploaded, if any. */
export async function findStoredResult(
  deps: StorageDeps,
  uid: string,
  jobId: string,
  type: GenerationType,
): Promise<StoredMedia | undefined> {
  // A lookup only reads (and at most adds a token): the whole of it goes again after a broken connection
  // (seen: the Storage emulator's "socket hang up" on a loaded machine, which crashed the job).
  return storageCall(deps, () => lookUpStoredResult(deps, uid, jobId, type));
}

async function lookUpStoredResult(
  deps: StorageDeps,
  uid: string,
  jobId: string,
  type: GenerationType,
): Promise<StoredMedia | undefined> {
  const prefix = resultPath(uid, jobId, '');
  const [files] = await deps.bucket.getFiles({ prefix });
  const file = files.find((f) => /^[a-z0-9]{2,5}$/.test(f.name.slice(prefix.length)));
  if (!file) return undefined;
  const [md] = await file.getMetadata();
  if (!md.contentType?.startsWith(`${type}/`)) return undefined;
  const tokens = md.metadata?.firebaseStorageDownloadTokens;
  let token = typeof tokens === 'string' && tokens ? tokens.split(',')[0]! : undefined;
  if (!token) {
    token = randomUUID();
    await file.setMetadata({ metadata: { firebaseStorageDownloadTokens: token } });
  }
  return storedFrom(deps, file.name, md, token);
}

/** Uploads a result in one request (no partial object is ever visible) with a fresh download token. */
export async function storeResult(
  deps: StorageDeps,
  uid: string,
  jobId: string,
  bytes: Buffer,
  info: MediaInfo,
): Promise<StoredMedia> {
  return storeFile(deps, resultPath(uid, jobId, info.ext), bytes, info, jobId);
}

export async function storeFile(
  deps: StorageDeps,
  path: string,
  bytes: Buffer,
  info: MediaInfo,
  jobId: string,
): Promise<StoredMedia> {
  const token = randomUUID();
  const custom: Record<string, string> = { firebaseStorageDownloadTokens: token, jobId };
  if (info.width) custom.width = String(info.width);
  if (info.height) custom.height = String(info.height);
  // The path and the token are fixed before the first try, so a second try writes the same object: a
  // broken connection (seen: the Storage emulator's EPIPE on a loaded machine) is not the job's failure.
  await storageCall(deps, () =>
    deps.bucket.file(path).save(bytes, {
      resumable: false,
      contentType: info.contentType,
      metadata: { cacheControl: 'private, max-age=31536000', metadata: custom },
    }),
  );
  return {
    path,
    contentType: info.contentType,
    sizeBytes: bytes.length,
    downloadUrl: downloadUrl(deps.downloadOrigin, deps.bucket.name, path, token),
    width: info.width,
    height: info.height,
  };
}

export async function deleteStored(deps: Pick<StorageDeps, 'bucket'>, path: string): Promise<void> {
  await deps.bucket.file(path).delete({ ignoreNotFound: true });
}

export interface DownloadOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
  /** Only in the emulator (the sandbox is plain http); deployed functions fetch https only. */
  allowPlainHttp: boolean;
}

export type Download = { ok: true; bytes: Buffer; info: MediaInfo } | { ok: false; reason: string };

/** Opens a provider's result URL (no key: result URLs are signed) with every download's checks: the response to read, or why not. */
async function openResult(
  url: string,
  options: DownloadOptions,
): Promise<
  | { ok: true; response: Response & { body: ReadableStream<Uint8Array> } }
  | { ok: false; reason: string }
> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (parsed.protocol !== 'https:' && !(options.allowPlainHttp && parsed.protocol === 'http:'))
    return { ok: false, reason: `refused scheme ${parsed.protocol}` };
  let response: Response;
  try {
    response = await options.fetch(parsed, {
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'follow',
    });
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.name : 'network' };
  }
  const landed = response.url ? new URL(response.url).protocol : parsed.protocol;
  if (landed !== 'https:' && !(options.allowPlainHttp && landed === 'http:')) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, reason: `redirected to ${landed}` };
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, reason: `status ${response.status}` };
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > options.maxBytes) {
    await response.body.cancel().catch(() => undefined);
    return { ok: false, reason: 'too large' };
  }
  return { ok: true, response: response as Response & { body: ReadableStream<Uint8Array> } };
}

/** GETs a provider's result URL whole and checks it is what the job makes (images: their size is read from the bytes). */
export async function downloadResult(
  url: string,
  type: GenerationType,
  options: DownloadOptions,
): Promise<Download> {
  const opened = await openResult(url, options);
  if (!opened.ok) return opened;
  const { response } = opened;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > options.maxBytes) return { ok: false, reason: 'too large' };
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.name : 'read failed' };
  }
  const bytes = Buffer.concat(chunks);
  const info = identifyMedia(type, bytes, response.headers.get('content-type'));
  return info ? { ok: true, bytes, info } : { ok: false, reason: 'not a recognised file' };
}

/** Bytes enough to tell an audio or video container by its signature (identifyMedia). */
const SIGNATURE_BYTES = 16;

export type StreamedResult =
  { ok: true; stored: StoredMedia } | { ok: false; stage: 'download' | 'save'; reason: string };

/** The provider's side of a stream failed (a broken read, or past the size limit): not Storage's. */
class DownloadFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * An audio or video result streamed from the provider's URL into the job's Storage file as it downloads, so an
 * instance holds a chunk or two of it, never the whole file: its type is read from the header and the first
 * bytes, the size limit is held as the bytes come (past it, or on a broken read, the upload is abandoned and
 * the file removed), and one request writes the file (no partial object is ever visible). A passing Storage
 * failure starts it again from the URL.
 */
export async function streamResultToStorage(
  deps: StorageDeps,
  uid: string,
  jobId: string,
  url: string,
  type: 'audio' | 'video',
  options: DownloadOptions,
): Promise<StreamedResult> {
  return storageCall(deps, () => streamOnce(deps, uid, jobId, url, type, options));
}

async function streamOnce(
  deps: StorageDeps,
  uid: string,
  jobId: string,
  url: string,
  type: 'audio' | 'video',
  options: DownloadOptions,
): Promise<StreamedResult> {
  const opened = await openResult(url, options);
  if (!opened.ok) return { ok: false, stage: 'download', reason: opened.reason };
  const reader = opened.response.body.getReader();
  const read = async (): Promise<Uint8Array | null> => {
    try {
      const next = await reader.read();
      return next.done ? null : next.value;
    } catch (error) {
      throw new DownloadFailed(error instanceof Error ? error.name : 'read failed');
    }
  };
  let head = Buffer.alloc(0);
  let info: MediaInfo | undefined;
  try {
    while (head.length < SIGNATURE_BYTES) {
      const chunk = await read();
      if (!chunk) break;
      head = Buffer.concat([head, chunk]);
    }
    if (head.length > options.maxBytes) throw new DownloadFailed('too large');
    info = identifyMedia(type, head, opened.response.headers.get('content-type'));
    if (!info) throw new DownloadFailed('not a recognised file');
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    if (error instanceof DownloadFailed)
      return { ok: false, stage: 'download', reason: error.reason };
    throw error;
  }
  const path = resultPath(uid, jobId, info.ext);
  let size = head.length;
  async function* body(): AsyncGenerator<Uint8Array> {
    yield head;
    for (let chunk = await read(); chunk; chunk = await read()) {
      size += chunk.byteLength;
      if (size > options.maxBytes) throw new DownloadFailed('too large');
      yield chunk;
    }
  }
  const token = randomUUID();
  try {
    await pipeline(
      Readable.from(body()),
      deps.bucket.file(path).createWriteStream({
        resumable: false,
        contentType: info.contentType,
        metadata: {
          cacheControl: 'private, max-age=31536000',
          metadata: { firebaseStorageDownloadTokens: token, jobId },
        },
      }),
    );
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    // An abandoned one-request upload leaves no object; removed all the same, should one have been made.
    await deleteStored(deps, path).catch(() => undefined);
    if (error instanceof DownloadFailed)
      return { ok: false, stage: 'download', reason: error.reason };
    throw error;
  }
  return {
    ok: true,
    stored: {
      path,
      contentType: info.contentType,
      sizeBytes: size,
      downloadUrl: downloadUrl(deps.downloadOrigin, deps.bucket.name, path, token),
    },
  };
}
