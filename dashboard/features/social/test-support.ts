import { FirebaseError } from 'firebase/app';
import type { CallableErrorReason } from '@core/callables';
import { toGeneration } from '@core/data/generation';
import type { RawDoc } from '@core/data/statuses';

// Shared by this feature's tests: Firestore-like documents and callable failures as the SDK throws them.

export const timestampOf = (iso: string) => ({ toDate: () => new Date(iso) });

export function postDoc(id: string, data: Record<string, unknown>): RawDoc {
  return {
    id,
    data: {
      platform: 'x',
      text: `Post ${id}`,
      createdAt: timestampOf('2026-11-23T10:00:00Z'),
      timeZone: 'Europe/Berlin',
      ...data,
    },
  };
}

export function callableError(
  code: string,
  message: string,
  reason?: CallableErrorReason,
): FirebaseError {
  return Object.assign(
    new FirebaseError(`functions/${code}`, message),
    reason ? { details: { reason } } : {},
  );
}

export type CallHandler = (input: unknown) => Promise<unknown>;
/** What a test's fake '@/lib/call' answers (`handlers` by callable name) and what it was asked (`log`). */
export interface FakeCalls {
  handlers: Record<string, CallHandler>;
  log: { name: string; input: unknown }[];
}

/** A stand-in for '@/lib/call' that logs each call and answers from `calls.handlers`; a name without a handler gets `unhandled`. */
export function fakeCallModule(
  actual: object,
  calls: FakeCalls,
  unhandled: (name: string) => Promise<unknown> = () =>
    Promise.reject(callableError('internal', 'internal')),
) {
  const call = (name: string, input: unknown) => {
    calls.log.push({ name, input });
    return calls.handlers[name]?.(input) ?? unhandled(name);
  };
  return {
    ...actual,
    call,
    useCall: (name: string) => ({ run: (input: unknown) => call(name, input), isPending: false }),
  };
}

/** The documents a test's fake '@/lib/live' serves: posts, library generations (the media pickers) and account statuses (loading while unset). */
export interface FakeLive {
  posts?: RawDoc[];
  library?: RawDoc[];
  accounts?: RawDoc[];
  /** users/{uid} as stored. */
  profile?: Record<string, unknown>;
}

const NO_DOCS: RawDoc[] = [];

/** A stand-in for '@/lib/live' over `live`; each array converts once, so a re-render sees the same data as the live hooks give. */
export function fakeLiveModule(live: FakeLive) {
  const cache = new Map<object, unknown>();
  const retry = () => undefined;
  const converted = (docs: RawDoc[], convert: (id: string, data: unknown) => unknown) => {
    if (!cache.has(docs))
      cache.set(
        docs,
        docs.map((d) => convert(d.id, d.data)),
      );
    return cache.get(docs);
  };
  return {
    useUserQuery: (_build: unknown, convert: (id: string, data: unknown) => unknown) => ({
      status: 'success',
      data: converted((convert === toGeneration ? live.library : live.posts) ?? NO_DOCS, convert),
      retry,
    }),
    // The profile (workspace time zone, posting slots): `live.profile`, else still loading (the browser's zone applies).
    useUserDoc: (_build: unknown, convert: (id: string, data: unknown) => unknown) => {
      const profile = live.profile;
      if (!profile) return { status: 'loading', retry };
      if (!cache.has(profile)) cache.set(profile, convert('profile', profile));
      return { status: 'success', data: cache.get(profile), retry };
    },
    useUserCollection: (_name: string, read: (docs: readonly RawDoc[]) => unknown) =>
      live.accounts
        ? { state: { status: 'success', data: read(live.accounts) }, retry }
        : { state: { status: 'loading' }, retry },
  };
}

/** `vi.mock('../api/compose-drafts', ...)` for a Compose test about something else: no saved drafts. */
export const noComposeDrafts = {
  useComposeDrafts: () => ({ status: 'success', data: [], retry: () => undefined }),
  useComposeDraftDoc: () => ({ status: 'success', data: null, retry: () => undefined }),
};
