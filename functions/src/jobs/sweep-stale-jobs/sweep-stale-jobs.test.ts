import { describe, expect, it } from 'vitest';
import type { JobState } from '../job-state';
import { shouldSweepPublish } from './sweep-stale-jobs';

const now = new Date('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const job = (state: Partial<JobState>): JobState => ({ status: 'queued', attempts: 0, leaseExpiresAt: null, runId: null, createdAt: ago(0), ...state });

describe('which publish jobs the sweep takes over', () => {
  it.each([
    ['queued for 59 s (its trigger may still come)', job({ createdAt: ago(59_000) }), false],
    ['queued for a minute (its trigger was lost)', job({ createdAt: ago(60_000) }), true],
    ['running with a live lease', job({ status: 'running', runId: 'r', leaseExpiresAt: ago(-1000) }), false],
    ['running with an expired lease (its worker was killed)', job({ status: 'running', runId: 'r', leaseExpiresAt: ago(1000) }), true],
    ['finished', job({ status: 'succeeded', createdAt: ago(3600_000) }), false],
  ])('%s', (_label, state, expected) => {
    expect(shouldSweepPublish(state, now)).toBe(expected);
  });
});
