// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { FirebaseError } from 'firebase/app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubredditFlairs } from '../social-posts';
import { forgetCallableReads } from './query-client';
import { chooseFlair, useSubredditFlairs } from './use-subreddit-flairs';

const flair = (id: string, textEditable = false) => ({
  id,
  text: id.toUpperCase(),
  textEditable,
  backgroundColor: '',
  textColor: 'dark',
});
const list = (subreddit: string, flairRequired: boolean): SubredditFlairs => ({
  subreddit,
  flairRequired,
  flairs: [flair('news'), flair('custom', true)],
});

describe('chooseFlair', () => {
  it.each([
    ['no list loaded', null, 'news', null, null],
    ['an optional flair left empty', list('Tides', false), '', null, null],
    [
      'a required flair left empty',
      list('Tides', true),
      '',
      null,
      'r/Tides requires a post flair: choose one before posting.',
    ],
    ['a required flair chosen', list('Tides', true), 'news', 'news', null],
    [
      'an id from another subreddit',
      list('Tides', true),
      'gone',
      null,
      'r/Tides requires a post flair: choose one before posting.',
    ],
  ])('%s', (_, data, id, chosen, missing) => {
    const result = chooseFlair(data, id);
    expect(result.chosen?.id ?? null).toBe(chosen);
    expect(result.missing).toBe(missing);
  });
});

/** Lets the pause's timer, the request and the cache's notification each run (each is a turn of the timers). */
const settle = async (ms: number) => {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(10));
};

describe('useSubredditFlairs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    forgetCallableReads();
  });

  it('asks once typing pauses, only for the name typed last', async () => {
    const load = vi.fn((name: string) => Promise.resolve(list(name, false)));
    const { result, rerender } = renderHook(
      ({ name }) => useSubredditFlairs(name, load, { pauseMs: 300 }),
      { initialProps: { name: 'Ti' } },
    );
    rerender({ name: 'Tide' });
    rerender({ name: 'Tides' });
    expect(result.current.status).toBe('idle');
    await settle(300);
    expect(load.mock.calls).toEqual([['Tides']]);
    expect(result.current).toEqual({ status: 'success', data: list('Tides', false) });
  });

  it.each([
    ['an invalid name', 'r/', true],
    ['a name while disabled', 'Tides', false],
  ])('does not ask for %s', async (_, name, enabled) => {
    const load = vi.fn((n: string) => Promise.resolve(list(n, false)));
    const { result } = renderHook(() => useSubredditFlairs(name, load, { enabled, pauseMs: 0 }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(load).not.toHaveBeenCalled();
    expect(result.current.status).toBe('idle');
  });

  it("gives the function's message when the flairs cannot be read", async () => {
    const load = vi.fn(() =>
      Promise.reject(
        new FirebaseError('functions/failed-precondition', 'Connect your Reddit account first.'),
      ),
    );
    const { result } = renderHook(() => useSubredditFlairs('Tides', load, { pauseMs: 0 }));
    await settle(10);
    expect(result.current).toMatchObject({
      status: 'error',
      failure: { code: 'failed-precondition', message: 'Connect your Reddit account first.' },
    });
  });

  it('keeps an answer per subreddit: going back to a name asked before does not ask again', async () => {
    const load = vi.fn((name: string) => Promise.resolve(list(name, false)));
    const { result, rerender } = renderHook(
      ({ name }) => useSubredditFlairs(name, load, { pauseMs: 100 }),
      { initialProps: { name: 'Tides' } },
    );
    await settle(110);
    rerender({ name: 'Harbours' });
    await settle(110);
    expect(result.current).toEqual({ status: 'success', data: list('Harbours', false) });
    rerender({ name: 'tides' });
    await settle(110);
    expect(load.mock.calls).toEqual([['Tides'], ['Harbours']]);
    expect(result.current).toEqual({ status: 'success', data: list('Tides', false) });
  });
});
