import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { userCollectionPath } from '@core/firestore-paths';
import type { IntegrationType } from '@core/integrations';
import type { StoredJob } from '@core/data/job';
import type { GenerationDoc, JobError, JobKind } from '@core/jobs';
import { unreadableKeyMessage } from '../integrations/messages';
import type { SecretRead } from '../integrations/secret-store';
import { log } from '../lib/log';
import type { JobExecutor, ProviderCheckpoint } from './executor';
import { JobInterrupted, neededKey } from './executor';
import {
  checkOwnership,
  jobConverter,
  succeededPatch,
  type Ownership,
  type RunResult,
} from './job-state';
import type { JobHandler, JobHandlers, LeasedRun } from './lease';
import { identifyMedia } from './media';
import {
  deleteStored,
  downloadResult,
  findStoredResult,
  posterPath,
  storeFile,
  storeResult,
  streamResultToStorage,
  type Bucket,
  type StoredMedia,
} from './result-storage';
import { runTransaction } from '../lib/transaction';

// The run of a generation kind (executors in ./kinds), registered as one JobHandler per kind
// (generationHandlers): once the lease is held (./lease.ts), it checks the key, has the executor talk to its
// provider, copies the result into Storage at once (provider URLs expire) and writes the library record and
// the job's end in one transaction. A run that takes an expired lease over resumes the job (its provider task
// polled again, or its uploaded file recorded).

// Each executor parses its own input, so the registry forgets the input types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Executors = Partial<Record<JobKind, JobExecutor<any>>>;

export interface GenerationDeps {
  bucket: Bucket;
  downloadOrigin: string;
  fetch: typeof fetch;
  readKey: (uid: string, type: IntegrationType) => Promise<SecretRead<string>>;
  executors: Executors;
  /** Emulator only: results may come from the plain-http sandbox. */
  allowPlainHttp: boolean;
  /** The lease a generation run holds (JOB_LEASE_MS when omitted). */
  leaseMs?: number;
  downloadTimeoutMs?: number;
  maxResultBytes?: number;
}

const DOWNLOAD_TIMEOUT_MS = 30_000;
const MAX_RESULT_BYTES = 64 * 1024 * 1024;
const MAX_POSTER_BYTES = 10 * 1024 * 1024;

export function generationRef(db: Firestore, uid: string, id: string): DocumentReference {
  return db.doc(`${userCollectionPath(uid, 'generations')}/${id}`);
}

/** One handler per executor: every generation kind runs the same way, its executor says what differs. */
export function generationHandlers(deps: GenerationDeps): JobHandlers {
  const handlers: JobHandlers = {};
  for (const [kind, executor] of Object.entries(deps.executors) as [
    JobKind,
    JobExecutor<unknown> | undefined,
  ][]) {
    if (executor) handlers[kind] = generationHandler(executor, deps);
  }
  return handlers;
}

function generationHandler(executor: JobExecutor<unknown>, deps: GenerationDeps): JobHandler {
  return {
    ...(deps.leaseMs === undefined ? {} : { leaseMs: deps.leaseMs }),
    run: (run) => runGeneration(run, executor, deps),
  };
}

async function runGeneration(
  run: LeasedRun,
  executor: JobExecutor<unknown>,
  deps: GenerationDeps,
): Promise<RunResult> {
  const { db, uid, jobId, runId, kind, data, lease } = run;
  const ref = lease.ref;
  const now = () => run.clock.now();
  const context = lease.context;
  const whileOwned = (patch: (ownership: Ownership) => Record<string, unknown>) =>
    lease.whileOwned(patch);
  const fail = (error: JobError, extra: Record<string, unknown> = {}) => lease.fail(error, extra);

  let input: unknown;
  try {
    input = executor.parseInput(data.input);
  } catch {
    return fail({ code: 'invalid_input', message: executor.messages.failed });
  }

  /** Writes the library record and the job's success together; removes the file if that cannot happen. */
  async function record(
    stored: StoredMedia,
    resumed: boolean,
    metrics: Record<string, unknown>,
    poster?: StoredMedia,
  ): Promise<RunResult> {
    const fields = executor.describe(input, stored);
    const genRef = generationRef(db, uid, jobId);
    const doc: GenerationDoc<Date> = {
      type: executor.generationType,
      title: fields.title,
      prompt: fields.prompt,
      storagePath: stored.path,
      thumbnailUrl: poster?.downloadUrl ?? stored.downloadUrl,
      ...(poster ? { thumbnailPath: poster.path } : {}),
      originalUrl: stored.downloadUrl,
      contentType: stored.contentType,
      sizeBytes: stored.sizeBytes,
      source: { kind, jobId },
      createdAt: now(),
      metadata: fields.metadata,
    };
    let ownership: Ownership;
    try {
      ownership = await runTransaction(db, async (tx) => {
        const o = checkOwnership((await tx.get(ref.withConverter(jobConverter))).data(), runId);
        if (!o.owned) return o;
        const existing = await tx.get(genRef);
        // Never two records: one already written for this job (it cannot be, while we own the job) is kept.
        if (!existing.exists) tx.create(genRef, doc);
        tx.update(ref, { ...succeededPatch(now(), genRef.id), metrics });
        return o;
      });
    } catch (error) {
      log.error('Job record write failed', { ...context, error: describeError(error) });
      await removeUnlessUsed(stored.path);
      if (poster) await deleteStored(deps, poster.path).catch(() => undefined);
      return fail({ code: 'save_failed', message: executor.messages.save });
    }
    if (!ownership.owned) {
      await removeUnlessUsed(stored.path);
      if (poster) await deleteStored(deps, poster.path).catch(() => undefined);
      log.info('Job ended elsewhere before its record was written', {
        ...context,
        reason: ownership.reason,
      });
      return { outcome: 'stopped', reason: ownership.reason };
    }
    log.info('Job succeeded', { ...context, resumed, ...metrics });
    return { outcome: 'succeeded', generationId: genRef.id, resumed };
  }

  /** A kind that makes no file: its answer and the job's success in one write, while this run owns the job. */
  async function answer(
    result: Record<string, unknown>,
    resumed: boolean,
    metrics: Record<string, unknown>,
  ): Promise<RunResult> {
    await whileOwned(() => ({ ...succeededPatch(now(), null), result, metrics }));
    log.info('Job succeeded', { ...context, resumed, ...metrics });
    return { outcome: 'succeeded', generationId: null, resumed };
  }

  /**
   * After a record could not be written: the uploaded file goes, unless another run took the job over
   * (it will record the same file) or a record of this job points at it.
   */
  async function removeUnlessUsed(path: string): Promise<void> {
    try {
      const state = (await ref.withConverter(jobConverter).get()).data();
      if (state?.status === 'running' && state.runId !== runId) return;
      const existing = await generationRef(db, uid, jobId).get();
      if (existing.exists && existing.get('storagePath') === path) return;
      await deleteStored(deps, path);
    } catch (error) {
      log.error('Could not remove an unrecorded result file', {
        ...context,
        path,
        error: describeError(error),
      });
    }
  }

  /** A video's poster, best effort: without one the record simply has no separate thumbnail. */
  async function storePoster(url: string): Promise<StoredMedia | undefined> {
    const downloaded = await downloadResult(url, 'image', {
      fetch: deps.fetch,
      timeoutMs: deps.downloadTimeoutMs ?? DOWNLOAD_TIMEOUT_MS,
      maxBytes: MAX_POSTER_BYTES,
      allowPlainHttp: deps.allowPlainHttp,
    });
    if (!downloaded.ok) {
      log.warn('Job poster not stored', { ...context, reason: downloaded.reason });
      return undefined;
    }
    try {
      return await storeFile(
        deps,
        posterPath(uid, jobId, downloaded.info.ext),
        downloaded.bytes,
        downloaded.info,
        jobId,
      );
    } catch (error) {
      log.warn('Job poster upload failed', { ...context, error: describeError(error) });
      return undefined;
    }
  }

  try {
    // A run that crashed between upload and record left the file at the job's path: record it.
    const leftover = executor.resultOnly
      ? undefined
      : await findStoredResult(deps, uid, jobId, executor.generationType);
    if (leftover)
      return await record(leftover, true, { bytes: leftover.sizeBytes, resumedFromStorage: true });

    const needed = neededKey(executor, input);
    const key = await deps.readKey(uid, needed.integration);
    if (!key.found) return await fail({ code: 'missing_key', message: needed.missingKey });
    if (!key.readable)
      return await fail({ code: 'invalid_key', message: unreadableKeyMessage(needed.integration) });

    const resume = checkpointOf(data, now());
    const started = Date.now();
    const outcome = await executor.execute({
      uid,
      jobId,
      input: input as never,
      apiKey: key.value,
      resume,
      checkpoint: (task) =>
        whileOwned(() => ({
          ...lease.heartbeat(now(), {}),
          providerJobId: task.providerJobId,
          providerPollingUrl: task.pollingUrl,
          submittedAt: new Date(task.submittedAt),
        })),
      report: (update) => whileOwned(() => lease.heartbeat(now(), update)),
      readUpload: (path) => readUpload(deps.bucket, uid, path),
      readMedia: (path) => readMedia(deps.bucket, uid, path),
    });
    if (!outcome.ok) return await fail(outcome.error);
    if ('result' in outcome)
      return await answer(outcome.result, resume !== null, {
        bytes: 0,
        providerMs: Date.now() - started,
      });

    // Provider ready: fetch at once (its URLs expire), store, record.
    const readyAt = Date.now();
    await whileOwned(() =>
      lease.heartbeat(now(), { progress: 95, statusText: 'Saving to your library' }),
    );
    let stored: StoredMedia;
    let downloadedAt: number;
    if ('url' in outcome.media && executor.generationType !== 'image') {
      // Audio and video go from the provider's URL into Storage as they come (up to 64 MB, never whole in
      // memory); an image is read whole, its size read from its bytes.
      const streamed = await streamResultToStorage(
        deps,
        uid,
        jobId,
        outcome.media.url,
        executor.generationType,
        {
          fetch: deps.fetch,
          timeoutMs: deps.downloadTimeoutMs ?? DOWNLOAD_TIMEOUT_MS,
          maxBytes: deps.maxResultBytes ?? MAX_RESULT_BYTES,
          allowPlainHttp: deps.allowPlainHttp,
        },
      ).catch((error: unknown) => {
        log.error('Job result upload failed', { ...context, error: describeError(error) });
        return { ok: false as const, stage: 'save' as const, reason: 'upload failed' };
      });
      if (!streamed.ok)
        return streamed.stage === 'download'
          ? await fail(
              { code: 'download_failed', message: executor.messages.download },
              { reason: streamed.reason },
            )
          : await fail({ code: 'save_failed', message: executor.messages.save });
      stored = streamed.stored;
      downloadedAt = Date.now();
    } else {
      let bytes: Buffer;
      let info;
      if ('url' in outcome.media) {
        const downloaded = await downloadResult(outcome.media.url, executor.generationType, {
          fetch: deps.fetch,
          timeoutMs: deps.downloadTimeoutMs ?? DOWNLOAD_TIMEOUT_MS,
          maxBytes: deps.maxResultBytes ?? MAX_RESULT_BYTES,
          allowPlainHttp: deps.allowPlainHttp,
        });
        if (!downloaded.ok)
          return await fail(
            { code: 'download_failed', message: executor.messages.download },
            { reason: downloaded.reason },
          );
        ({ bytes, info } = downloaded);
      } else {
        bytes = outcome.media.bytes;
        const known = identifyMedia(executor.generationType, bytes, outcome.media.contentType);
        if (!known)
          return await fail(
            { code: 'download_failed', message: executor.messages.download },
            { reason: 'not a recognised file' },
          );
        info = known;
      }
      downloadedAt = Date.now();
      try {
        stored = await storeResult(deps, uid, jobId, bytes, info);
      } catch (error) {
        log.error('Job result upload failed', { ...context, error: describeError(error) });
        return await fail({ code: 'save_failed', message: executor.messages.save });
      }
    }
    const uploadedAt = Date.now();
    const poster =
      'url' in outcome.media && outcome.media.posterUrl
        ? await storePoster(outcome.media.posterUrl)
        : undefined;
    return await record(
      stored,
      resume !== null,
      {
        bytes: stored.sizeBytes,
        providerMs: readyAt - started,
        downloadMs: downloadedAt - readyAt,
        uploadMs: uploadedAt - downloadedAt,
        readyToStoredMs: uploadedAt - readyAt,
      },
      poster,
    );
  } catch (error) {
    if (error instanceof JobInterrupted) {
      log.info('Job stopped', { ...context, reason: error.reason });
      return { outcome: 'stopped', reason: error.reason };
    }
    log.error('Job crashed', { ...context, error: describeError(error) });
    return fail({ code: 'internal', message: executor.messages.failed }).catch(() => ({
      outcome: 'failed' as const,
      error: { code: 'internal', message: executor.messages.failed },
    }));
  }
}

/** Where a resumed run continues: the provider's task the job recorded, or null when it recorded none. */
function checkpointOf(job: StoredJob, now: Date): ProviderCheckpoint | null {
  if (!job.providerJobId) return null;
  return {
    providerJobId: job.providerJobId,
    pollingUrl: job.providerPollingUrl,
    submittedAt: (job.submittedAt ?? now).getTime(),
  };
}

const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Only the caller's own uploads, whatever the stored input says (startJob checked it too). */
async function readUpload(
  bucket: Bucket,
  uid: string,
  path: string,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  if (!path.startsWith(`${uid}/uploads/`)) return undefined;
  const file = bucket.file(path);
  try {
    const [md] = await file.getMetadata();
    if (!md.contentType?.startsWith('image/') || Number(md.size ?? 0) > MAX_UPLOAD_BYTES)
      return undefined;
    const [bytes] = await file.download();
    return { bytes, contentType: md.contentType };
  } catch (error) {
    if ((error as { code?: number }).code === 404) return undefined;
    throw error;
  }
}

const MAX_MEDIA_BYTES = 50 * 1024 * 1024;

/** One of the caller's own audio or video files, whatever the stored input says (startJob checked it too). */
export async function readMedia(
  bucket: Bucket,
  uid: string,
  path: string,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  if (!path.startsWith(`${uid}/`) || path.includes('..')) return undefined;
  const file = bucket.file(path);
  try {
    const [md] = await file.getMetadata();
    if (!/^(audio|video)\//.test(md.contentType ?? '') || Number(md.size ?? 0) > MAX_MEDIA_BYTES)
      return undefined;
    // Read into one buffer of the file's size (download() gathers the chunks, then copies them all).
    const bytes = Buffer.allocUnsafe(Number(md.size ?? 0));
    let at = 0;
    for await (const chunk of file.createReadStream() as AsyncIterable<Buffer>) {
      if (at + chunk.length > bytes.length) throw new Error('The file changed while it was read');
      chunk.copy(bytes, at);
      at += chunk.length;
    }
    return { bytes: bytes.subarray(0, at), contentType: md.contentType! };
  } catch (error) {
    if ((error as { code?: number }).code === 404) return undefined;
    throw error;
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown';
}
