import type { PublishPlatform } from '@core/social-posts';
import { LOOKUP_STEP, UPLOAD_STEPS } from './publish-log';

// How long a publish waits, in one place, so the test stack can shorten every window (functions/src/config.ts
// reads the MUSE_PUBLISH_* overrides, in the emulator only) while production keeps these values.

export interface PublishTiming {
  /** Longest wait for the answer to one request to a platform (the publishers' timeout). */
  requestTimeoutMs: number;
  /** Longest wait for one upload request (a YouTube chunk, a Reddit image). */
  uploadTimeoutMs: number;
  /**
   * How long after its timeout a request may still make the post: the platform's known processing delay
   * (X has answered 45 s late). An unknown outcome is decided only once timeout plus this has passed.
   */
  settleMs: Record<PublishPlatform, number>;
  /** Between two look-ups of a post whose outcome is unknown. */
  lookupEveryMs: number;
  /** Waits before sending again after a request that provably made nothing (never sent, or a 5xx); its length is the number of automatic resends. */
  backoffMs: readonly number[];
}

export const PUBLISH_TIMING: PublishTiming = {
  requestTimeoutMs: 30_000,
  uploadTimeoutMs: 120_000,
  settleMs: { x: 60_000, linkedin: 60_000, reddit: 60_000, youtube: 180_000 },
  lookupEveryMs: 10_000,
  backoffMs: [5_000, 30_000],
};

/**
 * When a request sent at `sentAt` can no longer make a post. The job counts from the moment its wait for
 * the answer ended, a timeout later than the send at most, so the window is never short.
 */
export function settledAt(
  timing: PublishTiming,
  platform: PublishPlatform,
  sentAt: number,
): number {
  return sentAt + timing.requestTimeoutMs + timing.settleMs[platform];
}

/**
 * A publish job's lease: short, and renewed by its run every third of it while the run is alive
 * (publish-run.ts), so a run killed mid-publish is taken over by the next sweep (every minute) instead of
 * showing "publishing" for the generic job lease (3 minutes). It is safe to be short because a run sends
 * nothing to a platform unless it still owns the job at that moment and has logged the request first
 * (publish-run.ts), so the run that takes over sees every request that may still land and waits it out.
 */
export const PUBLISH_LEASE_MS = 45_000;

/** The longest wait for an answer to a request logged as `step` (publish-log.ts): uploads wait longer. */
export function stepTimeoutMs(timing: PublishTiming, step: string): number {
  return UPLOAD_STEPS.includes(step) ? timing.uploadTimeoutMs : timing.requestTimeoutMs;
}

/**
 * When every request in a post's log can no longer make anything: for each request sent (look-ups
 * excepted), its send time plus its step's timeout plus the platform's processing delay. Every step is held
 * to it, uploads included, whether or not it makes something visible (publish-log.ts says which do).
 */
export function loggedRequestsSettledAt(
  timing: PublishTiming,
  platform: PublishPlatform,
  entries: readonly { at: Date; step: string }[],
  since: Date,
): number {
  const ends = entries
    .filter((e) => e.step !== LOOKUP_STEP)
    .map((e) => e.at.getTime() + stepTimeoutMs(timing, e.step) + timing.settleMs[platform]);
  return Math.max(settledAt(timing, platform, since.getTime()), ...ends);
}

/**
 * A publish job claimed this long after it was made waited in its trigger's queue (a burst, or the data came
 * back from a save): its run looks the post up once before the first send, since the documents cannot show
 * whether an earlier run sent it before the save (publish-run.ts).
 */
export const PUBLISH_START_TIMEOUT_MS = 60_000;
/**
 * A publish job never claimed this long after it was made lost its trigger event: the sweep gives the post a
 * new job. A wait in a slow queue is not a crash: until then the sweep leaves the job to its trigger (which
 * delivers a refused event again, with backoff of up to 10 minutes), and this start spends no restart.
 */
export const PUBLISH_LOST_START_MS = 10 * 60_000;
/** Times the sweep starts a post's job again after its run died (a lease that lapsed) before it fails it. */
export const MAX_PUBLISH_RESTARTS = 3;
/**
 * The same for a post with a send in its log: its next run looks it up before deciding, so it is started again
 * past MAX_PUBLISH_RESTARTS, up to this many (a post whose runs keep dying, even while looking it up, then
 * fails with its outcome unknown).
 */
export const MAX_PUBLISH_RESTARTS_AFTER_SEND = 8;

/** MUSE_PUBLISH_TIMEOUT_MS, MUSE_PUBLISH_UPLOAD_TIMEOUT_MS, MUSE_PUBLISH_SETTLE_MS, MUSE_PUBLISH_LOOKUP_MS, MUSE_PUBLISH_BACKOFF_MS (comma list). */
export function readPublishTiming(
  env: Readonly<Record<string, string | undefined>>,
  emulated: boolean,
): PublishTiming {
  if (!emulated) return PUBLISH_TIMING;
  const ms = (name: string): number | undefined => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0)
      throw new Error(`${name} must be a whole number of milliseconds`);
    return n;
  };
  const settle = ms('MUSE_PUBLISH_SETTLE_MS');
  const backoffRaw = env.MUSE_PUBLISH_BACKOFF_MS?.trim();
  const backoffMs = backoffRaw
    ? backoffRaw.split(',').map((part) => {
        const n = Number(part.trim());
        if (!Number.isInteger(n) || n < 0)
          throw new Error(
            'MUSE_PUBLISH_BACKOFF_MS must be whole numbers of milliseconds, comma-separated',
          );
        return n;
      })
    : PUBLISH_TIMING.backoffMs;
  return {
    requestTimeoutMs: ms('MUSE_PUBLISH_TIMEOUT_MS') ?? PUBLISH_TIMING.requestTimeoutMs,
    uploadTimeoutMs: ms('MUSE_PUBLISH_UPLOAD_TIMEOUT_MS') ?? PUBLISH_TIMING.uploadTimeoutMs,
    settleMs:
      settle === undefined
        ? PUBLISH_TIMING.settleMs
        : { x: settle, linkedin: settle, reddit: settle, youtube: settle },
    lookupEveryMs: ms('MUSE_PUBLISH_LOOKUP_MS') ?? PUBLISH_TIMING.lookupEveryMs,
    backoffMs,
  };
}
