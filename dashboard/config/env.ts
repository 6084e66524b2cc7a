import { parseFirebaseEnv, type FirebaseClientConfig } from '@core/firebase/config';

let cached: FirebaseClientConfig | undefined;

/** The dashboard's build-time configuration, parsed once on first use (never at import time). */
export function getEnv(): FirebaseClientConfig {
  cached ??= parseFirebaseEnv(import.meta.env);
  return cached;
}
