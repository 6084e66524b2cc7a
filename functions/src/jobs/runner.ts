import { randomUUID } from 'node:crypto';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { userCollectionPath } from '@core/firestore-paths';
import type { IntegrationType } from '@core/integrations';
import type { GenerationDoc, JobError, JobKind } from '@core/jobs';
import { unreadableKeyMessage } from '../integrations/messages';
import type { SecretRead } from '../integrations/secret-store';
import type { Clock } from '../lib/clock';
import { log } from '../lib/log';
import type { JobExecutor, ProviderCheckpoint } from './executor';
import { JobInterrupted } from './executor';
import { abandonedJobError, checkOwnership, claimPatch, decideClaim, failedPatch, heartbeatPatch, JOB_LEASE_MS, jobStateOf, succeededPatch, type Ownership, type RunResult } from './job-state';
import { identifyMedia } from './media';
import { runPublishJob, type PublishDeps } from '../social/publish-run';
import { PUBLISH_LEASE_MS } from '../social/publish-timing';
import { deleteStored, downloadResult, findStoredResult, posterPath, storeFile, storeResult, type Bucket, type StoredMedia } from './result-storage';

// Runs one job document to its end, for any kind (executors in ./kinds). Safe to call more than once for
// the same job: a live lease means another run is on it, a finished job runs nothing, an expired lease is
// taken over and the job resumed (its provider task polled again, or its uploaded file recorded).

// Each executor parses its own input, so the registry forgets the input types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Executors = Partial<Record<JobKind, JobExecutor<any>>>;

export interface RunnerDeps {
  db: Firestore;
  bucket: Bucket;
  downloadOrigin: string;
  fetch: typeof fetch;
  clock: Clock;
  readKey: (uid: string, type: IntegrationType) => Promise<SecretRead<string>>;
  executors: Executors;
  /** Emulator only: results may come from the plain-http sandbox. */
  allowPlainHttp: boolean;
  leaseMs?: number;
  downloadTimeoutMs?: number;
  maxResultBytes?: number;
  newRunId?: () => string;
  /** Publish jobs (kind 'publish'): credentials and platform publishers; without them such jobs fail. */
  publish?: PublishDeps;
}

const DOWNLOAD_TIMEOUT_MS = 30_000;
const MAX_RESULT_BYTES = 64 * 1024 * 1024;
const MAX_POSTER_BYTES = 10 * 1024 * 1024;
const UNAVAILABLE_KIND: JobError = { code: 'internal', message: 'This kind of generation is not available yet.' };

export function jobRef(db: Firestore, uid: string, jobId: string): DocumentReference {
  return db.doc(`${userCollectionPath(uid, 'jobs')}/${jobId}`);
}

export function generationRef(db: Firestore, uid: string, id: string): DocumentReference {
  return db.doc(`${userCollectionPath(uid, 'generations')}/${id}`);
}

export async function runJob(target: { uid: string; jobId: string }, deps: RunnerDeps): Promise<RunResult> {
  const { uid, jobId } = target;
  const { db } = deps;
  const ref = jobRef(db, uid, jobId);
  const runId = deps.newRunId?.() ?? randomUUID();
  const leaseMs = deps.leaseMs ?? JOB_LEASE_MS;
  // A publish run renews a shorter lease of its own (../social/publish-timing.ts PUBLISH_LEASE_MS).
  const publishLeaseMs = deps.publish?.leaseMs ?? PUBLISH_LEASE_MS;
  const now = () => deps.clock.now();

  const claim = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return { action: 'skip', reason: 'missing' } as const;
    const data = snap.data()!;
    const state = jobStateOf(data);
    const decision = decideClaim(state, now());
    if (decision.action === 'claim') tx.update(ref, claimPatch(state, runId, now(), data.kind === 'publish' ? publishLeaseMs : leaseMs, decision.resumed));
    if (decision.action === 'give_up') tx.update(ref, failedPatch(now(), abandonedJobError));
    return { ...decision, data, attempt: state.attempts + 1 };
  });
  const context = { uid, jobId, runId };
  if (claim.action === 'skip') {
    log.info('Job not run', { ...context, reason: claim.reason });
    return { outcome: 'skipped', reason: claim.reason };
  }
  if (claim.action === 'give_up') {
    log.warn('Job failed after repeated interruptions', context);
    return { outcome: 'failed', error: abandonedJobError };
  }

  const data = claim.data;
  const kind = data.kind as JobKind;
  Object.assign(context, { kind, attempt: claim.attempt });

  /** Applies a patch only while this run owns the job; otherwise throws JobInterrupted. */
  async function whileOwned(patch: (ownership: Ownership) => Record<string, unknown>): Promise<void> {
    const ownership = await db.runTransaction(async (tx) => {
      const o = checkOwnership(jobStateOf((await tx.get(ref)).data()), runId);
      if (o.owned) tx.update(ref, patch(o));
      return o;
    });
    if (!ownership.owned) throw new JobInterrupted(ownership.reason);
  }

  async function fail(error: JobError, extra: Record<string, unknown> = {}): Promise<RunResult> {
    try {
      await whileOwned(() => failedPatch(now(), error));
    } catch (e) {
      if (e instanceof JobInterrupted) return { outcome: 'stopped', reason: e.reason };
      throw e;
    }
    log.warn('Job failed', { ...context, code: error.code, ...extra });
    return { outcome: 'failed', error };
  }

  // A publish makes no library record: its own run (../social/publish-run.ts) takes over after the claim.
  if (kind === 'publish') {
    if (!deps.publish) return fail(UNAVAILABLE_KIND);
    return runPublishJob({ db, bucket: deps.bucket, clock: deps.clock, uid, jobId, runId, leaseMs: publishLeaseMs, jobRef: ref, input: data.input }, deps.publish);
  }

  const executor = deps.executors[kind] as JobExecutor<unknown> | undefined;
  if (!executor) return fail(UNAVAILABLE_KIND);
  let input: unknown;
  try {
    input = executor.parseInput(data.input);
  } catch {
    return fail({ code: 'invalid_input', message: executor.messages.failed });
  }

  /** Writes the library record and the job's success together; removes the file if that cannot happen. */
  async function record(stored: StoredMedia, resumed: boolean, metrics: Record<string, unknown>, poster?: StoredMedia): Promise<RunResult> {
    const fields = executor!.describe(input, stored);
    const genRef = generationRef(db, uid, jobId);
    const doc: GenerationDoc<Date> = {
      type: executor!.generationType,
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
      ownership = await db.runTransaction(async (tx) => {
        const o = checkOwnership(jobStateOf((await tx.get(ref)).data()), runId);
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
      return fail({ code: 'save_failed', message: executor!.messages.save });
    }
    if (!ownership.owned) {
      await removeUnlessUsed(stored.path);
      if (poster) await deleteStored(deps, poster.path).catch(() => undefined);
      log.info('Job ended elsewhere before its record was written', { ...context, reason: ownership.reason });
      return { outcome: 'stopped', reason: ownership.reason };
    }
    log.info('Job succeeded', { ...context, resumed, ...metrics });
    return { outcome: 'succeeded', generationId: genRef.id, resumed };
  }

  /** A kind that makes no file: its answer and the job's success in one write, while this run owns the job. */
  async function answer(result: Record<string, unknown>, resumed: boolean, metrics: Record<string, unknown>): Promise<RunResult> {
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
      const state = jobStateOf((await ref.get()).data());
      if (state.status === 'running' && state.runId !== runId) return;
      const existing = await generationRef(db, uid, jobId).get();
      if (existing.exists && existing.get('storagePath') === path) return;
      await deleteStored(deps, path);
    } catch (error) {
      log.error('Could not remove an unrecorded result file', { ...context, path, error: describeError(error) });
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
      return await storeFile(deps, posterPath(uid, jobId, downloaded.info.ext), downloaded.bytes, downloaded.info, jobId);
    } catch (error) {
      log.warn('Job poster upload failed', { ...context, error: describeError(error) });
      return undefined;
    }
  }

  try {
    // A run that crashed between upload and record left the file at the job's path: record it.
    const leftover = executor.resultOnly ? undefined : await findStoredResult(deps, uid, jobId, executor.generationType);
    if (leftover) return await record(leftover, true, { bytes: leftover.sizeBytes, resumedFromStorage: true });

    const key = await deps.readKey(uid, executor.integration);
    if (!key.found) return await fail({ code: 'missing_key', message: executor.messages.missingKey });
    if (!key.readable) return await fail({ code: 'invalid_key', message: unreadableKeyMessage(executor.integration) });

    const resume = checkpointOf(data, now());
    const started = Date.now();
    const outcome = await executor.execute({
      uid,
      jobId,
      input: input as never,
      apiKey: key.value,
      resume,
      checkpoint: (task) => whileOwned(() => ({ ...heartbeatPatch(now(), leaseMs, {}), providerJobId: task.providerJobId, providerPollingUrl: task.pollingUrl, submittedAt: new Date(task.submittedAt) })),
      report: (update) => whileOwned(() => heartbeatPatch(now(), leaseMs, update)),
      readUpload: (path) => readUpload(deps.bucket, uid, path),
      readMedia: (path) => readMedia(deps.bucket, uid, path),
    });
    if (!outcome.ok) return await fail(outcome.error);
    if ('result' in outcome) return await answer(outcome.result, resume !== null, { bytes: 0, providerMs: Date.now() - started });

    // Provider ready: fetch at once (its URLs expire), store, record.
    const readyAt = Date.now();
    await whileOwned(() => heartbeatPatch(now(), leaseMs, { progress: 95, statusText: 'Saving to your library' }));
    let bytes: Buffer;
    let info;
    if ('url' in outcome.media) {
      const downloaded = await downloadResult(outcome.media.url, executor.generationType, {
        fetch: deps.fetch,
        timeoutMs: deps.downloadTimeoutMs ?? DOWNLOAD_TIMEOUT_MS,
        maxBytes: deps.maxResultBytes ?? MAX_RESULT_BYTES,
        allowPlainHttp: deps.allowPlainHttp,
      });
      if (!downloaded.ok) return await fail({ code: 'download_failed', message: executor.messages.download }, { reason: downloaded.reason });
      ({ bytes, info } = downloaded);
    } else {
      bytes = outcome.media.bytes;
      const known = identifyMedia(executor.generationType, bytes, outcome.media.contentType);
      if (!known) return await fail({ code: 'download_failed', message: executor.messages.download }, { reason: 'not a recognised file' });
      info = known;
    }
    const downloadedAt = Date.now();
    let stored: StoredMedia;
    try {
      stored = await storeResult(deps, uid, jobId, bytes, info);
    } catch (error) {
      log.error('Job result upload failed', { ...context, error: describeError(error) });
      return await fail({ code: 'save_failed', message: executor.messages.save });
    }
    const uploadedAt = Date.now();
    const poster = 'url' in outcome.media && outcome.media.posterUrl ? await storePoster(outcome.media.posterUrl) : undefined;
    return await record(
      stored,
      resume !== null,
      {
        bytes: bytes.length,
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
    return fail({ code: 'internal', message: executor.messages.failed }).catch(() => ({ outcome: 'failed' as const, error: { code: 'internal', message: executor.messages.failed } }));
  }
}

function checkpointOf(data: Record<string, unknown>, now: Date): ProviderCheckpoint | null {
  const id = data.providerJobId;
  if (typeof id !== 'string' || !id) return null;
  const at = data.submittedAt as { toDate?: () => Date } | undefined;
  return {
    providerJobId: id,
    pollingUrl: typeof data.providerPollingUrl === 'string' ? data.providerPollingUrl : null,
    submittedAt: at?.toDate ? at.toDate().getTime() : now.getTime(),
  };
}

const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Only the caller's own uploads, whatever the stored input says (startJob checked it too). */
async function readUpload(bucket: Bucket, uid: string, path: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  if (!path.startsWith(`${uid}/uploads/`)) return undefined;
  const file = bucket.file(path);
  try {
    const [md] = await file.getMetadata();
    if (!md.contentType?.startsWith('image/') || Number(md.size ?? 0) > MAX_UPLOAD_BYTES) return undefined;
    const [bytes] = await file.download();
    return { bytes, contentType: md.contentType };
  } catch (error) {
    if ((error as { code?: number }).code === 404) return undefined;
    throw error;
  }
}

const MAX_MEDIA_BYTES = 50 * 1024 * 1024;

/** One of the caller's own audio or video files, whatever the stored input says (startJob checked it too). */
async function readMedia(bucket: Bucket, uid: string, path: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  if (!path.startsWith(`${uid}/`) || path.includes('..')) return undefined;
  const file = bucket.file(path);
  try {
    const [md] = await file.getMetadata();
    if (!/^(audio|video)\//.test(md.contentType ?? '') || Number(md.size ?? 0) > MAX_MEDIA_BYTES) return undefined;
    const [bytes] = await file.download();
    return { bytes, contentType: md.contentType! };
  } catch (error) {
    if ((error as { code?: number }).code === 404) return undefined;
    throw error;
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown';
}
