import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { e2eEnv, waits } from './env';

// The one Admin SDK app of the e2e suites: Firestore and Storage on the emulators, rules bypassed, for
// seeding and for checking what the app stored.

const APP_NAME = 'e2e-admin';

export const bucketName = () => `${e2eEnv.projectId}.appspot.com`;

function adminApp(): App {
  // The Admin SDK finds the emulators and the project through these; without GCLOUD_PROJECT it asks the
  // cloud metadata server, which only logs a warning here.
  process.env.FIRESTORE_EMULATOR_HOST ??= e2eEnv.firestoreHost;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= e2eEnv.storageHost;
  process.env.GCLOUD_PROJECT ??= e2eEnv.projectId;
  return (
    getApps().find((a) => a.name === APP_NAME) ??
    initializeApp({ projectId: e2eEnv.projectId, storageBucket: bucketName() }, APP_NAME)
  );
}

export function adminDb(): Firestore {
  return getFirestore(adminApp());
}

export function adminBucket() {
  return getStorage(adminApp()).bucket(bucketName());
}

/** Polls until `read` returns something truthy (a stored write lands asynchronously after the UI reacts). */
export async function eventually<T>(
  read: () => Promise<T | undefined | null | false>,
  timeoutMs = waits.step,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > until) throw new Error('Timed out waiting for the stored value');
    await new Promise((r) => setTimeout(r, 200));
  }
}
