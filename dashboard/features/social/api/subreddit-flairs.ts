import {
  useSubredditFlairs as useFlairs,
  type FlairsState,
} from '@core/react/use-subreddit-flairs';
import { call } from '@/lib/call';

export { FLAIR_TYPING_PAUSE_MS, type FlairsState } from '@core/react/use-subreddit-flairs';

const loadFlairs = (subreddit: string) => call('getSubredditFlairs', { subreddit });

/** getSubredditFlairs for the Reddit composer, with the dashboard's Functions client (core/react/use-subreddit-flairs.ts). */
export function useSubredditFlairs(
  subreddit: string,
  options: { enabled?: boolean; pauseMs?: number } = {},
): FlairsState {
  return useFlairs(subreddit, loadFlairs, options);
}
