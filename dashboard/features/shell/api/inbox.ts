import { doc } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { markInboxRead } from '@core/firebase/inbox';
import { inboxEvents, inboxPostsQuery, inboxReadKey, inboxStatePath, latestReadAt, readAtValue, readInboxPost, readInboxState, type InboxEvent } from '@core/inbox';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import { localItem } from '@/lib/local-store';
import { useUserDoc, useUserQuery } from '@/lib/live';

// The header inbox's data: the user's newest posts, live (core/inbox.ts: the query the extension's badge
// reads too), made into events. "Read" is the account's one read time in Firestore (users/{uid}/inbox/state),
// which Mark all read here and Open inbox in the extension's panel both move, so reading here clears the
// extension's badge too. This browser keeps the last one it saw for the first paint; Firestore's wins.

export interface Inbox {
  events: InboxEvent[] | null;
  unread: number;
  markAllRead: () => void;
}

export function useInbox(now: () => number = Date.now): Inbox {
  const uid = useAuth().user?.uid ?? null;
  const posts = useUserQuery(inboxPostsQuery, readInboxPost);
  const shared = useUserDoc((db, id) => doc(db, inboxStatePath(id)), readInboxState);
  const item = useMemo(() => (uid ? localItem(inboxReadKey(uid), readAtValue) : null), [uid]);
  // A mark of this page, until Firestore answers it (the SDK's estimate at once, the server's time after).
  const [marked, setMarked] = useState<{ uid: string; at: number; before: number | null } | null>(null);
  // Firestore's time once it answers; before that, or while the account never marked it, the last one this
  // browser saw.
  const remote = shared.status === 'success' ? shared.data : null;
  const base = remote ?? item?.read() ?? null;
  const current = marked && marked.uid === uid && marked.before === remote ? latestReadAt(marked.at, base) : base;
  useEffect(() => {
    if (remote !== null) item?.write(remote);
  }, [item, remote]);
  const events = useMemo(() => (posts.status === 'success' ? inboxEvents(posts.data, current) : null), [posts, current]);
  const markAllRead = useCallback(() => {
    if (!uid) return;
    const latest = Math.max(now(), ...(events ?? []).map((e) => e.at.getTime()));
    item?.write(latest);
    setMarked({ uid, at: latest, before: remote });
    markInboxRead(getFirebase().db, uid).catch((error: unknown) => console.warn('[muse] could not save the inbox read time', error));
  }, [events, item, now, remote, uid]);
  return { events, unread: events?.filter((e) => e.unread).length ?? 0, markAllRead };
}
