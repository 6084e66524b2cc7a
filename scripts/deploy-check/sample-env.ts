/**
 * A production env for a real (made-up) project: what deploy:check and the tests that build for production
 * (tests/hosting, tests/unit/extension/manifest.test.ts) build with. Not a demo- id, so the builds take the
 * path a real deploy takes (core/firebase/config.ts parseBuildEnv); nothing is ever sent to it.
 */
export const SAMPLE_PROJECT_ID = 'muse-sample-prod';

export const SAMPLE_PRODUCTION_ENV = {
  VITE_FIREBASE_PROJECT_ID: SAMPLE_PROJECT_ID,
  VITE_FIREBASE_API_KEY: 'AIzaSyA-sample-key-for-offline-builds-0000',
  VITE_FIREBASE_AUTH_DOMAIN: `${SAMPLE_PROJECT_ID}.firebaseapp.com`,
  VITE_FIREBASE_STORAGE_BUCKET: `${SAMPLE_PROJECT_ID}.firebasestorage.app`,
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000000000',
  VITE_DASHBOARD_URL: 'https://studio.muse-sample.example',
  VITE_FIREBASE_EMULATORS: '',
  // The dashboard's custom domain (functions/src/config.ts reads the same variable for OAuth redirects).
  DASHBOARD_ORIGINS: 'https://studio.muse-sample.example',
} as const;
