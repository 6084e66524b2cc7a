import { useCallback, useMemo, useState } from 'react';
import { inboxEvents, inboxPostsQuery, inboxReadKey, readAtValue, readInboxPost, type InboxEvent } from '@core/inbox';
import { useAuth } from '@/lib/auth';
import { localItem } from '@/lib/local-store';
import { useUserQuery } from '@/lib/live';

// The header inbox's data: the user's newest posts, live (core/inbox.ts: the query the extension's badge
// reads too), made into events; "read" is the time Mark all read was pressed, kept in this browser per account.

export interface Inbox {
  events: InboxEvent[] | null;
  unread: number;
  markAllRead: () => void;
}

export function useInbox(now: () => number = Date.now): Inbox {
  const uid = useAuth().user?.uid ?? null;
  const posts = useUserQuery(inboxPostsQuery, readInboxPost);
  const item = useMemo(() => (uid ? localItem(inboxReadKey(uid), readAtValue) : null), [uid]);
  const [readAt, setReadAt] = useState<{ uid: string | null; at: number | null }>(() => ({ uid, at: item?.read() ?? null }));
  // A different account signed in: its own read time.
  const current = readAt.uid === uid ? readAt.at : (item?.read() ?? null);
  const events = useMemo(() => (posts.status === 'success' ? inboxEvents(posts.data, current) : null), [posts, current]);
  const markAllRead = useCallback(() => {
    const latest = Math.max(now(), ...(events ?? []).map((e) => e.at.getTime()));
    item?.write(latest);
    setReadAt({ uid, at: latest });
  }, [events, item, now, uid]);
  return { events, unread: events?.filter((e) => e.unread).length ?? 0, markAllRead };
}
