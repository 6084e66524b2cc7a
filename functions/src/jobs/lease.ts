import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { userCollectionPath } from '@core/firestore-paths';
import type { StoredJob } from '@core/data/job';
import type { JobError, JobKind } from '@core/jobs';
import type { Clock } from '../lib/clock';
import { log } from '../lib/log';
import { JobInterrupted } from './executor';
import {
  abandonedJobError,
  checkOwnership,
  claimPatch,
  decideClaim,
  failedPatch,
  heartbeatPatch,
  JOB_LEASE_MS,
  jobConverter,
  type Ownership,
  type RunResult,
} from './job-state';
import { runTransaction } from '../lib/transaction';

// The job lease, for every kind: the claim, the heartbeat, the ownership check and the end. What a kind
// does while it holds the lease is its handler's (JobHandler below): generations (./generation-run.ts) and
// publishing (functions/src/social/publish-job.ts) register theirs in one record
// (functions/src/job-handlers.ts), which the runner, the sweep and cancelJob read. This module and the
// registration types are all that other features import from jobs/ (the lint holds it:
// .dependency-cruiser.cjs).

export {
  failedPatch,
  heartbeatPatch,
  queuedJob,
  type Ownership,
  type RunResult,
} from './job-state';

export function jobRef(db: Firestore, uid: string, jobId: string): DocumentReference {
  return db.doc(`${userCollectionPath(uid, 'jobs')}/${jobId}`);
}

/** What a handler is given once its run holds the job's lease. */
export interface LeasedRun {
  db: Firestore;
  clock: Clock;
  uid: string;
  jobId: string;
  runId: string;
  kind: JobKind;
  /** The claimed job document as the claim read it (core/data/job.ts; its stored input is `data.input`). */
  data: StoredJob;
  /** The claim that started this run: 1 for the first. */
  attempt: number;
  lease: JobLease;
  /** What the handler's `begin` answered in the claim's transaction (undefined without a `begin`). */
  begun?: unknown;
}

/** A job being claimed, as a handler's `begin` sees it inside the claim's transaction. */
export interface ClaimingJob {
  ref: DocumentReference;
  runId: string;
  data: StoredJob;
  now: Date;
  leaseMs: number;
}

/** A handler's start, made in the claim's transaction: its answer for `run`, and fields for the job's claim write. */
export interface Begun {
  value: unknown;
  /** Merged into the claim's own update of the job (a transaction writes the job once). */
  jobPatch?: Record<string, unknown>;
}

/** A job that nobody runs any more, as the sweep found it (in its transaction). */
export interface AbandonedJob {
  ref: DocumentReference;
  input: unknown;
  /** Whether a run ever claimed it: false when it waited queued for its kind's queued timeout (its trigger never came). */
  claimed: boolean;
  /** When the job was made. */
  createdAt: Date | null;
}

/** What a kind does when the sweep ends its abandoned job: the job's error, and writes read before it (transactions read first). */
export interface AbandonedEnding {
  /** The job's error (the generic timeout when omitted). */
  error?: JobError;
  /** The kind started its work again under a new job (reported by the sweep as restarted). */
  restarted: boolean;
  /** Writes applied in the sweep's transaction after the job's. */
  write(): void;
}

/** A job cancelled by cancelJob, in its transaction. */
export interface CancelledJob {
  db: Firestore;
  uid: string;
  jobId: string;
  input: unknown;
}

/**
 * One kind of job, registered in functions/src/job-handlers.ts. Only `run` is required: without the others
 * a kind holds the generic lease (JOB_LEASE_MS), is failed as timed out when abandoned (queued
 * QUEUED_TIMEOUT_MS or its lease expired), and its cancel writes the job alone.
 */
export interface JobHandler {
  /** The lease a run of this kind holds and renews (JOB_LEASE_MS when omitted). */
  leaseMs?: number;
  /** Runs the claimed job to its end while it holds the lease. */
  run(run: LeasedRun): Promise<RunResult>;
  /**
   * The run's first reads and writes, made in the claim's own transaction instead of one of their own after it
   * (one round trip fewer a job: a burst of publish jobs runs thousands of them, docs/architecture.md). It
   * reads what it needs, may write other documents, and returns fields for the job's claim write; its answer
   * reaches `run` as `begun`. Undefined: `run` starts on its own.
   */
  begin?(tx: Transaction, job: ClaimingJob): Promise<Begun | undefined>;
  /** How long this kind's job may wait queued before the sweep takes it as never started (QUEUED_TIMEOUT_MS when omitted). */
  queuedTimeoutMs?: number;
  /** The sweep ends the abandoned job: reads what the kind needs, returns the job's error and its own writes; undefined for the generic end. */
  onAbandoned?(tx: Transaction, job: AbandonedJob, now: Date): Promise<AbandonedEnding | undefined>;
  /** cancelJob cancels the job: reads what the kind needs, returns its own writes (applied after the job's). */
  onCancelled?(tx: Transaction, job: CancelledJob, now: Date): Promise<(() => void) | undefined>;
}

export type JobHandlers = Partial<Record<JobKind, JobHandler>>;

/** The lease a run of `kind` holds. */
export function leaseMsOf(handlers: JobHandlers, kind: unknown): number {
  return handlers[kind as JobKind]?.leaseMs ?? JOB_LEASE_MS;
}

export type Claim =
  | { action: 'skip'; reason: 'missing' | 'finished' | 'busy' }
  | { action: 'give_up' }
  | {
      action: 'claim';
      resumed: boolean;
      data: StoredJob;
      attempt: number;
      leaseMs: number;
      begun?: unknown;
    };

/**
 * Claims the job for the run `runId` in one transaction: a live lease or a finished job is skipped, an
 * expired lease is taken over (resumed), and a job claimed too often is failed. `leaseMsFor` reads the
 * lease of the job's kind from its data; `begin` (the kind's JobHandler.begin) makes the run's start in the same
 * transaction.
 */
export async function claimJob(
  db: Firestore,
  ref: DocumentReference,
  runId: string,
  now: () => Date,
  leaseMsFor: (data: StoredJob) => number,
  begin?: (tx: Transaction, job: ClaimingJob) => Promise<Begun | undefined>,
): Promise<Claim> {
  return runTransaction(db, async (tx): Promise<Claim> => {
    const data = (await tx.get(ref.withConverter(jobConverter))).data();
    if (!data) return { action: 'skip', reason: 'missing' };
    const decision = decideClaim(data, now());
    if (decision.action === 'skip') return decision;
    if (decision.action === 'give_up') {
      tx.update(ref, failedPatch(now(), abandonedJobError));
      return decision;
    }
    const leaseMs = leaseMsFor(data);
    const at = now();
    // The kind's start reads before the claim's write (a transaction reads first), and writes its own documents.
    const begun = begin ? await begin(tx, { ref, runId, data, now: at, leaseMs }) : undefined;
    tx.update(ref, {
      ...claimPatch(data, runId, at, leaseMs, decision.resumed),
      ...begun?.jobPatch,
    });
    return {
      ...decision,
      data,
      attempt: data.attempts + 1,
      leaseMs,
      ...(begun ? { begun: begun.value } : {}),
    };
  });
}

/** The lease one run holds on one job: every write it makes to the job goes through here. */
export class JobLease {
  constructor(
    readonly db: Firestore,
    readonly ref: DocumentReference,
    readonly runId: string,
    readonly leaseMs: number,
    private readonly clock: Clock,
    /** Logged with the run's own lines (uid, jobId, runId, kind, attempt). */
    readonly context: Record<string, unknown>,
  ) {}

  /** Whether this run still owns the job, read in the caller's transaction (before its writes). */
  async ownership(tx: Transaction): Promise<Ownership> {
    return checkOwnership((await tx.get(this.ref.withConverter(jobConverter))).data(), this.runId);
  }

  /** The job read through its schema: read it with other documents in one round trip (lib/transaction.ts readAll), then ask ownershipOf. */
  get typedRef(): DocumentReference<StoredJob> {
    return this.ref.withConverter(jobConverter);
  }

  /** Whether this run owns the job as read (undefined: it is gone). */
  ownershipOf(job: StoredJob | undefined): Ownership {
    return checkOwnership(job, this.runId);
  }

  /** Applies a patch only while this run owns the job; otherwise throws JobInterrupted. */
  async whileOwned(patch: (ownership: Ownership) => Record<string, unknown>): Promise<void> {
    const ownership = await runTransaction(this.db, async (tx) => {
      const o = await this.ownership(tx);
      if (o.owned) tx.update(this.ref, patch(o));
      return o;
    });
    if (!ownership.owned) throw new JobInterrupted(ownership.reason);
  }

  /**
   * Renews the lease from now while this run owns the job (the one renewal every kind uses: the publish run's
   * timer and withHeartbeat, ./kinds/heartbeat.ts, through `report`). Answers whether the run still owns it.
   */
  async renew(report: { progress?: number; statusText?: string } = {}): Promise<Ownership> {
    return runTransaction(this.db, async (tx) => {
      const o = await this.ownership(tx);
      if (o.owned) tx.update(this.ref, this.heartbeat(this.clock.now(), report));
      return o;
    });
  }

  /** The heartbeat patch: the lease renewed from now, with progress and a status line. */
  heartbeat(at: Date, report: { progress?: number; statusText?: string } = {}) {
    return heartbeatPatch(at, this.leaseMs, report);
  }

  /** Ends the job as failed while this run owns it; a run that lost it is reported stopped. */
  async fail(error: JobError, extra: Record<string, unknown> = {}): Promise<RunResult> {
    try {
      await this.whileOwned(() => failedPatch(this.clock.now(), error));
    } catch (e) {
      if (e instanceof JobInterrupted) return { outcome: 'stopped', reason: e.reason };
      throw e;
    }
    log.warn('Job failed', { ...this.context, code: error.code, ...extra });
    return { outcome: 'failed', error };
  }
}

/**
 * Calls `beat` every `ms` until the returned stop is called, never two at once (a slow renewal is not
 * overtaken by the next): the lease's timer for a run that renews it while it works.
 */
export function renewEvery(ms: number, beat: () => Promise<void>): () => void {
  let beating = false;
  const timer = setInterval(() => {
    if (beating) return;
    beating = true;
    void beat().finally(() => {
      beating = false;
    });
  }, ms);
  return () => clearInterval(timer);
}
