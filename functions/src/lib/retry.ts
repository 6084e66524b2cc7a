// Retries for provider calls: 429 and 5xx only, never another 4xx, with exponential backoff that
// honours the provider's Retry-After, inside a bounded total wait so a callable answers in time.

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Sum of all waits between attempts; a Retry-After that would exceed it ends the retries instead. */
  maxTotalWaitMs: number;
  /** No new attempt starts this long after the first one began (the callable must answer within its timeout). */
  retryWindowMs: number;
}

export const PROVIDER_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 4000,
  maxTotalWaitMs: 10_000,
  retryWindowMs: 30_000,
};

export function isRetryableStatus(status: number | undefined): boolean {
  return status === 429 || (status !== undefined && status >= 500 && status <= 599);
}

export interface HeadersLike {
  get(name: string): string | null | undefined;
}

/** Milliseconds the provider asked us to wait: retry-after-ms (OpenAI), or Retry-After in seconds or as an HTTP date. */
export function parseRetryAfter(headers: HeadersLike | undefined, now: number): number | undefined {
  const ms = Number(headers?.get('retry-after-ms') ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.get('retry-after')?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface RetryState {
  /** Attempts made so far (1 after the first failure). */
  attempts: number;
  waitedMs: number;
  elapsedMs: number;
}

/** Exponential backoff: `baseDelayMs` after the first failure, doubling after each, at most `maxDelayMs`. */
export function backoffMs(
  backoff: { baseDelayMs: number; maxDelayMs: number },
  failures: number,
): number {
  return Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** (failures - 1));
}

/** The wait before the next attempt, or undefined to stop. Pure: jitter comes from `random`. */
export function nextDelay(
  policy: RetryPolicy,
  state: RetryState,
  failure: { retryable: boolean; retryAfterMs?: number },
  random: () => number,
): number | undefined {
  if (!failure.retryable || state.attempts >= policy.maxAttempts) return undefined;
  const backoff = backoffMs(policy, state.attempts);
  // "Equal jitter": at least half the backoff, so clients that failed together spread out.
  const delay = Math.round(failure.retryAfterMs ?? backoff / 2 + (random() * backoff) / 2);
  if (state.waitedMs + delay > policy.maxTotalWaitMs) return undefined;
  if (state.elapsedMs + delay > policy.retryWindowMs) return undefined;
  return delay;
}

export type Attempt<T, E> =
  { ok: true; value: T } | { ok: false; error: E; retryable: boolean; retryAfterMs?: number };
export type Retried<T, E> = ({ ok: true; value: T } | { ok: false; error: E }) & {
  attempts: number;
  waitedMs: number;
};

export interface RetryDeps {
  policy: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  random?: () => number;
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

/** Runs an attempt until it succeeds or fails in a way (or so often) that retrying is pointless. */
export async function retrying<T, E>(
  run: (attempt: number) => Promise<Attempt<T, E>>,
  deps: RetryDeps,
): Promise<Retried<T, E>> {
  const started = deps.now();
  let waitedMs = 0;
  for (let attempt = 1; ; attempt++) {
    const result = await run(attempt);
    if (result.ok) return { ok: true, value: result.value, attempts: attempt, waitedMs };
    const delay = nextDelay(
      deps.policy,
      { attempts: attempt, waitedMs, elapsedMs: deps.now() - started },
      result,
      deps.random ?? Math.random,
    );
    if (delay === undefined) return { ok: false, error: result.error, attempts: attempt, waitedMs };
    deps.onRetry?.({ attempt, delayMs: delay, error: result.error });
    await deps.sleep(delay);
    waitedMs += delay;
  }
}

export const realSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
