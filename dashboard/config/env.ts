import type { FirebaseClientConfig } from '@core/firebase/config';

// Checked by parseFirebaseEnv when Vite loads its config (dashboard/vite.config.ts: a bad value fails
// the build or the dev server) and inlined, so the page itself loads no validator.
declare const __MUSE_FIREBASE_CONFIG__: FirebaseClientConfig;

/** The dashboard's build-time Firebase configuration. */
export function getEnv(): FirebaseClientConfig {
  return __MUSE_FIREBASE_CONFIG__;
}
