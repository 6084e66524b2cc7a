// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { FirebaseError } from 'firebase/app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// useJobFollower over a fake Firestore: each onSnapshot listener is kept by its path, so a test plays the
// job document's snapshots in the order the real backend could send them.

type Listener = (snap: unknown) => void;
const listeners = new Map<string, Listener>();
const startJob = vi.fn();

vi.mock('firebase/firestore', () => {
  class Timestamp {}
  return {
    Timestamp,
    doc: (_db: unknown, path: string, id: string) => ({ path: `${path}/${id}` }),
    collection: (_db: unknown, path: string) => ({ path }),
    query: (ref: { path: string }) => ({ path: `${ref.path}?latest` }),
    where: () => ({}),
    orderBy: () => ({}),
    limit: () => ({}),
    queryEqual: (a: { path: string }, b: { path: string }) => a.path === b.path,
    refEqual: (a: { path: string }, b: { path: string }) => a.path === b.path,
    onSnapshot: (ref: { path: string }, next: Listener) => {
      listeners.set(ref.path, next);
      return () => listeners.delete(ref.path);
    },
  };
});
vi.mock('firebase/functions', () => ({ httpsCallable: () => startJob }));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ db: {}, functions: {} }) }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

const { useJobFollower } = await import('./use-job-follower');

const jobsPath = 'users/u1/jobs';
const jobSnap = (id: string, status: string) => ({
  exists: () => true,
  id,
  data: () => ({ kind: 'voiceover', status, input: {} }),
});
function emitJob(id: string, status: string) {
  act(() => listeners.get(`${jobsPath}/${id}`)!(jobSnap(id, status)));
}
function emitLatest(job: { id: string; status: string } | null) {
  act(() =>
    listeners.get(`${jobsPath}?latest`)!({
      docs: job
        ? [{ id: job.id, data: () => ({ kind: 'voiceover', status: job.status, input: {} }) }]
        : [],
    }),
  );
}
const input = {
  text: 'Hello there',
  voiceId: 'TxGEqnHWrfWFTfGW9XjX',
  modelId: 'eleven_turbo_v2' as const,
};

function follow() {
  const onSettled = vi.fn();
  const hook = renderHook(() =>
    useJobFollower('voiceover', { onSettled, fallbackError: 'Failed to generate voiceover' }),
  );
  return { hook, onSettled };
}

beforeEach(() => {
  listeners.clear();
  startJob.mockReset();
  window.localStorage.clear();
});
afterEach(cleanup);

describe('useJobFollower settles', () => {
  it('a job started here whose first snapshot already shows it ended (a fast provider)', async () => {
    const { hook, onSettled } = follow();
    emitLatest(null);
    startJob.mockResolvedValue({ data: { jobId: 'j1' } });
    await act(() => hook.result.current.start(input));
    emitJob('j1', 'succeeded');
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(onSettled.mock.calls[0]![0]).toMatchObject({ id: 'j1', status: 'succeeded' });
    // A later snapshot of the same ended job does not toast again.
    emitJob('j1', 'succeeded');
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('a job seen running and then failing', async () => {
    const { hook, onSettled } = follow();
    emitLatest(null);
    startJob.mockResolvedValue({ data: { jobId: 'j2' } });
    await act(() => hook.result.current.start(input));
    emitJob('j2', 'running');
    expect(onSettled).not.toHaveBeenCalled();
    emitJob('j2', 'failed');
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(onSettled.mock.calls[0]![0]).toMatchObject({ id: 'j2', status: 'failed' });
  });

  it('never for a job found already ended after a reload', () => {
    window.localStorage.setItem('muse:voiceover-job:u1', 'old');
    const { hook, onSettled } = follow();
    emitLatest({ id: 'old', status: 'succeeded' });
    expect(hook.result.current.job).toBeNull();
    emitJob('old', 'succeeded');
    expect(hook.result.current.job).toMatchObject({ id: 'old', status: 'succeeded' });
    expect(onSettled).not.toHaveBeenCalled();
  });
});

describe('useJobFollower start', () => {
  it('keeps a refused start with its message, pointing at Integrations when the key is missing', async () => {
    const { hook } = follow();
    emitLatest(null);
    startJob.mockRejectedValue(
      Object.assign(
        new FirebaseError(
          'functions/failed-precondition',
          'ElevenLabs API key not found. Please add your API key in the Integrations page.',
        ),
        {
          details: { reason: 'missing-key', provider: 'elevenlabs' },
        },
      ),
    );
    let started = true;
    await act(async () => {
      started = await hook.result.current.start(input);
    });
    expect(started).toBe(false);
    expect(hook.result.current.startError).toEqual({
      message: 'ElevenLabs API key not found. Please add your API key in the Integrations page.',
      needsIntegrations: true,
    });
    expect(hook.result.current.job).toBeNull();
  });
});
