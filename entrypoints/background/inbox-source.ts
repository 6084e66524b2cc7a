import { createFirebaseApp } from '@core/firebase/clients';
import { getAuth } from 'firebase/auth/web-extension';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { panelFirebaseConfig } from '../sidepanel/firebase';
import { firestoreBadgeReads } from './badge-reads';
import type { FailureBadgeSource } from './failure-badge';

/**
 * The badge's reads as the background makes them: the side panel's Auth session (the web-extension build keeps
 * it in the extension's IndexedDB, which the worker shares with the panel) and, through the Firestore Lite SDK
 * (plain requests, no stream to hold in a worker that sleeps), the account's inbox read time and one count of
 * its failures after it (badge-reads.ts).
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
    ...firestoreBadgeReads(db),
  };
}
