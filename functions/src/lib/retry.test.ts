import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  isRetryableStatus,
  nextDelay,
  parseRetryAfter,
  PROVIDER_RETRY_POLICY,
  retrying,
  type Attempt,
  type RetryPolicy,
} from './retry';

const policy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 4000,
  maxTotalWaitMs: 10_000,
  retryWindowMs: 30_000,
};
const headers = (values: Record<string, string>) => ({
  get: (name: string) => values[name] ?? null,
});
const state = (attempts: number, waitedMs = 0, elapsedMs = 0) => ({
  attempts,
  waitedMs,
  elapsedMs,
});

describe('retry policy', () => {
  it.each([
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [529, true],
    [400, false],
    [401, false],
    [402, false],
    [403, false],
    [404, false],
    [408, false],
    [409, false],
    [422, false],
    [undefined, false],
  ])('status %s is retryable: %s', (status, retryable) => {
    expect(isRetryableStatus(status)).toBe(retryable);
  });

  it('doubles the wait after each failure up to its cap', () => {
    expect(
      [1, 2, 3, 4, 5, 6].map((n) => backoffMs({ baseDelayMs: 1000, maxDelayMs: 16_000 }, n)),
    ).toEqual([1000, 2000, 4000, 8000, 16_000, 16_000]);
  });

  it('backs off exponentially with jitter between half and all of the step', () => {
    expect([1, 2, 3].map((n) => nextDelay(policy, state(n), { retryable: true }, () => 0))).toEqual(
      [250, 500, 1000],
    );
    expect([1, 2, 3].map((n) => nextDelay(policy, state(n), { retryable: true }, () => 1))).toEqual(
      [500, 1000, 2000],
    );
  });

  it('honours Retry-After over its own backoff', () => {
    expect(nextDelay(policy, state(1), { retryable: true, retryAfterMs: 3000 }, () => 0)).toBe(
      3000,
    );
  });

  it('never retries what is not retryable, whatever Retry-After says', () => {
    expect(
      nextDelay(policy, state(1), { retryable: false, retryAfterMs: 10 }, () => 0),
    ).toBeUndefined();
  });

  it('stops after the last attempt', () => {
    expect(nextDelay(policy, state(4), { retryable: true }, () => 0)).toBeUndefined();
  });

  it('gives up rather than wait past the total wait cap', () => {
    expect(
      nextDelay(policy, state(1), { retryable: true, retryAfterMs: 10_001 }, () => 0),
    ).toBeUndefined();
    expect(
      nextDelay(policy, state(2, 8000), { retryable: true, retryAfterMs: 2500 }, () => 0),
    ).toBeUndefined();
    expect(
      nextDelay(policy, state(2, 8000), { retryable: true, retryAfterMs: 2000 }, () => 0),
    ).toBe(2000);
  });

  it('starts no attempt after the retry window', () => {
    expect(
      nextDelay(policy, state(1, 0, 29_900), { retryable: true, retryAfterMs: 200 }, () => 0),
    ).toBeUndefined();
  });

  it('caps the total wait of the shipped policy at about ten seconds', () => {
    expect(PROVIDER_RETRY_POLICY.maxTotalWaitMs).toBeLessThanOrEqual(10_000);
  });
});

describe('Retry-After parsing', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['seconds', { 'retry-after': '2' }, 2000],
    ['fractional seconds', { 'retry-after': '1.5' }, 1500],
    ['an HTTP date', { 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }, 3000],
    ['a date in the past', { 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, 0],
    ["OpenAI's retry-after-ms first", { 'retry-after-ms': '750', 'retry-after': '2' }, 750],
    ['nothing', {}, undefined],
    ['garbage', { 'retry-after': 'soon' }, undefined],
  ])('reads %s', (_label, values, expected) => {
    expect(parseRetryAfter(headers(values), now)).toBe(expected);
  });
});

describe('retrying', () => {
  function scripted(outcomes: Attempt<string, string>[]) {
    const slept: number[] = [];
    let calls = 0;
    const run = async () => outcomes[Math.min(calls++, outcomes.length - 1)]!;
    const deps = {
      policy,
      sleep: async (ms: number) => void slept.push(ms),
      now: () => 0,
      random: () => 0,
    };
    return { run, deps, slept, calls: () => calls };
  }
  const fail = (retryable: boolean, retryAfterMs?: number): Attempt<string, string> => ({
    ok: false,
    error: 'boom',
    retryable,
    retryAfterMs,
  });

  it('returns at once on success', async () => {
    const s = scripted([{ ok: true, value: 'done' }]);
    expect(await retrying(s.run, s.deps)).toEqual({
      ok: true,
      value: 'done',
      attempts: 1,
      waitedMs: 0,
    });
    expect(s.slept).toEqual([]);
  });

  it('retries a 429 after its Retry-After, then succeeds', async () => {
    const s = scripted([fail(true, 1000), { ok: true, value: 'done' }]);
    expect(await retrying(s.run, s.deps)).toMatchObject({ ok: true, attempts: 2, waitedMs: 1000 });
    expect(s.slept).toEqual([1000]);
  });

  it('makes one request for a failure that is not retryable', async () => {
    const s = scripted([fail(false)]);
    expect(await retrying(s.run, s.deps)).toEqual({
      ok: false,
      error: 'boom',
      attempts: 1,
      waitedMs: 0,
    });
    expect(s.calls()).toBe(1);
  });

  it('gives up after the maximum attempts with the last failure', async () => {
    const s = scripted([fail(true)]);
    expect(await retrying(s.run, s.deps)).toMatchObject({ ok: false, attempts: 4 });
    expect(s.slept).toEqual([250, 500, 1000]);
  });
});
