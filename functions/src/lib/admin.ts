import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

/** The Admin app, created on first use: nothing initialises at import time (builds and tests import freely). */
export function getAdminApp(): App {
  return getApps()[0] ?? initializeApp();
}

export function getDb(): Firestore {
  return getFirestore(getAdminApp());
}
