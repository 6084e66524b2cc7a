import { addDataClients, type FirebaseClients } from '@core/firebase/data-clients';
import { getFirebaseApp } from './firebase-app';

let clients: FirebaseClients | undefined;

/** The dashboard's Firebase clients, created on first use so nothing initialises at import time. */
export function getFirebase(): FirebaseClients {
  clients ??= addDataClients(getFirebaseApp());
  return clients;
}
