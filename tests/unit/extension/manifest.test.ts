import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'wxt';
import { SAMPLE_PRODUCTION_ENV } from '../../../scripts/deploy-check/sample-env';
import { extensionPagesPolicy, extensionPermissions } from '../../../wxt.config';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

interface Manifest {
  manifest_version: number;
  permissions?: string[];
  host_permissions?: string[];
  side_panel?: { default_path?: string };
  sidebar_action?: { default_panel?: string };
  browser_specific_settings?: {
    gecko?: { id?: string; data_collection_permissions?: { required?: string[] } };
  };
  commands?: Record<string, unknown>;
  content_security_policy?: string | { extension_pages?: string };
}

// Each target is built the way `npx wxt build [-b firefox]` builds it, into a folder of its own.
const targets = ['chrome', 'firefox'] as const;
type Target = (typeof targets)[number];
const manifests = {} as Record<Target, Manifest>;
let outDir = '';
// WXT's build logs every step; the test reads the manifests instead.
const quiet: object = new Proxy({}, { get: (_, key) => (key === 'level' ? 0 : () => quiet) });

const shellEnv = { ...process.env };

beforeAll(async () => {
  // A production build for a real project needs every VITE_* value (core/firebase/config.ts parseBuildEnv).
  Object.assign(process.env, SAMPLE_PRODUCTION_ENV);
  outDir = await mkdtemp(join(tmpdir(), 'muse-manifest-'));
  for (const browser of targets) {
    const output = await build({
      root: repoRoot,
      browser,
      outDir: join(outDir, browser),
      logger: quiet as never,
    });
    const dir = join(outDir, browser, browser === 'firefox' ? 'firefox-mv2' : 'chrome-mv3');
    manifests[browser] = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    expect(output.manifest).toBeDefined();
  }
}, 180_000);

afterAll(async () => {
  for (const key of Object.keys(SAMPLE_PRODUCTION_ENV))
    if (shellEnv[key] === undefined) delete process.env[key];
    else process.env[key] = shellEnv[key];
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the built manifest', () => {
  it.each([
    ['chrome', ['activeTab', 'alarms', 'contextMenus', 'scripting', 'sidePanel', 'storage']],
    ['firefox', ['activeTab', 'alarms', 'contextMenus', 'scripting', 'storage']],
  ] as const)(
    'for %s asks for exactly the permissions wxt.config.ts justifies: %j',
    (browser, expected) => {
      const asked = [...(manifests[browser].permissions ?? [])].sort();
      expect(asked).toEqual([...expected]);
      expect(Object.keys(extensionPermissions(browser)).sort()).toEqual(asked);
      for (const reason of Object.values(extensionPermissions(browser)))
        expect(reason.length).toBeGreaterThan(20);
    },
  );

  it.each(targets)('for %s asks for no host permissions', (browser) => {
    expect(manifests[browser].host_permissions ?? []).toEqual([]);
  });

  it('for chrome opens the panel page as the side panel (MV3)', () => {
    expect(manifests.chrome.manifest_version).toBe(3);
    expect(manifests.chrome.side_panel?.default_path).toBe('sidepanel.html');
    expect(manifests.chrome.commands).toHaveProperty('_execute_action');
  });

  it("for firefox opens the panel page in Firefox's sidebar, with the shortcut", () => {
    expect(manifests.firefox.sidebar_action?.default_panel).toBe('sidepanel.html');
    expect(manifests.firefox.commands).toHaveProperty('_execute_sidebar_action');
  });

  it.each(targets)(
    'for %s lets the panel load pictures only from https, data:, blob: and itself, never another http host',
    (browser) => {
      const csp = manifests[browser].content_security_policy;
      const policy = typeof csp === 'string' ? csp : csp?.extension_pages;
      const imgSrc = policy
        ?.split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name === 'img-src');
      // An emulator build (as this one may be, from .env.development) adds its Storage emulator, and nothing else.
      const [, ...sources] = imgSrc ?? [];
      expect(sources.slice(0, 4)).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      expect(sources.slice(4)).toEqual(
        sources.length > 4 ? [expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/)] : [],
      );
      expect(policy).toContain("script-src 'self'");
    },
  );

  it('allows the Storage emulator of an emulator build, and no other local port', () => {
    const policy = extensionPagesPolicy({ host: '127.0.0.1', storage: 19199 });
    expect(policy).toContain("img-src 'self' data: blob: https: http://127.0.0.1:19199");
    expect(policy).not.toMatch(/\*|http:(?!\/\/127\.0\.0\.1:19199)/);
  });

  it('for firefox carries a gecko id and declares the data it sends', () => {
    const gecko = manifests.firefox.browser_specific_settings?.gecko;
    expect(gecko?.id).toMatch(/^[\w.-]+@[\w.-]+$/);
    expect(gecko?.data_collection_permissions?.required).toEqual(
      expect.arrayContaining(['authenticationInfo', 'websiteContent']),
    );
  });
});
