import { readCallableError, type CallableFailure } from '../firebase/call';

// Kept apart from query-client.ts: the dashboard's first page imports that one (auth.tsx clears the cache
// on an account change) and must not pull in the callable error reader and what it imports.

/** A callable read as the screens' three states: an answer kept while a newer one is asked for stays shown; a failure shows once no request is under way. */
export function callableState<T>(
  query: { data: T | undefined; error: unknown; isError: boolean; isFetching: boolean },
  fallback: string,
):
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; failure: CallableFailure } {
  if (query.isError && !query.isFetching)
    return { status: 'error', failure: readCallableError(query.error, fallback) };
  if (query.data !== undefined) return { status: 'success', data: query.data };
  return { status: 'loading' };
}
