import { initializeApp, type FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import { connectAuthEmulator } from 'firebase/auth';
import type { FirebaseClientConfig } from './config';

/** The app and its Auth: all a signed-out page needs. Firestore, Storage and Functions are in ./data-clients. */
export interface FirebaseAppClients {
  app: FirebaseApp;
  auth: Auth;
  config: FirebaseClientConfig;
}

/**
 * Creates the Firebase app and Auth for one runtime. The auth factory differs per runtime: the dashboard
 * passes firebase/auth's getAuth, the extension firebase/auth/web-extension's (no remote scripts in MV3).
 * Kept apart from the data clients so the sign-in page does not download the Firestore, Storage and
 * Functions SDKs (`npm run bench -- first-page-js` measures it).
 */
export function createFirebaseApp(
  config: FirebaseClientConfig,
  authFactory: (app: FirebaseApp) => Auth,
): FirebaseAppClients {
  const app = initializeApp({
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    projectId: config.projectId,
    storageBucket: config.storageBucket,
    ...(config.appId ? { appId: config.appId } : {}),
  });
  const auth = authFactory(app);
  const emu = config.emulators;
  if (emu) connectAuthEmulator(auth, `http://${emu.host}:${emu.auth}`, { disableWarnings: true });
  return { app, auth, config };
}
