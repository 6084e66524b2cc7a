import { inboxPostsQuery, readInboxPost, unreadFailures } from '@core/inbox';
import { useLiveQuery } from '@core/react/use-live';
import type { Firestore } from 'firebase/firestore';
import { useCallback, useEffect, useState } from 'react';
import { showFailureBadge } from '../logic/failure-badge';
import { inboxReadAtStorage } from '../panel-storage';

/**
 * The signed-in user's failed posts not read yet (the inbox's own query and rule, core/inbox.ts), live while
 * the panel is open, shown on the toolbar icon. The badge stays when the panel closes. markRead() is called
 * when the user opens the inbox from the panel: the failures so far are read.
 */
export function useFailureBadge(db: Firestore, uid: string, now: () => number = Date.now): { count: number | null; markRead(): void } {
  const posts = useLiveQuery(inboxPostsQuery(db, uid), readInboxPost);
  const [readAt, setReadAt] = useState<{ ready: boolean; at: number | null }>({ ready: false, at: null });
  useEffect(() => {
    let active = true;
    const pick = (all: Record<string, number>) => setReadAt({ ready: true, at: all[uid] ?? null });
    void inboxReadAtStorage.getValue().then((all) => {
      if (active) pick(all);
    });
    const unwatch = inboxReadAtStorage.watch(pick);
    return () => {
      active = false;
      unwatch();
    };
  }, [uid]);
  const count = posts.status === 'success' && readAt.ready ? unreadFailures(posts.data, readAt.at) : null;
  useEffect(() => {
    if (count === null) return;
    showFailureBadge(count).catch((error: unknown) => console.warn('[muse] could not set the badge', error));
  }, [count]);
  const latest = posts.status === 'success' ? Math.max(0, ...posts.data.map((p) => p.at?.getTime() ?? 0)) : 0;
  const markRead = useCallback(() => {
    // As the dashboard's Mark all read: a post stamped a little ahead of this clock is read too.
    const at = Math.max(now(), latest);
    setReadAt({ ready: true, at });
    void inboxReadAtStorage.getValue().then((all) => inboxReadAtStorage.setValue({ ...all, [uid]: at }));
  }, [latest, now, uid]);
  return { count, markRead };
}
