import { createFirebaseApp } from '@core/firebase/clients';
import { userCollectionPath } from '@core/firestore-paths';
import { INBOX_POSTS, inboxStatePath, readInboxPost, readInboxState } from '@core/inbox';
import { getAuth } from 'firebase/auth/web-extension';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  orderBy,
  query,
} from 'firebase/firestore/lite';
import { panelFirebaseConfig } from '../sidepanel/firebase';
import type { FailureBadgeSource } from './failure-badge';

/**
 * The inbox as the background reads it: the side panel's Auth session (the web-extension build keeps it in the
 * extension's IndexedDB, which the worker shares with the panel) and one read of the inbox's posts through the
 * Firestore Lite SDK (plain requests, no stream to hold in a worker that sleeps). The query is the inbox's own
 * (`inboxPostsQuery` in core/inbox.ts: newest by updatedAt, INBOX_POSTS of them) in the Lite SDK's functions,
 * and one read of the account's inbox read time (`inboxStatePath`), which the dashboard moves too.
 */
export function createInboxSource(): FailureBadgeSource {
  const config = panelFirebaseConfig();
  const { app, auth } = createFirebaseApp(config, getAuth);
  const db = getFirestore(app);
  if (config.emulators)
    connectFirestoreEmulator(db, config.emulators.host, config.emulators.firestore);
  return {
    async currentUid() {
      await auth.authStateReady();
      return auth.currentUser?.uid ?? null;
    },
    async readPosts(uid) {
      const snap = await getDocs(
        query(
          collection(db, userCollectionPath(uid, 'socialPosts')),
          orderBy('updatedAt', 'desc'),
          limit(INBOX_POSTS),
        ),
      );
      return snap.docs.map((d) => readInboxPost(d.id, d.data()));
    },
    async readReadAt(uid) {
      const snap = await getDoc(doc(db, inboxStatePath(uid)));
      return snap.exists() ? readInboxState(snap.id, snap.data()) : null;
    },
  };
}
