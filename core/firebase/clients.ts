import { initializeApp, type FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import { connectAuthEmulator } from 'firebase/auth';
import { connectFirestoreEmulator, initializeFirestore, type Firestore } from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, type Functions } from 'firebase/functions';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { FUNCTIONS_REGION, type FirebaseClientConfig } from './config';

export interface FirebaseClients {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
  storage: FirebaseStorage;
  functions: Functions;
  config: FirebaseClientConfig;
}

/**
 * Creates the Firebase clients for one runtime. The auth factory differs per runtime: the dashboard
 * passes firebase/auth's getAuth, the extension firebase/auth/web-extension's (no remote scripts in MV3).
 */
export function createFirebaseClients(config: FirebaseClientConfig, authFactory: (app: FirebaseApp) => Auth): FirebaseClients {
  const app = initializeApp({
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    projectId: config.projectId,
    storageBucket: config.storageBucket,
    ...(config.appId ? { appId: config.appId } : {}),
  });
  const auth = authFactory(app);
  // Long polling is detected automatically; it keeps listeners working behind proxies and in extension pages.
  const db = initializeFirestore(app, { experimentalAutoDetectLongPolling: true });
  const storage = getStorage(app);
  const functions = getFunctions(app, FUNCTIONS_REGION);
  const emu = config.emulators;
  if (emu) {
    connectAuthEmulator(auth, `http://${emu.host}:${emu.auth}`, { disableWarnings: true });
    connectFirestoreEmulator(db, emu.host, emu.firestore);
    connectStorageEmulator(storage, emu.host, emu.storage);
    connectFunctionsEmulator(functions, emu.host, emu.functions);
  }
  return { app, auth, db, storage, functions, config };
}
