import { doc } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { markInboxRead } from '@core/firebase/inbox';
import {
  inboxEvents,
  inboxPostsQuery,
  inboxReadKey,
  inboxStatePath,
  inboxStateSnapshot,
  latestReadAt,
  readAtValue,
  readInboxPost,
  readInboxState,
  readMarkOf,
  type InboxEvent,
} from '@core/inbox';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import { localItem } from '@/lib/local-store';
import { useUserDoc, useUserQuery } from '@/lib/live';

// The header inbox's data: the user's newest posts, live (core/inbox.ts: the query the extension's badge
// reads too), made into events. "Read" is the account's one read time in Firestore (users/{uid}/inbox/state),
// which Mark all read here and Open inbox in the extension's panel both move, so reading here clears the
// extension's badge too. This browser keeps the last one it saw for the first paint; Firestore's wins. Unread
// is core/inbox.ts's rule, which never reads this device's clock: a Mark all read covers the events shown at
// once (the newest one's server time) and the server's time covers them for good when it arrives.

export interface Inbox {
  events: InboxEvent[] | null;
  unread: number;
  markAllRead: () => void;
}

export function useInbox(): Inbox {
  const uid = useAuth().user?.uid ?? null;
  const posts = useUserQuery(inboxPostsQuery, readInboxPost);
  const shared = useUserDoc(
    (db, id) => doc(db, inboxStatePath(id)),
    readInboxState,
    inboxStateSnapshot,
  );
  const item = useMemo(() => (uid ? localItem(inboxReadKey(uid), readAtValue) : null), [uid]);
  // This page's own marks (the newest event each covered), for the account it was made in.
  const [marked, setMarked] = useState<{ uid: string; at: number | null } | null>(null);
  // Firestore's time once it answers; before that, or while the account never marked it, the last one this
  // browser saw.
  const remote = shared.status === 'success' ? shared.data : null;
  const base = remote ?? item?.read() ?? null;
  const current = latestReadAt(base, marked?.uid === uid ? marked.at : null);
  useEffect(() => {
    if (remote !== null) item?.write(remote);
  }, [item, remote]);
  const events = useMemo(
    () => (posts.status === 'success' ? inboxEvents(posts.data, current) : null),
    [posts, current],
  );
  const markAllRead = useCallback(() => {
    if (!uid) return;
    const at = latestReadAt(marked?.uid === uid ? marked.at : null, readMarkOf(events ?? []));
    if (at !== null) item?.write(latestReadAt(base, at)!);
    setMarked({ uid, at });
    markInboxRead(getFirebase().db, uid, at).catch((error: unknown) =>
      console.warn('[muse] could not save the inbox read time', error),
    );
  }, [base, events, item, marked, uid]);
  return { events, unread: events?.filter((e) => e.unread).length ?? 0, markAllRead };
}
