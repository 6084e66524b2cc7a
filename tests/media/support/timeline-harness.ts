import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { parseFirebaseEnv } from '../../../core/firebase/config';
import { chromiumArgs } from '../../e2e/support/env';
import { freePort, root } from './harness';

// The editor's real timeline component on a page of its own (tests/media/timeline), served by Vite with the
// dashboard's React and Tailwind set-up (dashboard/vite.config.ts) and driven by Chromium: the render
// bench's frame times while scrolling and zooming (scripts/bench/render-timeline.ts). `mediaDir` is served
// at the page's own origin (Vite's public folder), so the timeline's media worker fetches it as it would
// a library file.

export interface TimelineHarness {
  url: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function startTimelineHarness(mediaDir: string, opts: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {}): Promise<TimelineHarness> {
  const port = await freePort();
  const vite: ViteDevServer = await createServer({
    configFile: false,
    root: join(root, 'tests/media/timeline'),
    publicDir: mediaDir,
    cacheDir: join(root, '.local/vite-timeline-harness'),
    resolve: { alias: { '@core': join(root, 'core'), '@': join(root, 'dashboard') } },
    // The caption inspector reaches the Firebase client modules: a demo project whose emulators are never called.
    define: { __MUSE_FIREBASE_CONFIG__: JSON.stringify(parseFirebaseEnv({ VITE_FIREBASE_PROJECT_ID: 'demo-muse-bench' })) },
    plugins: [react(), tailwindcss()],
    logLevel: 'warn',
    optimizeDeps: { entries: ['index.html'], include: ['mediabunny'] },
    worker: { format: 'es' },
    server: { host: '127.0.0.1', port, strictPort: true, hmr: false, fs: { allow: [root, realpathSync(join(root, 'node_modules'))] } },
  });
  let browser: Browser | undefined;
  try {
    await vite.listen();
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
    const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 800 }, colorScheme: opts.colorScheme ?? 'light' });
    const page = await context.newPage();
    const url = `http://127.0.0.1:${port}/`;
    await page.goto(url);
    await page.waitForFunction(() => window.museTimelineReady === true, undefined, { timeout: 120_000 });
    const b = browser;
    return {
      url,
      browser: b,
      context,
      page,
      async close() {
        await b.close().catch(() => undefined);
        await vite.close();
      },
    };
  } catch (error) {
    await browser?.close().catch(() => undefined);
    await vite.close();
    throw error;
  }
}
