import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../../tests/e2e/support/env';
import { localDir, root } from '../stack/paths';
import { run } from '../stack/processes';

const RUNS = 10;
const OUT = `${localDir}/bench/extension`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function gzipSizes(
  paths: Iterable<string>,
): Promise<{ files: number; raw: number; gzip: number }> {
  let files = 0;
  let raw = 0;
  let gzip = 0;
  for (const path of paths) {
    const bytes = await readFile(path);
    files += 1;
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * The side panel from a production build of the extension, loaded in Chromium: open to interactive (the
 * signed-out panel's email field ready for typing; median of RUNS fresh opens) and the JavaScript the
 * panel page loads at open, raw and gzip: every script the page requested from the start of navigation
 * until the network is idle after the form is ready (modules and dynamic imports alike). Signed out, so
 * no stack is needed: the panel's first screen. allChunks* is every script the panel page can load; a
 * signed-in panel loads them all (Firestore, Storage, Functions and the creation cards are imported lazily).
 */
export async function sidePanelBench(): Promise<Record<string, string | number>> {
  const b = run(process.execPath, [`${root}node_modules/wxt/bin/wxt.mjs`, 'build'], {
    quiet: true,
    env: {
      WXT_OUT_DIR: OUT,
      VITE_FIREBASE_PROJECT_ID: 'demo-muse-bench',
      VITE_FIREBASE_EMULATORS: JSON.stringify({
        host: '127.0.0.1',
        auth: 1,
        firestore: 2,
        functions: 3,
        storage: 4,
      }),
      VITE_DASHBOARD_URL: 'http://127.0.0.1:1',
    },
  });
  if (b.status !== 0) throw new Error(b.output);
  const extensionDir = join(OUT, 'chrome-mv3');
  const userDataDir = await mkdtemp(join(tmpdir(), 'muse-bench-panel-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: false,
    viewport: { width: 400, height: 760 },
    args: [
      '--headless=new',
      ...chromiumArgs,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const panelUrl = `chrome-extension://${new URL(worker.url()).host}/sidepanel.html`;
    const times: number[] = [];
    const loaded = new Set<string>();
    for (let i = 0; i < RUNS + 1; i++) {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
      });
      const started = Date.now();
      await page.goto(panelUrl);
      await page.getByLabel('Email address').waitFor({ state: 'visible' });
      const ms = Date.now() - started;
      // The first open also pays for the extension's first start: it is a warm-up, not a figure.
      if (i > 0) times.push(ms);
      await page.waitForLoadState('networkidle');
      for (const path of scripts) loaded.add(path);
      await page.close();
    }
    const atOpen = await gzipSizes([...loaded].map((path) => join(extensionDir, path)));
    const chunksDir = join(extensionDir, 'chunks');
    const all = await gzipSizes(
      (await readdir(chunksDir))
        .filter((name) => name.endsWith('.js'))
        .map((name) => join(chunksDir, name)),
    );
    return {
      runs: RUNS,
      openToInteractiveMs_median: median(times),
      openToInteractiveMs_max: Math.max(...times),
      jsFiles: atOpen.files,
      jsKiB: kib(atOpen.raw),
      jsGzipKiB: kib(atOpen.gzip),
      allChunksFiles: all.files,
      allChunksGzipKiB: kib(all.gzip),
    };
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}
