// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as FirebaseCall from '@core/firebase/call';
import { callableReads, forgetCallableReads } from '@core/react/query-client';

// useCall is a TanStack Query mutation on the runtime's one client: it is pending while the request is in
// flight, resolves with the function's answer, rejects with its error, and is sent once, never retried.

const sent = vi.hoisted(() => ({
  calls: [] as unknown[][],
  answer: null as null | (() => Promise<unknown>),
}));
vi.mock('@core/firebase/call', async (real) => ({
  ...(await real<typeof FirebaseCall>()),
  callFunction: (_functions: unknown, name: string, input: unknown) => {
    sent.calls.push([name, input]);
    return sent.answer!();
  },
}));
vi.mock('./firebase', () => ({ getFirebase: () => ({ functions: {} }) }));

const { useCall } = await import('./call');

afterEach(() => {
  sent.calls = [];
  forgetCallableReads();
});

describe('useCall', () => {
  it('is pending while the call runs and resolves with its answer', async () => {
    let finish: (value: unknown) => void = () => undefined;
    sent.answer = () => new Promise((resolve) => (finish = resolve));
    const { result } = renderHook(() => useCall('cancelJob'));
    expect(result.current.isPending).toBe(false);
    let answer: Promise<unknown> = Promise.resolve();
    act(() => {
      answer = result.current.run({ jobId: 'j1' });
    });
    await waitFor(() => expect(result.current.isPending).toBe(true));
    expect(callableReads.getMutationCache().getAll()).toHaveLength(1);
    await act(async () => finish({ ok: true }));
    await expect(answer).resolves.toEqual({ ok: true });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(sent.calls).toEqual([['cancelJob', { jobId: 'j1' }]]);
  });

  it('rejects with the function error and sends it only once', async () => {
    sent.answer = () => Promise.reject(new Error('permission-denied'));
    const { result } = renderHook(() => useCall('cancelJob'));
    await act(async () => {
      await expect(result.current.run({ jobId: 'j1' })).rejects.toThrow('permission-denied');
    });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(sent.calls).toHaveLength(1);
  });
});
