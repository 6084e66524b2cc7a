import { getAuth } from 'firebase/auth';
import { createFirebaseClients, type FirebaseClients } from '@core/firebase/clients';
import { getEnv } from '@/config/env';

let clients: FirebaseClients | undefined;

/** The dashboard's Firebase clients, created on first use so nothing initialises at import time. */
export function getFirebase(): FirebaseClients {
  clients ??= createFirebaseClients(getEnv(), getAuth);
  return clients;
}
