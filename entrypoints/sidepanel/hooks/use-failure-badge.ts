import { markInboxRead } from '@core/firebase/inbox';
import {
  inboxEvents,
  inboxPostsQuery,
  inboxStatePath,
  inboxStateSnapshot,
  isUnreadFailure,
  latestReadAt,
  readInboxPost,
  readInboxState,
  readMarkOf,
} from '@core/inbox';
import { useLiveDoc, useLiveQuery } from '@core/react/use-live';
import { doc, type Firestore } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { showFailureBadge } from '../logic/failure-badge';
import { inboxReadAtStorage } from '../panel-storage';

/**
 * The signed-in user's failed posts not read yet (the inbox's own query and rule, core/inbox.ts), live while
 * the panel is open, shown on the toolbar icon. The badge stays when the panel closes. markRead() is called
 * when the user opens the inbox from the panel: the failures so far are read. The read time is the account's
 * one in Firestore, which the dashboard's Mark all read moves too (live here, so the badge clears at once),
 * or the panel's own last mark where that is later (a mark Firestore has not answered yet); the background
 * counts with the same two (entrypoints/background/failure-badge.ts). Both are server times (core/inbox.ts's
 * read rule): the panel's mark is the newest event's own time, never this device's clock.
 */
export function useFailureBadge(
  db: Firestore,
  uid: string,
): { count: number | null; markRead(): void } {
  const posts = useLiveQuery(inboxPostsQuery(db, uid), readInboxPost);
  const shared = useLiveDoc(doc(db, inboxStatePath(uid)), readInboxState, inboxStateSnapshot);
  const [local, setLocal] = useState<{ uid: string; ready: boolean; at: number | null }>({
    uid,
    ready: false,
    at: null,
  });
  useEffect(() => {
    let active = true;
    const pick = (all: Record<string, number>) =>
      setLocal({ uid, ready: true, at: all[uid] ?? null });
    void inboxReadAtStorage.getValue().then((all) => {
      if (active) pick(all);
    });
    const unwatch = inboxReadAtStorage.watch(pick);
    return () => {
      active = false;
      unwatch();
    };
  }, [uid]);
  // Counted once both are known: Firestore's time (or its error, offline for good: the panel's own then).
  const ready = local.ready && local.uid === uid && shared.status !== 'loading';
  const readAt = latestReadAt(shared.status === 'success' ? shared.data : null, local.at);
  const events = useMemo(
    () => (posts.status === 'success' ? inboxEvents(posts.data, readAt) : null),
    [posts, readAt],
  );
  const count = ready && events ? events.filter(isUnreadFailure).length : null;
  useEffect(() => {
    if (count === null) return;
    showFailureBadge(count).catch((error: unknown) =>
      console.warn('[muse] could not set the badge', error),
    );
  }, [count]);
  const mine = local.uid === uid ? local.at : null;
  const markRead = useCallback(() => {
    // What the user has in front of them is read: up to the newest event's own (server) time.
    const at = latestReadAt(mine, readMarkOf(events ?? []));
    setLocal({ uid, ready: true, at });
    markInboxRead(db, uid, at).catch((error: unknown) =>
      console.warn('[muse] could not save the inbox read time', error),
    );
    // Kept in the extension too: it wakes the background, which counts with it until Firestore has the mark.
    if (at !== null)
      void inboxReadAtStorage
        .getValue()
        .then((all) => inboxReadAtStorage.setValue({ ...all, [uid]: at }));
  }, [db, events, mine, uid]);
  return { count, markRead };
}
