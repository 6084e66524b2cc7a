import { realpathSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import {
  FUNCTIONS_REGION,
  parseBuildEnv,
  type FirebaseClientConfig,
} from '../core/firebase/config';
import { pinnedConnectPolicy, securityHeaderRecord } from './security-headers';

const root = fileURLToPath(new URL('.', import.meta.url));
const envDir = fileURLToPath(new URL('..', import.meta.url));

/** The built index.html carries a second CSP that pins callables to this build's own project (security-headers.ts). */
function pinnedConnectMeta(env: FirebaseClientConfig): Plugin {
  return {
    name: 'muse-pinned-connect-src',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: {
          'http-equiv': 'Content-Security-Policy',
          content: pinnedConnectPolicy(
            { projectId: env.projectId, region: FUNCTIONS_REGION },
            env.emulators,
          ),
        },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig(({ mode }) => {
  // A production build for a real project refuses an incomplete env or a demo- id (core/firebase/config.ts).
  const env = parseBuildEnv(loadEnv(mode, envDir, 'VITE_'), { mode, target: 'dashboard' });
  return {
    root,
    envDir,
    // The Firebase config, checked here and inlined (dashboard/config/env.ts): the page loads no validator.
    define: {
      __MUSE_FIREBASE_CONFIG__: JSON.stringify(env),
    },
    plugins: [react(), tailwindcss(), pinnedConnectMeta(env)],
    resolve: {
      alias: {
        '@core': fileURLToPath(new URL('../core', import.meta.url)),
        '@': root,
      },
    },
    // ffmpeg.wasm spawns its worker with new URL(..., import.meta.url) and loads its core by URL: pre-bundling
    // would break both, so they stay as shipped. The core itself (@ffmpeg/core?url, 32 MB wasm) is emitted
    // as an asset of our own origin and fetched only by a render that needs it.
    optimizeDeps: { exclude: ['@ffmpeg/ffmpeg', '@ffmpeg/util'] },
    worker: { format: 'es' },
    // Packages excluded from pre-bundling are served by their real path: in a worktree node_modules is a
    // symlink to a shared install outside the repo, which Vite would otherwise refuse (403).
    server: {
      host: '127.0.0.1',
      port: 5173,
      strictPort: true,
      fs: {
        allow: [
          fileURLToPath(new URL('..', import.meta.url)),
          realpathSync(fileURLToPath(new URL('../node_modules', import.meta.url))),
        ],
      },
    },
    // The production build is previewed with the hosting headers (firebase.json); an emulator build also
    // lets the page reach the emulators named in VITE_FIREBASE_EMULATORS.
    preview: {
      host: '127.0.0.1',
      port: 4173,
      strictPort: true,
      headers: securityHeaderRecord(env.emulators),
    },
    build: {
      outDir: fileURLToPath(new URL('../dist/dashboard', import.meta.url)),
      emptyOutDir: true,
      sourcemap: true,
      chunkSizeWarningLimit: 700,
      // The licences of every bundled package, served beside the app (soundtouchjs's LGPL-2.1 asks for its
      // text to reach users: docs/architecture.md). Not under a dot folder: Hosting deploys no hidden files.
      license: { fileName: 'licenses.md' },
    },
  };
});
