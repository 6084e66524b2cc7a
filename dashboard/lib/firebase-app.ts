import {
  browserLocalPersistence,
  browserSessionPersistence,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import type { FirebaseApp } from 'firebase/app';
import { createFirebaseApp, type FirebaseAppClients } from '@core/firebase/clients';
import { getEnv } from '@/config/env';

let base: FirebaseAppClients | undefined;

/**
 * getAuth's persistence without its popup/redirect resolver: the dashboard signs in with email only, and
 * the resolver is a sizeable part of the first page's JavaScript (`npm run bench -- first-page-js`).
 */
function createAuth(app: FirebaseApp): Auth {
  return initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
}

/**
 * The dashboard's Firebase app and Auth, created on first use. Signed-out pages import only this;
 * getFirebase() in ./firebase adds Firestore, Storage and Functions on the same app.
 */
export function getFirebaseApp(): FirebaseAppClients {
  base ??= createFirebaseApp(getEnv(), createAuth);
  return base;
}
