import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { defineConfig } from 'wxt';
import { parseBuildEnv, parseFirebaseEnv } from './core/firebase/config';

/** The extension's Firefox identity and what it sends off the device (Firefox asks the user at install). */
export const FIREFOX_GECKO = {
  id: 'browser-extension@muse.studio',
  // storage.session (the hand-offs between background and panel) and data_collection_permissions.
  strict_min_version: '140.0',
  data_collection_permissions: {
    // Signing in sends the account's email and password to Firebase Auth; what the user drafts from a
    // page (its title, address, selection, an image they pick) goes to the user's workspace and its AI.
    required: ['authenticationInfo', 'websiteContent'],
  },
} as const;

const envDir = fileURLToPath(new URL('.', import.meta.url));
/** The inlined config; a production build for a real project refuses an incomplete env or a demo- id. */
const buildEnv = (mode: string) =>
  parseBuildEnv(loadEnv(mode, envDir, 'VITE_'), { mode, target: 'extension' });
/**
 * The config the vite and manifest settings inline. `wxt prepare` (types only, always in production mode)
 * evaluates both too, so they read the env leniently; a build or zip is refused by the `build:before` hook
 * below, before anything is written.
 */
const inlinedEnv = (mode: string) => parseFirebaseEnv(loadEnv(mode, envDir, 'VITE_'));

/**
 * Every permission the extension asks for and why (tests/unit/extension/manifest.test.ts checks the
 * built manifests ask for exactly these). The content script runs on every page (<all_urls>) so the panel
 * follows the page and its selection live; the browser lists that as access to all sites.
 */
export function extensionPermissions(browser: string): Record<string, string> {
  return {
    // Firefox has its own sidebar (sidebar_action) and no sidePanel API.
    ...(browser === 'firefox'
      ? {}
      : {
          sidePanel:
            'The toolbar button, the shortcut and the context menus open the side panel (chrome.sidePanel).',
        }),
    storage:
      'Hand-offs between the background and the panel (session), and the draft and image job that survive closing the panel (local).',
    contextMenus:
      "'Write a post about this page', 'Send selection to Muse Studio' and 'Use this image in Muse Studio'.",
    activeTab:
      'Reads the page the user invoked the extension on when it has no content script yet (opened before install).',
    scripting:
      'Injects the page-context reader into such a tab (scripting.executeScript in background/active-page-context.ts).',
    alarms:
      'Wakes the background every minute to count the failed posts not read yet on the toolbar badge while the panel is closed (background/failure-badge.ts).',
  };
}

/**
 * The extension pages' Content-Security-Policy (the side panel). Scripts and plugins only from the extension
 * itself, as MV3 requires. Pictures: the extension's own files, data: and blob:, the build's Storage (a draft
 * or library picture; ownStoragePicture in core/data/draft.ts checks the bucket too) and the pages the user
 * reads (page-context-card and panel-intent-card show a page's own images, which may come from any https
 * host). No http: host but the Storage emulator of an emulator build: a picture address pointing at a
 * service on the user's machine or network (http://127.0.0.1:<port>/...) is never fetched.
 */
export function extensionPagesPolicy(emulators?: { host: string; storage: number }): string {
  const storage = emulators ? [`http://${emulators.host}:${emulators.storage}`] : [];
  return [
    "script-src 'self'",
    "object-src 'self'",
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...storage].join(' '),
  ].join('; ');
}

// The repo root is the WXT root and srcDir. WXT only
// looks for entrypoints in entrypointsDir, so dashboard/, functions/ and scripts/ are never built
// here; Tailwind's own source scan is limited in entrypoints/sidepanel/style.css.
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  // Copied as-is into the build (icons). Inside entrypoints/ so no other runtime's public/ is picked up;
  // WXT does not treat it as an entrypoint (no index file).
  publicDir: 'entrypoints/public',
  // The test stack builds into its own folder (WXT_OUT_DIR) so it never overwrites the dev build.
  outDir: process.env.WXT_OUT_DIR ?? '.output',
  imports: false,
  modules: ['@wxt-dev/module-react'],
  hooks: {
    // A production build for a real project refuses an incomplete env or a demo- id (core/firebase/config.ts).
    'build:before': (wxt) => {
      buildEnv(wxt.config.mode);
    },
  },
  // WXT passes these to Vite and writes them into .wxt/tsconfig.json, so editors resolve them too.
  alias: { '@core': 'core' },
  vite: ({ mode }) => ({
    // The Firebase config, checked here and inlined (entrypoints/sidepanel/firebase.ts): a bad value fails
    // the build, and the panel loads no validator at open. Same VITE_* env as import.meta.env.
    define: {
      __MUSE_FIREBASE_CONFIG__: JSON.stringify(inlinedEnv(mode)),
    },
    plugins: [tailwindcss()],
    // Extension pages load from disk, not the network; the Firebase SDK is most of the side panel.
    build: { chunkSizeWarningLimit: 1024 },
    resolve: {
      // Shared code (core/firebase/clients.ts) imports 'firebase/auth'. In the extension that must be
      // the web-extension build (no remote script loaders, MV3): otherwise the browser build is bundled
      // too (+50 kB) and both register the 'auth' component on one app, where the first one wins.
      alias: [
        { find: /^firebase\/auth$/, replacement: 'firebase/auth/web-extension' },
        // Firestore's pipeline-query regex engine, which the panel never runs (entrypoints/sidepanel/re2js-unused.ts).
        {
          find: /^re2js$/,
          replacement: fileURLToPath(
            new URL('./entrypoints/sidepanel/re2js-unused.ts', import.meta.url),
          ),
        },
      ],
    },
  }),
  manifest: ({ browser, manifestVersion, mode }) => ({
    name: 'Muse Studio',
    description: 'Create, save and share from any page with your Muse Studio workspace.',
    permissions: Object.keys(extensionPermissions(browser)),
    // No host_permissions: Firebase endpoints (and the emulators) answer CORS, and the content
    // script's matches already let the background read the page it runs on.
    action: { default_title: 'Open Muse Studio' },
    // The keyboard shortcut that opens the panel (entrypoints/README.md). Chrome runs the toolbar button's
    // action, which opens the side panel (openPanelOnActionClick); Firefox has a command for its sidebar.
    // Users change it at chrome://extensions/shortcuts or in Firefox's add-on shortcut settings.
    commands:
      browser === 'firefox'
        ? {
            _execute_sidebar_action: {
              suggested_key: { default: 'Alt+Shift+M' },
              description: 'Open Muse Studio',
            },
          }
        : {
            _execute_action: {
              suggested_key: { default: 'Alt+Shift+M' },
              description: 'Open Muse Studio',
            },
          },
    // Firefox builds MV2, where the policy is a plain string.
    content_security_policy: ((policy: string) =>
      manifestVersion === 2 ? policy : { extension_pages: policy })(
      extensionPagesPolicy(inlinedEnv(mode).emulators),
    ),
    // Firefox: the panel is its sidebar (sidebar_action, which WXT writes from entrypoints/sidepanel).
    ...(browser === 'firefox' ? { browser_specific_settings: { gecko: FIREFOX_GECKO } } : {}),
  }),
});
