import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { JobStatus } from '@core/jobs';
import {
  checkOwnership,
  claimPatch,
  decideClaim,
  failedPatch,
  heartbeatPatch,
  JOB_LEASE_MS,
  jobConverter,
  MAX_JOB_ATTEMPTS,
  QUEUED_TIMEOUT_MS,
  shouldSweep,
  staleJobError,
  succeededPatch,
  type JobState,
} from './job-state';

const now = new Date('2026-01-01T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const job = (patch: Partial<JobState> = {}): JobState => ({
  status: 'queued',
  attempts: 0,
  leaseExpiresAt: null,
  runId: null,
  createdAt: now,
  ...patch,
});

describe('claiming a job', () => {
  it.each<[string, Partial<JobState>, ReturnType<typeof decideClaim>]>([
    ['a queued job is claimed', {}, { action: 'claim', resumed: false }],
    [
      'a running job with a live lease is left to its run (duplicate delivery)',
      { status: 'running', attempts: 1, runId: 'a', leaseExpiresAt: later(1000) },
      { action: 'skip', reason: 'busy' },
    ],
    [
      'a running job whose lease expired is taken over and resumed',
      { status: 'running', attempts: 1, runId: 'a', leaseExpiresAt: later(-1) },
      { action: 'claim', resumed: true },
    ],
    [
      'a running job without a lease is taken over',
      { status: 'running', attempts: 1, runId: 'a' },
      { action: 'claim', resumed: true },
    ],
    [
      'a job that crashed its runs too often is given up',
      { status: 'running', attempts: MAX_JOB_ATTEMPTS, leaseExpiresAt: later(-1) },
      { action: 'give_up' },
    ],
    ...(['succeeded', 'failed', 'cancelled'] as JobStatus[]).map(
      (status): [string, Partial<JobState>, ReturnType<typeof decideClaim>] => [
        `a ${status} job runs nothing`,
        { status },
        { action: 'skip', reason: 'finished' },
      ],
    ),
  ])('%s', (_label, state, decision) => {
    expect(decideClaim(job(state), now)).toEqual(decision);
  });

  it('counts the attempt, takes the lease for this run and stamps the start once', () => {
    expect(claimPatch(job(), 'run-1', now, JOB_LEASE_MS, false)).toEqual({
      status: 'running',
      attempts: 1,
      runId: 'run-1',
      leaseExpiresAt: later(JOB_LEASE_MS),
      statusText: 'Starting',
      updatedAt: now,
      startedAt: now,
    });
    expect(
      claimPatch(job({ status: 'running', attempts: 1 }), 'run-2', now, 1000, true),
    ).not.toHaveProperty('startedAt');
  });
});

describe('owning a running job', () => {
  it.each<[string, Partial<JobState>, ReturnType<typeof checkOwnership>]>([
    ['the run holding the lease owns it', { status: 'running', runId: 'me' }, { owned: true }],
    [
      'a run whose job was taken over does not',
      { status: 'running', runId: 'other' },
      { owned: false, reason: 'lost' },
    ],
    [
      'nobody owns a cancelled job',
      { status: 'cancelled', runId: 'me' },
      { owned: false, reason: 'cancelled' },
    ],
    [
      'nobody owns a job the sweep failed',
      { status: 'failed', runId: 'me' },
      { owned: false, reason: 'finished' },
    ],
  ])('%s', (_label, state, ownership) => {
    expect(checkOwnership(job(state), 'me')).toEqual(ownership);
  });

  it('renews the lease with each heartbeat and keeps progress within 0-100', () => {
    expect(heartbeatPatch(now, 1000, { progress: 123.4, statusText: 'Generating image' })).toEqual({
      leaseExpiresAt: later(1000),
      updatedAt: now,
      progress: 100,
      statusText: 'Generating image',
    });
    expect(heartbeatPatch(now, 1000, {})).toEqual({ leaseExpiresAt: later(1000), updatedAt: now });
  });

  it('ends a job with its record, or with its error, and drops the lease either way', () => {
    expect(succeededPatch(now, 'g1')).toMatchObject({
      status: 'succeeded',
      progress: 100,
      generationId: 'g1',
      error: null,
      leaseExpiresAt: null,
      finishedAt: now,
    });
    expect(failedPatch(now, staleJobError)).toMatchObject({
      status: 'failed',
      error: { code: 'timeout', message: 'Generation timed out. Please try again.' },
      leaseExpiresAt: null,
    });
  });
});

describe('sweeping stale jobs', () => {
  it.each<[string, Partial<JobState>, boolean]>([
    ['running with an expired lease', { status: 'running', leaseExpiresAt: later(-1) }, true],
    ['running with a live lease', { status: 'running', leaseExpiresAt: later(1) }, false],
    ['queued for longer than the limit', { createdAt: later(-QUEUED_TIMEOUT_MS) }, true],
    ['queued for a moment', { createdAt: later(-1000) }, false],
    [
      'succeeded long ago',
      { status: 'succeeded', createdAt: later(-10 * QUEUED_TIMEOUT_MS) },
      false,
    ],
    ['cancelled with an old lease', { status: 'cancelled', leaseExpiresAt: later(-10_000) }, false],
  ])('%s: ended %s', (_label, state, swept) => {
    expect(shouldSweep(job(state), now)).toBe(swept);
  });
});

it('reads a job document leniently, timestamps as Dates', () => {
  const read = (data: Record<string, unknown>) =>
    jobConverter.fromFirestore({ id: 'j', data: () => data } as unknown as QueryDocumentSnapshot);
  expect(
    read({
      status: 'running',
      attempts: 2,
      runId: 'r',
      leaseExpiresAt: { toDate: () => now },
      createdAt: now,
    }),
  ).toMatchObject({
    status: 'running',
    attempts: 2,
    runId: 'r',
    leaseExpiresAt: now,
    createdAt: now,
  });
  expect(read({})).toMatchObject({
    status: 'queued',
    attempts: 0,
    runId: null,
    leaseExpiresAt: null,
    createdAt: null,
  });
  // A kind no handler runs stays as stored: the runner refuses it instead of running it as another kind.
  expect(read({ kind: 'sculpture' }).kind).toBe('sculpture');
  expect(checkOwnership(undefined, 'r')).toEqual({ owned: false, reason: 'finished' });
});
