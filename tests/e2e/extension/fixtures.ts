import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from '@playwright/test';
import { createUser, type TestUser } from '../support/auth-emulator';
import { chromiumArgs, e2eEnv } from '../support/env';
import { test as base } from '../support/fixtures';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The built extension (`npx wxt build`); EXTENSION_DIR points elsewhere, e.g. a Firefox-free CI artefact. */
export const extensionDir = resolve(
  process.env.EXTENSION_DIR ?? join(repoRoot, '.output/chrome-mv3'),
);

/** Roughly the size Chrome gives a side panel. */
export const sidePanelViewport = { width: 400, height: 760 };

interface ExtensionFixtures {
  context: BrowserContext;
  extensionId: string;
  /** chrome-extension://<id>/sidepanel.html: the side panel opened in a tab. */
  sidePanelUrl: string;
  user: TestUser;
}

export const test = base.extend<ExtensionFixtures>({
  // Extensions need a persistent context; Chromium's new headless mode loads them.
  context: async ({ colorScheme }, use) => {
    if (!existsSync(join(extensionDir, 'manifest.json'))) {
      throw new Error(
        `No built extension in ${extensionDir}: run \`npx wxt build\` first (or set EXTENSION_DIR).`,
      );
    }
    const userDataDir = await mkdtemp(join(tmpdir(), 'muse-extension-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: e2eEnv.chromiumPath,
      headless: false,
      colorScheme,
      viewport: sidePanelViewport,
      args: [
        '--headless=new',
        ...chromiumArgs,
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
      ],
    });
    await use(context);
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  },
  extensionId: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(new URL(worker.url()).host);
  },
  sidePanelUrl: async ({ extensionId }, use) => {
    await use(`chrome-extension://${extensionId}/sidepanel.html`);
  },
  /** A fresh account in the Auth emulator (REST signUp), with no display name of its own. */
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
  user: async ({}, use) => {
    await use(await createUser());
  },
  /** The driver acts as `user`: seeds go to that account and submitSignIn fills its credentials. */
  muse: async ({ muse, user }, use) => {
    await use(muse.as(user));
  },
});

export { expect, waits } from '../support/fixtures';
