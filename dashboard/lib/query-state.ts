/** What a live read returns: loading first, then the data or the error. */
export type QueryState<T> = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'success'; data: T };
