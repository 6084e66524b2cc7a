import { getAuth } from 'firebase/auth';
import { createFirebaseApp, type FirebaseAppClients } from '@core/firebase/clients';
import { getEnv } from '@/config/env';

let base: FirebaseAppClients | undefined;

/**
 * The dashboard's Firebase app and Auth, created on first use. Signed-out pages import only this;
 * getFirebase() in ./firebase adds Firestore, Storage and Functions on the same app.
 */
export function getFirebaseApp(): FirebaseAppClients {
  base ??= createFirebaseApp(getEnv(), getAuth);
  return base;
}
