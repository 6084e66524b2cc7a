import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CallableFailure } from '../firebase/call';
import { SUBREDDIT_NAME } from '../platforms/facts';
import type { SubredditFlairs } from '../social-posts';
import { callableState } from './callable-state';
import { callableReads } from './query-client';

// A subreddit's flairs for a Reddit composer (the dashboard's and the side panel's): asked once typing
// stops, for the subreddit as typed (a leading r/ removed); answers for an older name are dropped. An
// answer is kept a few minutes per subreddit (core/react/query-client.ts), so going back to a name typed
// before, or a second composer, does not ask Reddit again.

export type FlairsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; data: SubredditFlairs }
  | { status: 'error'; failure: CallableFailure };

export const FLAIR_TYPING_PAUSE_MS = 600;
export const FLAIRS_TTL_MS = 5 * 60 * 1000;

/** `load` calls getSubredditFlairs with the runtime's Functions client; it may change between renders. */
export function useSubredditFlairs(
  subreddit: string,
  load: (subreddit: string) => Promise<SubredditFlairs>,
  { enabled = true, pauseMs = FLAIR_TYPING_PAUSE_MS }: { enabled?: boolean; pauseMs?: number } = {},
): FlairsState {
  const loadRef = useRef(load);
  loadRef.current = load;
  const valid = enabled && SUBREDDIT_NAME.test(subreddit);
  // The name typing last paused on: only it is asked for.
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (!valid) {
      setSettled(null);
      return;
    }
    const timer = setTimeout(() => setSettled(subreddit), pauseMs);
    return () => clearTimeout(timer);
  }, [subreddit, valid, pauseMs]);
  const asking = valid && settled !== null;
  const query = useQuery(
    {
      queryKey: ['getSubredditFlairs', settled?.toLowerCase() ?? ''],
      queryFn: () => loadRef.current(settled ?? ''),
      staleTime: FLAIRS_TTL_MS,
      enabled: asking,
    },
    callableReads,
  );
  return asking ? callableState(query, 'Failed to load flairs') : { status: 'idle' };
}

/** The flair chosen from a subreddit's list, and the message Post gives when the subreddit requires one and none is chosen. */
export function chooseFlair(
  flairs: SubredditFlairs | null,
  flairId: string,
): { chosen: SubredditFlairs['flairs'][number] | null; missing: string | null } {
  const chosen = flairs?.flairs.find((f) => f.id === flairId) ?? null;
  return {
    chosen,
    missing:
      flairs?.flairRequired && !chosen
        ? `r/${flairs.subreddit} requires a post flair: choose one before posting.`
        : null,
  };
}
