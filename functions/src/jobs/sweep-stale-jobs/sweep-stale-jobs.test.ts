import { describe, expect, it } from 'vitest';
import type { JobState } from '../job-state';
import { isAbandoned } from './sweep-stale-jobs';

const now = new Date('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const job = (state: Partial<JobState>): JobState => ({
  status: 'queued',
  attempts: 0,
  leaseExpiresAt: null,
  runId: null,
  createdAt: ago(0),
  ...state,
});
/** A kind that waits queued a minute at most, as publishing registers (functions/src/social/publish-job.ts). */
const oneMinute = { queuedTimeoutMs: 60_000 };

describe('which jobs the sweep takes over', () => {
  it.each([
    [
      'queued for 59 s (its trigger may still come)',
      job({ createdAt: ago(59_000) }),
      oneMinute,
      false,
    ],
    [
      'queued for a minute (its trigger was lost)',
      job({ createdAt: ago(60_000) }),
      oneMinute,
      true,
    ],
    [
      'queued for a minute, a kind with the generic timeout (5 minutes)',
      job({ createdAt: ago(60_000) }),
      undefined,
      false,
    ],
    [
      'queued for 5 minutes, a kind with the generic timeout',
      job({ createdAt: ago(300_000) }),
      undefined,
      true,
    ],
    [
      'running with a live lease',
      job({ status: 'running', runId: 'r', leaseExpiresAt: ago(-1000) }),
      oneMinute,
      false,
    ],
    [
      'running with an expired lease (its worker was killed)',
      job({ status: 'running', runId: 'r', leaseExpiresAt: ago(1000) }),
      oneMinute,
      true,
    ],
    ['finished', job({ status: 'succeeded', createdAt: ago(3600_000) }), oneMinute, false],
  ])('%s', (_label, state, handler, expected) => {
    expect(isAbandoned(state, now, handler)).toBe(expected);
  });
});
