import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
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

/** The panel page's scripts and everything they import statically (Chromium does not list extension resources in its timing entries). */
async function panelScripts(extensionDir: string): Promise<Set<string>> {
  const html = await readFile(join(extensionDir, 'sidepanel.html'), 'utf8');
  const found = new Set<string>();
  const queue = [...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)].map((m) => m[1]!);
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (found.has(path)) continue;
    found.add(path);
    const code = await readFile(join(extensionDir, path), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) queue.push(posix.join(posix.dirname(path), m[1]!));
  }
  return found;
}

/**
 * The side panel from a production build of the extension, loaded in Chromium: open to interactive (the
 * signed-out panel's email field ready for typing; median of RUNS fresh opens) and the JavaScript the
 * panel page loads, raw and gzip. Signed out, so no stack is needed: the panel's first screen.
 */
export async function sidePanelBench(): Promise<Record<string, string | number>> {
  const b = run(process.execPath, [`${root}node_modules/wxt/bin/wxt.mjs`, 'build'], {
    quiet: true,
    env: {
      WXT_OUT_DIR: OUT,
      VITE_FIREBASE_PROJECT_ID: 'demo-muse-bench',
      VITE_FIREBASE_EMULATORS: JSON.stringify({ host: '127.0.0.1', auth: 1, firestore: 2, functions: 3, storage: 4 }),
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
    args: ['--headless=new', ...chromiumArgs, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const panelUrl = `chrome-extension://${new URL(worker.url()).host}/sidepanel.html`;
    const times: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(panelUrl);
      await page.getByLabel('Email address').waitFor({ state: 'visible' });
      const ms = Date.now() - started;
      // The first open also pays for the extension's first start: it is a warm-up, not a figure.
      if (i > 0) times.push(ms);
      await page.close();
    }
    const scripts = await panelScripts(extensionDir);
    let raw = 0;
    let gzip = 0;
    for (const path of scripts) {
      const bytes = await readFile(join(extensionDir, path));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    return {
      runs: RUNS,
      openToInteractiveMs_median: median(times),
      openToInteractiveMs_max: Math.max(...times),
      jsFiles: scripts.size,
      jsKiB: (raw / 1024).toFixed(1),
      jsGzipKiB: (gzip / 1024).toFixed(1),
    };
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}
