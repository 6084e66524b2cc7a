import { useEffect, useState } from 'react';
import type { SubredditFlairs } from '@core/social-posts';
import { call, readCallableError, type CallableFailure } from '@/lib/call';

// getSubredditFlairs for the Reddit composer: asked once typing stops, for the subreddit as typed (a
// leading r/ removed); answers for an older name are dropped.

export type FlairsState = { status: 'idle' } | { status: 'loading' } | { status: 'success'; data: SubredditFlairs } | { status: 'error'; failure: CallableFailure };

const SUBREDDIT = /^[A-Za-z0-9][A-Za-z0-9_]{1,20}$/;
export const FLAIR_TYPING_PAUSE_MS = 600;

export function useSubredditFlairs(subreddit: string, { enabled = true, pauseMs = FLAIR_TYPING_PAUSE_MS }: { enabled?: boolean; pauseMs?: number } = {}): FlairsState {
  const [state, setState] = useState<FlairsState>({ status: 'idle' });
  const valid = enabled && SUBREDDIT.test(subreddit);
  useEffect(() => {
    if (!valid) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    const timer = window.setTimeout(() => {
      setState({ status: 'loading' });
      call('getSubredditFlairs', { subreddit }).then(
        (data) => live && setState({ status: 'success', data }),
        (error: unknown) => live && setState({ status: 'error', failure: readCallableError(error, 'Failed to load flairs') }),
      );
    }, pauseMs);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [subreddit, valid, pauseMs]);
  return state;
}
