import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import { connectFirestoreEmulator, initializeFirestore, type Firestore } from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, type Functions } from 'firebase/functions';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { createFirebaseApp, type FirebaseAppClients } from './clients';
import { FUNCTIONS_REGION, type FirebaseClientConfig } from './config';

export interface FirebaseClients extends FirebaseAppClients {
  db: Firestore;
  storage: FirebaseStorage;
  functions: Functions;
}

/** Adds Firestore, Storage and Functions to an app made by createFirebaseApp (emulators when configured). */
export function addDataClients(base: FirebaseAppClients): FirebaseClients {
  // Long polling is detected automatically; it keeps listeners working behind proxies and in extension pages.
  const db = initializeFirestore(base.app, { experimentalAutoDetectLongPolling: true });
  const storage = getStorage(base.app);
  const functions = getFunctions(base.app, FUNCTIONS_REGION);
  const emu = base.config.emulators;
  if (emu) {
    connectFirestoreEmulator(db, emu.host, emu.firestore);
    connectStorageEmulator(storage, emu.host, emu.storage);
    connectFunctionsEmulator(functions, emu.host, emu.functions);
  }
  return { ...base, db, storage, functions };
}

/** Every client at once, for runtimes that need them all from the start (the extension's side panel). */
export function createFirebaseClients(
  config: FirebaseClientConfig,
  authFactory: (app: FirebaseApp) => Auth,
): FirebaseClients {
  return addDataClients(createFirebaseApp(config, authFactory));
}
