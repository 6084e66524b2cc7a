import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, chromium, type BrowserContext, type Page } from '@playwright/test';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { userCollectionPath, userDocPath } from '../../../core/firestore-paths';
import type { GenerationType } from '../../../core/schemas';
import { createUser, type TestUser } from '../support/auth-emulator';
import { chromiumArgs, e2eEnv } from '../support/env';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The built extension (`npx wxt build`); EXTENSION_DIR points elsewhere, e.g. a Firefox-free CI artefact. */
export const extensionDir = resolve(process.env.EXTENSION_DIR ?? join(repoRoot, '.output/chrome-mv3'));

/** Roughly the size Chrome gives a side panel. */
export const sidePanelViewport = { width: 400, height: 760 };

// The Admin SDK finds the emulator and the project through these; set before the first Firestore use
// (without GCLOUD_PROJECT it asks the cloud metadata server, which only logs a warning here).
process.env.FIRESTORE_EMULATOR_HOST ??= e2eEnv.firestoreHost;
process.env.GCLOUD_PROJECT ??= e2eEnv.projectId;

function admin(): App {
  const name = 'e2e-extension';
  return getApps().find((a) => a.name === name) ?? initializeApp({ projectId: e2eEnv.projectId }, name);
}

export interface SeedGeneration {
  type: GenerationType;
  title: string;
  prompt?: string;
  /** Minutes before now; larger is older. */
  minutesAgo: number;
  thumbnailUrl?: string;
}

/** Writes library items the way functions do (Admin SDK, so security rules do not apply). */
export async function seedGenerations(uid: string, items: SeedGeneration[]): Promise<void> {
  const db = getFirestore(admin());
  const batch = db.batch();
  for (const item of items) {
    batch.set(db.collection(userCollectionPath(uid, 'generations')).doc(), {
      type: item.type,
      title: item.title,
      prompt: item.prompt ?? item.title,
      storagePath: `${uid}/generations/${item.title.replace(/\W+/g, '-').toLowerCase()}`,
      thumbnailUrl: item.thumbnailUrl ?? '',
      originalUrl: '',
      createdAt: Timestamp.fromMillis(Date.now() - item.minutesAgo * 60_000),
      metadata: {},
    });
  }
  await batch.commit();
}

export async function seedProfile(uid: string, profile: { displayName: string }): Promise<void> {
  await getFirestore(admin()).doc(userDocPath(uid)).set({ ...profile, createdAt: Timestamp.now() }, { merge: true });
}

/** Fills and submits the side panel's sign-in form, as a person would. */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Your Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

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
      throw new Error(`No built extension in ${extensionDir}: run \`npx wxt build\` first (or set EXTENSION_DIR).`);
    }
    const userDataDir = await mkdtemp(join(tmpdir(), 'muse-extension-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: e2eEnv.chromiumPath,
      headless: false,
      colorScheme,
      viewport: sidePanelViewport,
      args: ['--headless=new', ...chromiumArgs, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
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
});

export { expect } from '@playwright/test';
