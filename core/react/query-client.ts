import { QueryClient } from '@tanstack/react-query';

// Reads through callables that are worth keeping for a while (a platform profile, a key's model list, a
// subreddit's flairs) go through TanStack Query: one cache per runtime (the dashboard's bundle and the side
// panel's each load this module once), keyed by what was asked, with the staleness each hook gives.
// Hooks pass this client to useQuery themselves, so no provider has to wrap the app or each test. Calls
// that change something (dashboard/lib/call.ts useCall, generateText, a job's Cancel) are mutations on
// the same client: useMutation gives their pending flag, and nothing retries them.

export const callableReads = new QueryClient({
  defaultOptions: {
    // A callable's failure is shown as it is (the user acts on it); a remount asks again.
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    // A change is sent once: a second send could publish or charge twice.
    mutations: { retry: false },
  },
});

/** How long a platform's profile (follower figures, LinkedIn's authors) is kept: X may bill each read. */
export const PROFILE_TTL_MS = 10 * 60 * 1000;

/** Forgets every kept answer: when the signed-in account changes (answers are the account's), and between tests. */
export function forgetCallableReads(): void {
  callableReads.clear();
}

/** Forgets the account's answers once the signed-in uid differs from the one seen before. */
export function followSignedInAccount(): (uid: string | null) => void {
  let last: string | null | undefined;
  return (uid) => {
    if (last !== undefined && last !== uid) forgetCallableReads();
    last = uid;
  };
}
