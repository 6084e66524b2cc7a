import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build, preview, type InlineConfig, type PreviewServer } from 'vite';
import { parseFirebaseEnv } from '../../../core/firebase/config';
import { chromiumArgs } from '../../e2e/support/env';
import { freePort, root } from './harness';

// The editor's real timeline component on a page of its own (tests/media/timeline), built by Vite for
// production with the dashboard's React and Tailwind set-up (dashboard/vite.config.ts), served by Vite's
// preview server and driven by Chromium: the render bench's frame times while scrolling and zooming
// (scripts/bench/render-timeline.ts). `mediaDir` is served at the page's own origin (Vite's public
// folder, copied into the build), so the timeline's media worker fetches it as it would a library file.

export interface TimelineHarness {
  url: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function startTimelineHarness(
  mediaDir: string,
  opts: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<TimelineHarness> {
  const port = await freePort();
  const config: InlineConfig = {
    configFile: false,
    root: join(root, 'tests/media/timeline'),
    publicDir: mediaDir,
    cacheDir: join(root, '.local/vite-timeline-harness'),
    resolve: { alias: { '@core': join(root, 'core'), '@': join(root, 'dashboard') } },
    // The caption inspector reaches the Firebase client modules: a demo project whose emulators are never called.
    define: {
      __MUSE_FIREBASE_CONFIG__: JSON.stringify(
        parseFirebaseEnv({ VITE_FIREBASE_PROJECT_ID: 'demo-muse-bench' }),
      ),
    },
    plugins: [react(), tailwindcss()],
    logLevel: 'warn',
    worker: { format: 'es' },
    // A production build, as the dashboard ships: React's development build checks every element and
    // property it renders, which takes most of a frame's time in a timeline this size.
    mode: 'production',
    // Profiled (MUSE_BENCH_TIMELINE_PROFILE), it keeps its names: a profile then names the functions.
    build: {
      outDir: join(root, '.local/timeline-harness-dist'),
      emptyOutDir: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 5000,
      ...(process.env.MUSE_BENCH_TIMELINE_PROFILE ? { minify: false } : {}),
    },
    preview: { host: '127.0.0.1', port, strictPort: true },
  };
  await build(config);
  const server: PreviewServer = await preview(config);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    });
    const context = await browser.newContext({
      viewport: opts.viewport ?? { width: 1280, height: 800 },
      colorScheme: opts.colorScheme ?? 'light',
    });
    const page = await context.newPage();
    const url = `http://127.0.0.1:${port}/`;
    await page.goto(url);
    await page.waitForFunction(() => window.museTimelineReady === true, undefined, {
      timeout: 120_000,
    });
    const b = browser;
    return {
      url,
      browser: b,
      context,
      page,
      async close() {
        await b.close().catch(() => undefined);
        await server.close();
      },
    };
  } catch (error) {
    await browser?.close().catch(() => undefined);
    await server.close();
    throw error;
  }
}
