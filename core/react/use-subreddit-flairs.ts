import { useEffect, useRef, useState } from 'react';
import { readCallableError, type CallableFailure } from '../firebase/call';
import { SUBREDDIT_NAME } from '../platforms/facts';
import type { SubredditFlairs } from '../social-posts';

// A subreddit's flairs for a Reddit composer (the dashboard's and the side panel's): asked once typing
// stops, for the subreddit as typed (a leading r/ removed); answers for an older name are dropped.

export type FlairsState = { status: 'idle' } | { status: 'loading' } | { status: 'success'; data: SubredditFlairs } | { status: 'error'; failure: CallableFailure };

export const FLAIR_TYPING_PAUSE_MS = 600;

/** `load` calls getSubredditFlairs with the runtime's Functions client; it may change between renders. */
export function useSubredditFlairs(
  subreddit: string,
  load: (subreddit: string) => Promise<SubredditFlairs>,
  { enabled = true, pauseMs = FLAIR_TYPING_PAUSE_MS }: { enabled?: boolean; pauseMs?: number } = {},
): FlairsState {
  const [state, setState] = useState<FlairsState>({ status: 'idle' });
  const loadRef = useRef(load);
  loadRef.current = load;
  const valid = enabled && SUBREDDIT_NAME.test(subreddit);
  useEffect(() => {
    if (!valid) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      setState({ status: 'loading' });
      loadRef.current(subreddit).then(
        (data) => live && setState({ status: 'success', data }),
        (error: unknown) => live && setState({ status: 'error', failure: readCallableError(error, 'Failed to load flairs') }),
      );
    }, pauseMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [subreddit, valid, pauseMs]);
  return state;
}

/** The flair chosen from a subreddit's list, and the message Post gives when the subreddit requires one and none is chosen. */
export function chooseFlair(flairs: SubredditFlairs | null, flairId: string): { chosen: SubredditFlairs['flairs'][number] | null; missing: string | null } {
  const chosen = flairs?.flairs.find((f) => f.id === flairId) ?? null;
  return { chosen, missing: flairs?.flairRequired && !chosen ? `r/${flairs.subreddit} requires a post flair: choose one before posting.` : null };
}
