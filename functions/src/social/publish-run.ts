import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { collections } from '@core/firestore-paths';
import type { StoredSocialCredentials } from '@core/integrations';
import { publishJobInputSchema, type JobError } from '@core/jobs';
import { explainFailure, failureStepOfRequest } from '@core/platform-errors';
import { nextMetricsDue } from '@core/post-metrics';
import { checkingMessage, publishPlatformNames, type PublishPlatform } from '@core/social-posts';
import type { Clock } from '../lib/clock';
import { log } from '../lib/log';
import type { Storage } from 'firebase-admin/storage';
import {
  failedPatch,
  heartbeatPatch,
  type Begun,
  type ClaimingJob,
  renewEvery,
  type JobLease,
  type RunResult,
} from '../jobs/lease';
import type {
  FollowUpRequest,
  LookupResult,
  PublishedPost,
  PublishFailure,
  PublishMedia,
  PublishOutcome,
  PublishRequest,
  SocialPublisher,
  UploadSession,
  UploadSessionStore,
} from '../providers/social/social-publisher';
import type { FreshCredentials } from './oauth/fresh-credentials';
import { platformRegistry, type PlatformEntry, type PlatformRegistry } from './platforms';
import {
  mediaGoneMessage,
  missingCredentialsMessage,
  postConverter,
  postRef,
  socialAccountRef,
  unreadableCredentialsMessage,
  type StoredPostMedia,
} from './posts';
import type { StoredFollowUp, StoredSocialPost } from '@core/data/social-post';
import { LOOKUP_STEP, PUBLISH_LOG_MAX, recordingFetch, type PublishLogEntry } from './publish-log';
import {
  loggedRequestsSettledAt,
  PUBLISH_START_TIMEOUT_MS,
  PUBLISH_TIMING,
  settledAt,
  type PublishTiming,
} from './publish-timing';
import { realSleep } from '../lib/retry';
import { readAll, runTransaction } from '../lib/transaction';

// The publish job, run by the job runner (../jobs/runner.ts) once it holds the job's lease (registered as
// the 'publish' kind's handler in ./publish-job.ts). The attempt is
// written on the post before the platform is asked, so a run that finds an attempt without a result (the
// earlier run died after sending, or the answer never came) looks the post up (findExisting) instead of
// posting again. An unknown outcome is never settled by sending again while the first request could still
// land: the run looks the post up until that request's longest lifetime has passed (timeout plus the
// platform's processing delay, publish-timing.ts), with the post `checkingUntil` then, and only then decides.
// A request that provably made nothing (never sent, or a 5xx answer) is sent again by the run itself, with
// backoff. Every request that can change something is logged on the post (publish-log.ts) before it leaves,
// and only while this run still owns the job: a run that lost its lease sends nothing more, so the run that
// takes over (the sweep starts one as soon as the short lease, PUBLISH_LEASE_MS, lapses; a live run renews
// it every third of it) sees every request that may still land and waits them all out. The post's end and
// the job's end are one transaction.

export type Bucket = ReturnType<Storage['bucket']>;

export interface PublishDeps {
  /** Where the posts' media are (Storage). */
  bucket: Bucket;
  /** Reddit and YouTube: refreshed when about to expire; `refused` when the account must connect again. */
  readCredentials(uid: string, platform: PublishPlatform): Promise<FreshCredentials>;
  /** The platform's publisher for these credentials, sending through `fetch` (which logs each request). */
  publisherFor(
    platform: PublishPlatform,
    credentials: StoredSocialCredentials,
    send: typeof globalThis.fetch,
  ): SocialPublisher;
  /** The publishers' timeout, the settle window, look-ups and backoff; PUBLISH_TIMING when omitted. */
  timing?: PublishTiming;
  /** Waits between look-ups and before a resend. */
  sleep?: (ms: number) => Promise<void>;
  /** The publish job's lease (PUBLISH_LEASE_MS when omitted); the run renews it every third of it. */
  leaseMs?: number;
  /** Calls `beat` every `ms` until stopped (../jobs/lease.ts renewEvery when omitted): the run's lease renewal. */
  every?: (ms: number, beat: () => Promise<void>) => () => void;
  /** Every platform's description and adapter, by id (./platforms platformRegistry when omitted): the run reads a platform only here. */
  platforms?: PlatformRegistry;
}

/** Thrown by the run's fetch instead of sending a request this run may no longer send (publish-run.ts). */
export class RequestWithheld extends Error {
  constructor(readonly lost: boolean) {
    super(
      lost
        ? 'This run no longer owns the publish job: request not sent'
        : 'The request could not be logged: not sent',
    );
    this.name = 'RequestWithheld';
  }
}

export interface PublishRun {
  db: Firestore;
  bucket: Bucket;
  clock: Clock;
  uid: string;
  jobId: string;
  runId: string;
  /** The job's lease this run holds (../jobs/lease.ts): every write to the job checks it. */
  lease: JobLease;
  /** The job's stored input ({postId}). */
  input: unknown;
  /** The start made in the claim's transaction (publishBegin), if it was. */
  begun?: unknown;
  /** When the job was made (a job that waited long in its trigger's queue looks its post up first). */
  jobCreatedAt?: Date | null;
}

type Failure =
  | Pick<PublishFailure, 'code' | 'message' | 'retryAt' | 'status'>
  | { code: string; message: string; retryAt?: number; status?: number; platformCode?: string };
type Ending = { ok: true; post: PublishedPost } | { ok: false; failure: Failure };

export function publishedJobPatch(now: Date) {
  return {
    status: 'succeeded' as const,
    progress: 100,
    statusText: 'Published',
    generationId: null,
    error: null,
    leaseExpiresAt: null,
    finishedAt: now,
    updatedAt: now,
  };
}

export function notPublishedMessage(platform: PublishPlatform): string {
  return `${publishPlatformNames[platform]} did not publish this post. Please try again.`;
}

export function lookupFailedMessage(platform: PublishPlatform): string {
  // The platform as it names itself (X), as the checking text does (core/social-posts.ts checkingMessage).
  const label = publishPlatformNames[platform];
  return `${label} could not be asked whether this post went out: it may have been published. Check ${label}, then use Retry if it is not there.`;
}

const INVALID_JOB: JobError = {
  code: 'invalid_input',
  message: 'This publish request is not valid.',
};

/** How a publish run starts, decided in one transaction (the claim's, or the run's own). */
export type PublishStart =
  | { action: 'stop'; reason: 'cancelled' | 'finished' | 'lost' }
  | { action: 'gone' }
  | { action: 'done'; post: StoredSocialPost }
  | { action: 'go'; post: StoredSocialPost; checkUntil: number | null; attemptStartedAt: Date };

/**
 * Reads the post and writes the run's start on it (publishing, its attempt kept, the window of an earlier
 * attempt's requests); answers the start and the job's fields to write with it. The job is owned by the run.
 */
async function startOnPost(
  tx: Transaction,
  pRef: DocumentReference,
  job: { id: string; createdAt: Date | null; lookUpSince?: number | undefined },
  at: Date,
  timing: PublishTiming,
  leaseMs: number,
): Promise<{ start: PublishStart; jobPatch: Record<string, unknown> }> {
  const jobId = job.id;
  const post = (await tx.get(pRef.withConverter(postConverter))).data();
  if (!post)
    return {
      start: { action: 'gone' },
      jobPatch: failedPatch(at, { code: 'internal', message: 'This post no longer exists.' }),
    };
  if (post.status === 'published')
    return { start: { action: 'done', post }, jobPatch: publishedJobPatch(at) };
  // Another job owns the post now (a retry replaced this one), or the post left the publishing path.
  if (post.jobId !== jobId || !['queued', 'publishing'].includes(post.status)) {
    return {
      start: { action: 'gone' },
      jobPatch: failedPatch(at, {
        code: 'internal',
        message: 'This publish was replaced by a newer attempt.',
      }),
    };
  }
  const earlier = post.attemptStartedAt;
  // A post with no attempt may still have been sent, with nothing on its documents to show it: its job was
  // made by the sweep for a post an earlier job had (the job's lookUpSince), or it waited in the trigger's
  // queue past PUBLISH_START_TIMEOUT_MS, as a job that came back from a save taken before its claim does. Its
  // run looks the post up once, from the earliest time a send may have left, before its first send.
  const lookUpSince = earlier
    ? null
    : (job.lookUpSince ??
      (job.createdAt && at.getTime() - job.createdAt.getTime() >= PUBLISH_START_TIMEOUT_MS
        ? job.createdAt.getTime()
        : null));
  // The earlier requests' longest lifetime: the later of the window kept by a run that saw an unknown outcome
  // and the end of every request logged (each step with its own timeout: an upload waits longer).
  const checkUntil = earlier
    ? Math.max(
        post.checkingUntil?.getTime() ?? 0,
        loggedRequestsSettledAt(timing, post.platform, post.publishLog, earlier),
      )
    : lookUpSince === null
      ? null
      : at.getTime();
  const attemptStartedAt = earlier ?? (lookUpSince === null ? at : new Date(lookUpSince));
  tx.update(pRef, {
    status: 'publishing',
    attemptStartedAt,
    checkingUntil: checkUntil === null ? null : new Date(checkUntil),
    progress: 0,
    updatedAt: at,
  });
  const jobPatch = heartbeatPatch(at, leaseMs, {
    progress: 5,
    statusText: checkUntil !== null ? checkingMessage(post.platform) : 'Publishing',
  });
  return { start: { action: 'go', post, checkUntil, attemptStartedAt }, jobPatch };
}

/**
 * The publish kind's begin (../jobs/lease.ts JobHandler.begin): the run's start made in the job's claim
 * transaction, so a run costs one transaction fewer. Undefined for input that is not a publish job's (the
 * run then fails the job on its own).
 */
export async function publishBegin(
  tx: Transaction,
  job: ClaimingJob,
  timing: PublishTiming = PUBLISH_TIMING,
): Promise<Begun | undefined> {
  const parsed = publishJobInputSchema.safeParse(job.data.input);
  const userRef = job.ref.parent.parent;
  if (!parsed.success || !userRef) return undefined;
  const pRef = userRef.collection(collections.socialPosts).doc(parsed.data.postId);
  const { start, jobPatch } = await startOnPost(
    tx,
    pRef,
    { id: job.ref.id, createdAt: job.data.createdAt, lookUpSince: parsed.data.lookUpSince },
    job.now,
    timing,
    job.leaseMs,
  );
  return { value: start, jobPatch };
}

export async function runPublishJob(run: PublishRun, deps: PublishDeps): Promise<RunResult> {
  const { db, uid, jobId, runId, lease } = run;
  const jobRef = lease.ref;
  const leaseMs = lease.leaseMs;
  const now = () => run.clock.now();
  const timing = deps.timing ?? PUBLISH_TIMING;
  const sleep = deps.sleep ?? realSleep;
  const context = { uid, jobId, runId, kind: 'publish' };
  const parsed = publishJobInputSchema.safeParse(run.input);
  if (!parsed.success) return failJobOnly(INVALID_JOB);
  const { postId } = parsed.data;
  const pRef = postRef(db, uid, postId);

  async function failJobOnly(error: JobError): Promise<RunResult> {
    const owned = await runTransaction(db, async (tx) => {
      const o = await lease.ownership(tx);
      if (o.owned) tx.update(jobRef, failedPatch(now(), error));
      return o;
    });
    if (!owned.owned) return { outcome: 'stopped', reason: owned.reason };
    log.warn('Publish job failed', { ...context, code: error.code });
    return { outcome: 'failed', error };
  }

  // The start is usually made in the job's claim transaction (publishBegin, through the handler's begin).
  const start: PublishStart =
    (run.begun as PublishStart | undefined) ??
    (await runTransaction(db, async (tx) => {
      const ownership = await lease.ownership(tx);
      if (!ownership.owned) return { action: 'stop', reason: ownership.reason } as const;
      const { start, jobPatch } = await startOnPost(
        tx,
        pRef,
        { id: jobId, createdAt: run.jobCreatedAt ?? null, lookUpSince: parsed.data.lookUpSince },
        now(),
        timing,
        leaseMs,
      );
      tx.update(jobRef, jobPatch);
      return start;
    }));
  if (start.action === 'stop') return { outcome: 'stopped', reason: start.reason };
  if (start.action === 'gone')
    return {
      outcome: 'failed',
      error: { code: 'internal', message: 'This post is not waiting to be published.' },
    };
  if (start.action === 'done')
    return {
      outcome: 'published',
      postId,
      platformPostId: start.post.platformPostId ?? '',
      url: start.post.url ?? '',
    };

  const { post, attemptStartedAt, checkUntil: startCheckUntil } = start;
  const platform = post.platform;
  const entry: PlatformEntry | undefined = (deps.platforms ?? platformRegistry)[platform];
  /** Set once this run finds it no longer owns the job (another run took it over): it sends nothing more. */
  let lost = false;
  /** Set when a request was withheld because its log line could not be written (it never left). */
  let withheld = false;
  const stopBeating = (deps.every ?? renewEvery)(Math.max(1, Math.floor(leaseMs / 3)), renewLease);
  /** Whether the post may exist on the platform without our record of it: then its attempt stays. */
  let mayExist = startCheckUntil !== null;
  const logEntries: PublishLogEntry[] = [...post.publishLog];
  /**
   * An answer's outcome noted in logEntries but not yet on the post: it goes with the run's next write of the
   * post (the next request's log line, a step's id, the end), not in a transaction of its own. It only tells
   * the user what came back: a run that takes over waits out every request logged as sent, whatever its outcome
   * (publish-timing.ts loggedRequestsSettledAt).
   */
  let logUnsaved = false;
  const unsavedLog = (): { publishLog?: PublishLogEntry[] } =>
    logUnsaved ? { publishLog: logEntries.slice(-PUBLISH_LOG_MAX) } : {};
  /** The job's progress as this run last wrote it (its start writes 5). */
  let writtenProgress = 5;
  /** The step of the last request this run sent (a failure's step when the platform's answer does not say). */
  let lastSentStep: string | null = null;
  /** The platform's last refusal this run read: its status and its own code (core/platform-errors.ts platformCodeOf). */
  let lastRefusal: { status: number; platformCode: string | undefined } | null = null;

  /** The failure's step, the platform's own code and the fix (core/platform-errors.ts), stored beside its code and message. */
  function explained(failure: Failure) {
    // The refusal read last is this failure's when the statuses agree (Reddit's submit refuses with a 200 the failure does not carry).
    const refusal =
      lastRefusal && (failure.status === undefined || failure.status === lastRefusal.status)
        ? lastRefusal
        : null;
    const status =
      failure.status ?? (refusal && refusal.status >= 400 ? refusal.status : undefined);
    const platformCode =
      ('platformCode' in failure ? failure.platformCode : undefined) ?? refusal?.platformCode;
    const { id, step, message, fix } = explainFailure({
      platform,
      code: failure.code,
      ...(status === undefined ? {} : { status }),
      ...(platformCode ? { platformCode } : {}),
      ...(lastSentStep ? { requestStep: failureStepOfRequest(lastSentStep) } : {}),
    });
    return {
      step,
      reason: id,
      summary: message,
      fix,
      platformCode: platformCode ?? null,
      httpStatus: status ?? null,
    };
  }

  /** A fetch that notes the platform's refusals (an error status, or a code in a 2xx answer where the platform puts one there) for explained(). */
  function noticingFetch(inner: typeof globalThis.fetch): typeof globalThis.fetch {
    return async (input, init) => {
      const response = await inner(input, init);
      const refused = response.status >= 400;
      // An answer that went through clears the last refusal: a later failure is not that one.
      if (!refused) lastRefusal = null;
      if (refused || (entry?.adapter.errorCodes.inSuccessfulAnswers && response.ok)) {
        let code: string | undefined;
        try {
          code = platformCodeIn(entry, await response.clone().json());
        } catch {
          code = undefined;
        }
        if (refused || code) lastRefusal = { status: response.status, platformCode: code };
      }
      return response;
    };
  }

  /** Writes the post's end and the job's end together; the post's is written even if the job was lost. */
  async function finish(ending: Ending): Promise<RunResult> {
    const at = now();
    const account = socialAccountRef(db, uid, platform);
    const written = await runTransaction(db, async (tx) => {
      // The job, the post and the account in one round trip.
      const [job, current, accountData] = await readAll(
        tx,
        lease.typedRef,
        pRef.withConverter(postConverter),
        account,
      );
      const ownership = lease.ownershipOf(job);
      const open = current?.status === 'publishing' && current.jobId === jobId;
      if (open) {
        if (ending.ok) {
          const youtubeFields = entry?.facts.videoUpload
            ? { uploadSession: null, notice: ending.post.notice ?? null }
            : {};
          tx.update(pRef, {
            status: 'published',
            platformPostId: ending.post.platformPostId,
            url: ending.post.url,
            publishedAt: at,
            // The first figures are due an hour on (functions/src/social/metrics/post-metrics.ts).
            metricsDueAt: new Date(nextMetricsDue(at.getTime(), {}, at.getTime())!),
            error: null,
            checkingUntil: null,
            progress: 100,
            updatedAt: at,
            ...youtubeFields,
            ...unsavedLog(),
          });
        } else {
          const retryAt =
            ending.failure.retryAt === undefined ? null : new Date(ending.failure.retryAt);
          const error = {
            code: ending.failure.code,
            message: ending.failure.message,
            retryAt,
            ...explained(ending.failure),
          };
          tx.update(pRef, {
            status: 'failed',
            error,
            attemptStartedAt: mayExist ? attemptStartedAt : null,
            checkingUntil: null,
            progress: 0,
            updatedAt: at,
            ...unsavedLog(),
          });
        }
      } else if (logUnsaved && current?.jobId === jobId) {
        tx.update(pRef, { ...unsavedLog(), updatedAt: at });
      }
      if (ownership.owned) {
        tx.update(
          jobRef,
          ending.ok
            ? publishedJobPatch(at)
            : failedPatch(at, { code: ending.failure.code, message: ending.failure.message }),
        );
      }
      if (accountData) {
        if (!ending.ok && ending.failure.code === 'auth_expired')
          tx.update(account, { needsReconnect: true });
        else if (ending.ok && accountData.needsReconnect === true)
          tx.update(account, { needsReconnect: false });
      }
      return { open, ownership };
    });
    logUnsaved = false;
    if (!written.open && !written.ownership.owned)
      return { outcome: 'stopped', reason: written.ownership.reason };
    if (ending.ok) {
      log.info('Post published', { ...context, postId, platform });
      return {
        outcome: 'published',
        postId,
        platformPostId: ending.post.platformPostId,
        url: ending.post.url,
      };
    }
    log.warn('Post failed', { ...context, postId, platform, code: ending.failure.code });
    return {
      outcome: 'failed',
      error: { code: ending.failure.code, message: ending.failure.message },
    };
  }

  try {
    if (!entry)
      return await finish({
        ok: false,
        failure: { code: 'invalid_content', message: 'This platform is not available.' },
      });
    const credentials = await deps.readCredentials(uid, platform);
    if (!credentials.found)
      return await finish({
        ok: false,
        failure: { code: 'missing_credentials', message: missingCredentialsMessage(platform) },
      });
    if (!credentials.readable)
      return await finish({
        ok: false,
        failure: {
          code: 'unreadable_credentials',
          message: unreadableCredentialsMessage(platform),
        },
      });
    if ('refused' in credentials) return await finish({ ok: false, failure: credentials.refused });
    const media = await openMedia(run.bucket, uid, post.media ?? []);
    if (!media)
      return await finish({
        ok: false,
        failure: { code: 'media_missing', message: mediaGoneMessage },
      });
    const publisher = deps.publisherFor(
      platform,
      credentials.value,
      recordingFetch(noticingFetch(globalThis.fetch), entry.adapter.requestStep, {
        sent: logSent,
        answered: logAnswered,
      }),
    );
    const request: PublishRequest = {
      requestId: postId,
      text: post.text,
      media,
      ...(post.author ? { author: post.author.urn } : {}),
      ...(post.youtube
        ? { youtube: { ...post.youtube, publishAt: post.youtube.publishAt?.toISOString() ?? null } }
        : {}),
      ...(entry.facts.videoUpload
        ? { uploadSession: sessionStore(post.uploadSession ?? null) }
        : {}),
      ...(post.reddit ? { reddit: post.reddit } : {}),
      ...(post.document ? { document: { title: post.document.title } } : {}),
      attemptStartedAt: attemptStartedAt.getTime(),
      onProgress: (percent, statusText) => heartbeat(percent, statusText),
    };

    // The post, then each thread item and the first comment, each a step of its own: a step's id is recorded on
    // the post before the next step starts, so a re-run goes on after the last recorded step and looks a step
    // with an attempt but no id up (its request may have landed) before it would send it again.
    const followUps = followUpStepsOf(post);
    let main: PublishedPost;
    if (followUps.length > 0 && post.platformPostId && post.url) {
      main = { platformPostId: post.platformPostId, url: post.url };
    } else {
      const ending = await runStep(
        { send: () => publisher.publish(request), find: () => publisher.findExisting(request) },
        startCheckUntil,
        // A look-up before the first send (nothing logged: a late or restarted job) that cannot be asked is asked
        // again until a request sent now would have settled, not failed at once: the post was most likely never
        // sent, and a platform slow for a moment must not fail it.
        post.attemptStartedAt === null && startCheckUntil !== null
          ? settledAt(timing, platform, startCheckUntil)
          : undefined,
      );
      if (ending === 'lost') return stopped();
      if (!ending.ok || followUps.length === 0) return await finish(ending);
      main = ending.post;
      if (!(await recordStep(null, ending.post))) return stopped();
    }
    let parentId = main.platformPostId;
    for (const step of followUps) {
      const { doc } = step;
      if (doc.platformPostId) {
        if (step.kind === 'thread') parentId = doc.platformPostId;
        continue;
      }
      const label =
        step.kind === 'thread' ? `Post ${step.index + 2} of the thread` : 'The first comment';
      const { followUp, findFollowUp } = publisher;
      if (!followUp || !findFollowUp)
        return await finish({
          ok: false,
          failure: {
            code: 'invalid_content',
            message: `${label} cannot be published on ${publishPlatformNames[platform]}.`,
          },
        });
      const stepMedia = await openMedia(run.bucket, uid, doc.media ?? []);
      if (!stepMedia)
        return await finish({
          ok: false,
          failure: { code: 'media_missing', message: `${label}: ${mediaGoneMessage}` },
        });
      const earlierAttempt = doc.attemptStartedAt;
      // An earlier run began this step: every request it logged may still land, so it is waited out with look-ups.
      const stepCheckUntil = earlierAttempt
        ? loggedRequestsSettledAt(timing, platform, logEntries, earlierAttempt)
        : null;
      const stepAttempt = earlierAttempt ?? now();
      if (!earlierAttempt && !(await recordStep(step, null, stepAttempt))) return stopped();
      const followUpRequest: FollowUpRequest = {
        kind: step.kind,
        parentId: step.kind === 'thread' ? parentId : main.platformPostId,
        text: doc.text,
        media: stepMedia,
        ...(post.author ? { author: post.author.urn } : {}),
        attemptStartedAt: stepAttempt.getTime(),
      };
      const ending = await runStep(
        { send: () => followUp(followUpRequest), find: () => findFollowUp(followUpRequest) },
        stepCheckUntil,
      );
      if (ending === 'lost') return stopped();
      if (!ending.ok)
        return await finish({
          ok: false,
          failure: { ...ending.failure, message: `${label}: ${ending.failure.message}` },
        });
      if (!(await recordStep(step, ending.post))) return stopped();
      if (step.kind === 'thread') parentId = ending.post.platformPostId;
    }
    return await finish({ ok: true, post: main });
  } catch (error) {
    log.error('Publish job crashed', { ...context, postId, error: describeError(error) });
    return finish({
      ok: false,
      failure: {
        code: 'internal',
        message: `Failed to post to ${publishPlatformNames[platform]}. Please try again.`,
      },
    });
  } finally {
    stopBeating();
  }

  /**
   * Sends one step (the post, a thread item, the first comment) under the exactly-once rules: an earlier request
   * that may still land (`initialCheckUntil`) or an unknown outcome is waited out with look-ups before anything
   * is sent again; a request that provably made nothing is sent again with backoff.
   */
  async function runStep(
    step: { send(): Promise<PublishOutcome>; find(): Promise<LookupResult> },
    initialCheckUntil: number | null,
    initialGiveUpAt?: number,
  ): Promise<Ending | 'lost'> {
    let checkUntil = initialCheckUntil;
    /** Sends made by this run; each after the first follows a request that provably made nothing. */
    let sends = 0;
    for (;;) {
      if (lost) return 'lost';
      if (checkUntil !== null) {
        const decided = await settle(
          step.find,
          checkUntil,
          sends === 0 ? initialGiveUpAt : undefined,
        );
        if (decided === 'lost') return 'lost';
        if (decided.status === 'found') return { ok: true, post: decided.post };
        if (decided.status === 'unknown')
          return {
            ok: false,
            failure: { code: 'unknown_outcome', message: lookupFailedMessage(platform) },
          };
        // The earlier request's lifetime is over and the platform has no such post: nothing was made.
        mayExist = false;
        checkUntil = null;
        if (sends > timing.backoffMs.length)
          return {
            ok: false,
            failure: { code: 'unavailable', message: notPublishedMessage(platform) },
          };
      }
      mayExist = true;
      sends++;
      withheld = false;
      let outcome: PublishOutcome;
      try {
        outcome = await step.send();
      } catch (error) {
        log.error('Publish call crashed', { ...context, postId, error: describeError(error) });
        outcome = {
          ok: false as const,
          failure: { code: 'unknown_outcome' as const, message: lookupFailedMessage(platform) },
        };
      }
      if (lost) return 'lost';
      if (withheld && !outcome.ok) {
        // The request that failed never left (its log line could not be written): nothing was made by it.
        withheld = false;
        outcome = {
          ok: false as const,
          failure: { code: 'unavailable' as const, message: notPublishedMessage(platform) },
        };
      }
      if (outcome.ok) return outcome;
      if (outcome.failure.code === 'unknown_outcome') {
        // The request may still land: wait out its lifetime, looking the post up, before deciding.
        checkUntil = settledAt(timing, platform, now().getTime());
        await markChecking(checkUntil);
        log.warn('Publish outcome unknown: checking', {
          ...context,
          postId,
          platform,
          until: new Date(checkUntil).toISOString(),
        });
        continue;
      }
      mayExist = false;
      const wait = timing.backoffMs[sends - 1];
      if (outcome.failure.code === 'unavailable' && wait !== undefined) {
        log.warn('Publish unavailable: sending again', {
          ...context,
          postId,
          platform,
          waitMs: wait,
          send: sends,
        });
        await touch(`${publishPlatformNames[platform]} is not answering: trying again`);
        await sleep(wait);
        continue;
      }
      return outcome;
    }
  }

  /**
   * Records a step on the post while this run owns the job and the post: the post's own id (step null), or a
   * follow-up's attempt (before its request leaves) or its id (before the next step starts). False when this
   * run no longer owns them: it sends nothing more.
   */
  async function recordStep(
    step: FollowUpStep | null,
    published: PublishedPost | null,
    attemptAt?: Date,
  ): Promise<boolean> {
    const owned = await runTransaction(db, async (tx) => {
      const [job, current] = await readAll(tx, lease.typedRef, pRef.withConverter(postConverter));
      if (
        !lease.ownershipOf(job).owned ||
        current?.jobId !== jobId ||
        current.status !== 'publishing'
      )
        return false;
      const at = now();
      const ids = published
        ? { platformPostId: published.platformPostId, url: published.url }
        : { attemptStartedAt: attemptAt ?? at };
      const log = unsavedLog();
      if (!step) tx.update(pRef, { ...ids, checkingUntil: null, updatedAt: at, ...log });
      else if (step.kind === 'comment' && current.firstComment)
        tx.update(pRef, {
          firstComment: { ...current.firstComment, ...ids },
          checkingUntil: null,
          updatedAt: at,
          ...log,
        });
      else if (step.kind === 'thread' && current.thread?.[step.index]) {
        tx.update(pRef, {
          thread: current.thread.map((item, i) => (i === step.index ? { ...item, ...ids } : item)),
          checkingUntil: null,
          updatedAt: at,
          ...log,
        });
      } else return false;
      tx.update(
        jobRef,
        lease.heartbeat(at, {
          statusText: published ? 'Publishing' : `Publishing ${step ? stepName(step) : 'the post'}`,
        }),
      );
      return true;
    });
    if (!owned) lost = true;
    else logUnsaved = false;
    return owned;
  }

  /** Renews the lease while this run owns the job; notes when it no longer does. */
  async function renewLease(): Promise<void> {
    if (lost) return;
    try {
      if (!(await lease.renew()).owned) lost = true;
    } catch (error) {
      log.warn('Publish lease not renewed', { ...context, postId, error: describeError(error) });
    }
  }

  /**
   * Looks the post up until `until` (the earlier request's longest lifetime) has passed: found, or surely
   * not made (a look-up after `until` found nothing), or unknown (the platform could not be asked then).
   */
  async function settle(
    find: () => Promise<LookupResult>,
    until: number,
    /** While the platform cannot be asked, asked again until then (`until` when omitted). */
    giveUpAt: number = until,
  ): Promise<LookupResult | 'lost'> {
    for (;;) {
      if (lost) return 'lost';
      const askedAt = now().getTime();
      let lookup: LookupResult;
      try {
        lookup = await find();
        if (lookup.status === 'unknown')
          log.warn('Publish lookup failed', {
            ...context,
            postId,
            code: lookup.reason.code,
            error: lookup.reason.message,
          });
      } catch (error) {
        // A look-up that crashed learnt nothing either.
        log.warn('Publish lookup failed', { ...context, postId, error: describeError(error) });
        lookup = {
          status: 'unknown',
          reason: { code: 'unavailable', message: 'The look-up failed.' },
        };
      }
      await logLookup(
        lookup.status === 'found'
          ? 'Found'
          : lookup.status === 'unknown'
            ? 'Could not ask'
            : 'Not there yet',
      );
      if (lookup.status === 'found') return lookup;
      const deadline = lookup.status === 'unknown' ? Math.max(until, giveUpAt) : until;
      if (askedAt >= deadline) return lookup;
      await touch(checkingMessage(platform));
      await sleep(Math.max(0, Math.min(timing.lookupEveryMs, deadline - now().getTime())));
    }
  }

  async function markChecking(until: number): Promise<void> {
    await whileOpen((at) => ({
      post: { checkingUntil: new Date(until) },
      job: lease.heartbeat(at, { statusText: checkingMessage(platform) }),
    }));
  }

  /** Renews the lease with a status line. */
  async function touch(statusText: string): Promise<void> {
    await whileOpen((at) => ({ job: lease.heartbeat(at, { statusText }) }));
  }

  /**
   * Writes while this run owns the job and the post, with the log's unsaved outcomes (best effort: the end is
   * decided by finish).
   */
  async function whileOpen(
    patch: (at: Date) => { post?: Record<string, unknown>; job?: Record<string, unknown> },
  ): Promise<void> {
    try {
      const written = await runTransaction(db, async (tx) => {
        const [job, current] = await readAll(tx, lease.typedRef, pRef.withConverter(postConverter));
        if (
          !lease.ownershipOf(job).owned ||
          current?.jobId !== jobId ||
          current.status !== 'publishing'
        )
          return false;
        const at = now();
        const { post: postFields, job: jobFields } = patch(at);
        if (postFields || logUnsaved)
          tx.update(pRef, { ...postFields, ...unsavedLog(), updatedAt: at });
        if (jobFields) tx.update(jobRef, jobFields);
        return true;
      });
      if (written) logUnsaved = false;
    } catch (error) {
      log.warn('Publish state not saved', { ...context, postId, error: describeError(error) });
    }
  }

  function stopped(): RunResult {
    log.info('Publish run stopped: another run took the job over', { ...context, postId });
    return { outcome: 'stopped', reason: 'lost' };
  }

  /**
   * Logs a request before it leaves, in a transaction that finds this run still owning the job and the post;
   * otherwise the request is withheld (RequestWithheld), so a run that lost its lease sends nothing more and
   * the run that took over has every request that may still land in the log it reads.
   */
  async function logSent(step: string): Promise<number> {
    if (lost) throw new RequestWithheld(true);
    const entry: PublishLogEntry = { at: now(), step, outcome: 'Sent' };
    const next = [...logEntries, entry];
    let owned = false;
    try {
      owned = await runTransaction(db, async (tx) => {
        const [job, current] = await readAll(tx, lease.typedRef, pRef.withConverter(postConverter));
        if (
          !lease.ownershipOf(job).owned ||
          current?.jobId !== jobId ||
          current.status !== 'publishing'
        )
          return false;
        tx.update(pRef, { publishLog: next.slice(-PUBLISH_LOG_MAX), updatedAt: now() });
        return true;
      });
    } catch (error) {
      log.warn('Publish request not logged: withheld', {
        ...context,
        postId,
        step,
        error: describeError(error),
      });
      withheld = true;
      throw new RequestWithheld(false);
    }
    if (!owned) {
      lost = true;
      throw new RequestWithheld(true);
    }
    withheld = false;
    // The line written held every outcome noted before it (the entries are the same objects).
    logUnsaved = false;
    lastSentStep = step;
    logEntries.push(entry);
    return logEntries.length - 1;
  }

  async function logAnswered(index: number, outcome: string): Promise<void> {
    const entry = logEntries[index];
    if (!entry) return;
    entry.outcome = outcome;
    logUnsaved = true;
  }

  async function logLookup(outcome: string): Promise<void> {
    logEntries.push({ at: now(), step: LOOKUP_STEP, outcome });
    await saveLog();
  }

  /** The log is written while this job owns the post; a failed write only costs a line of it. */
  async function saveLog(): Promise<void> {
    try {
      await runTransaction(db, async (tx) => {
        const current = (await tx.get(pRef.withConverter(postConverter))).data();
        if (current?.jobId === jobId)
          tx.update(pRef, { publishLog: logEntries.slice(-PUBLISH_LOG_MAX), updatedAt: now() });
      });
      logUnsaved = false;
    } catch (error) {
      log.warn('Publish log not saved', { ...context, postId, error: describeError(error) });
    }
  }

  /** The post's resumable upload session, kept only while this job still owns the post. */
  function sessionStore(session: UploadSession | null): UploadSessionStore {
    const store: UploadSessionStore = {
      session,
      save: async (next) => {
        // A second send in this run (after an interruption) continues the same session.
        store.session = next;
        try {
          await runTransaction(db, async (tx) => {
            const current = (await tx.get(pRef.withConverter(postConverter))).data();
            if (current?.status === 'publishing' && current.jobId === jobId)
              tx.update(pRef, { uploadSession: next, updatedAt: now() });
          });
        } catch (error) {
          // Best effort: without it a crash uploads again from the start, which is slower but still makes one video.
          log.warn('Upload session not saved', { ...context, postId, error: describeError(error) });
        }
      },
    };
    return store;
  }

  /**
   * Writes an upload's progress (best effort: the end is decided by finish; the lease is renewed by its own
   * timer). Only a report that moves progress on is written: 100 is the end, which finish writes with the
   * post's result next, and a report that does not advance (X's "Publishing to X" at 0 before a text post's
   * create) would cost a transaction a post for nothing seen (docs/architecture.md, the burst).
   */
  async function heartbeat(percent: number, statusText: string): Promise<void> {
    if (percent >= 100 || percent <= writtenProgress) return;
    writtenProgress = percent;
    try {
      await runTransaction(db, async (tx) => {
        const o = await lease.ownership(tx);
        if (!o.owned) return;
        const at = now();
        tx.update(jobRef, lease.heartbeat(at, { progress: percent, statusText }));
        tx.update(pRef, {
          progress: Math.max(0, Math.min(100, Math.round(percent))),
          updatedAt: at,
        });
      });
    } catch (error) {
      log.warn('Publish heartbeat failed', { ...context, error: describeError(error) });
    }
  }
}

/** A step after the post: a thread item (by its place in `thread`) or the first comment. */
type FollowUpStep =
  { kind: 'thread'; index: number; doc: StoredFollowUp } | { kind: 'comment'; doc: StoredFollowUp };

/** The post's follow-up steps in the order they are published: the thread's items, then the first comment. */
function followUpStepsOf(post: StoredSocialPost): FollowUpStep[] {
  return [
    ...post.thread.map((doc, index) => ({ kind: 'thread' as const, index, doc })),
    ...(post.firstComment ? [{ kind: 'comment' as const, doc: post.firstComment }] : []),
  ];
}

function stepName(step: FollowUpStep): string {
  return step.kind === 'thread' ? `post ${step.index + 2} of the thread` : 'the first comment';
}

/** The post's files as range readers (never whole in memory), or undefined when one is gone. */
async function openMedia(
  bucket: Bucket,
  uid: string,
  media: readonly StoredPostMedia[],
): Promise<PublishMedia[] | undefined> {
  const out: PublishMedia[] = [];
  for (const m of media) {
    if (!m.storagePath.startsWith(`${uid}/`)) return undefined;
    const file = bucket.file(m.storagePath);
    const [exists] = await file.exists();
    if (!exists) return undefined;
    const [metadata] = await file.getMetadata();
    out.push({
      storagePath: m.storagePath,
      contentType: metadata.contentType ?? m.contentType,
      sizeBytes: Number(metadata.size ?? m.sizeBytes),
      read: async (start, end) => {
        if (end <= start) return new Uint8Array(0);
        const [bytes] = await file.download({ start, end: end - 1, validation: false });
        return bytes;
      },
    });
  }
  return out;
}

/** The platform's own error code in an answer's body, where its adapter says it is (core/platform-errors.ts). */
function platformCodeIn(entry: PlatformEntry | undefined, body: unknown): string | undefined {
  return entry && typeof body === 'object' && body !== null && !Array.isArray(body)
    ? entry.adapter.errorCodes.read(body as Record<string, unknown>)
    : undefined;
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown';
}
