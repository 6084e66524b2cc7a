import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, createServer, preview, type InlineConfig, type ViteDevServer } from 'vite';
import type {
  RenderEngine,
  RenderInput,
} from '../../../dashboard/features/video-editor/render/render-timeline';
import { chromiumArgs } from '../../e2e/support/env';
import type { HarnessRenderOptions, HarnessResult } from '../harness/main';

// Serves tests/media/harness with Vite (in-process, 127.0.0.1, a free port in 23000-23999) and drives
// it with Chromium. Media files are served from a local folder at http://media.test/ with CORS
// headers, like Firebase Storage download URLs.

export const root = fileURLToPath(new URL('../../..', import.meta.url));
export const MEDIA_ORIGIN = 'http://media.test';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
};

export async function freePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = 23000 + Math.floor(Math.random() * 1000);
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer().once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('No free port in 23000-23999');
}

export interface Harness {
  page: Page;
  /** Null for a persistent profile's harness (startProfileHarness). */
  browser: Browser | null;
  /** The browser's main process id (for memory figures). */
  browserPid: number | undefined;
  render(
    input: RenderInput,
    engine: RenderEngine,
    opts?: HarnessRenderOptions,
  ): Promise<HarnessResult>;
  close(): Promise<void>;
}

/** Where a running harness is: its page's address, its browser's endpoint and main process id. */
export interface HarnessServer {
  url: string;
  wsEndpoint: string;
  browserPid: number | undefined;
}

/**
 * Starts the harness's Vite server and a Chromium server. The media suite starts one for all its files
 * (tests/media/support/global-setup.ts); each file opens its own browser context on it (openHarness).
 */
export async function startHarnessServer(
  opts: HarnessServerOptions = {},
): Promise<HarnessServer & { close(): Promise<void> }> {
  const vite = await startVite(opts.build);
  try {
    const server = await chromium.launchServer({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...chromiumArgs, ...(opts.extraArgs ?? [])],
    });
    return {
      url: vite.url,
      wsEndpoint: server.wsEndpoint(),
      browserPid: server.process().pid,
      async close() {
        await server.close().catch(() => undefined);
        await vite.close();
      },
    };
  } catch (error) {
    await vite.close();
    throw error;
  }
}

export interface HarnessServerOptions {
  extraArgs?: string[];
  /**
   * The page built by Vite for production and served by its preview server, as the dashboard ships (one
   * chunk for the export's worker, minified), instead of the dev server's module per file: what the
   * render bench measures. The media tests keep the dev server (no build to wait for).
   */
  build?: boolean;
}

/** The harness's Vite server alone (127.0.0.1, a free port in 23000-23999): dev, or a production build's preview. */
async function startVite(production = false): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const alias = { '@core': join(root, 'core'), '@': join(root, 'dashboard') };
  if (production) {
    const config: InlineConfig = {
      configFile: false,
      root: join(root, 'tests/media/harness'),
      cacheDir: join(root, '.local/vite-media-harness'),
      resolve: { alias },
      logLevel: 'warn',
      mode: 'production',
      worker: { format: 'es' },
      build: {
        outDir: join(root, '.local/media-harness-dist'),
        emptyOutDir: true,
        reportCompressedSize: false,
        chunkSizeWarningLimit: 50000,
      },
      preview: { host: '127.0.0.1', port, strictPort: true },
    };
    await build(config);
    const server = await preview(config);
    return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
  }
  const vite: ViteDevServer = await createServer({
    configFile: false,
    root: join(root, 'tests/media/harness'),
    // Our own cache: node_modules/.vite is shared by every worktree.
    cacheDir: join(root, '.local/vite-media-harness'),
    resolve: { alias },
    logLevel: 'warn',
    optimizeDeps: { exclude: ['@ffmpeg/ffmpeg', '@ffmpeg/util'], include: ['mediabunny'] },
    worker: { format: 'es' },
    server: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      hmr: false,
      fs: { allow: [root, realpathSync(join(root, 'node_modules'))] },
    },
  });
  try {
    await vite.listen();
  } catch (error) {
    await vite.close();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}/`, close: () => vite.close() };
}

/**
 * Opens the harness page in a browser context of its own on a running harness (its own storage, OPFS and
 * locks), serving `mediaDir` at MEDIA_ORIGIN. close() closes the context and leaves the browser running.
 */
export async function openHarness(at: HarnessServer, mediaDir: string): Promise<Harness> {
  const browser = await chromium.connect(at.wsEndpoint);
  try {
    // A context of its own (not browser.newPage()), so a test can open more tabs sharing its storage.
    const context = await browser.newContext();
    const page = await context.newPage();
    await openPage(page, at.url, mediaDir);
    return {
      page,
      browser,
      browserPid: at.browserPid,
      render: (input, engine, o) =>
        page.evaluate(([i, e, oo]) => window.museRender(i, e, oo), [
          input,
          engine,
          o ?? {},
        ] as const),
      async close() {
        await context.close().catch(() => undefined);
        // A connected browser's close() disconnects this client; the browser itself keeps running.
        await browser.close().catch(() => undefined);
      },
    };
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
}

/** The harness page at `url` with `mediaDir` served at MEDIA_ORIGIN, once it is ready. */
async function openPage(page: Page, url: string, mediaDir: string): Promise<void> {
  await page.route(`${MEDIA_ORIGIN}/**`, async (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    const body = await readFile(join(mediaDir, name)).catch(() => null);
    if (!body)
      return route.fulfill({ status: 404, headers: { 'access-control-allow-origin': '*' } });
    const headers = {
      'content-type': TYPES[extname(name)] ?? 'application/octet-stream',
      'access-control-allow-origin': '*',
      'accept-ranges': 'bytes',
    };
    // Byte ranges, as Storage serves them: a <video> seeks only in a file it can ask for by range.
    const range = /^bytes=(\d*)-(\d*)$/.exec(route.request().headers().range ?? '');
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, body.length - Number(range[2]));
      const end =
        range[1] && range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
      if (start > end)
        return route.fulfill({
          status: 416,
          headers: { ...headers, 'content-range': `bytes */${body.length}` },
        });
      return route.fulfill({
        status: 206,
        body: body.subarray(start, end + 1),
        headers: { ...headers, 'content-range': `bytes ${start}-${end}/${body.length}` },
      });
    }
    return route.fulfill({ status: 200, body, headers });
  });
  await page.goto(url);
  await page.waitForFunction(() => window.museReady === true, undefined, { timeout: 120_000 });
}

/**
 * A harness whose page runs in a persistent profile in `userDataDir` (launchPersistentContext): its storage,
 * OPFS included, on disk as in a user's browser. A context of browser.newContext() is off-the-record, and
 * Chromium keeps an off-the-record origin's OPFS files in the browser process's memory (a 200 MiB file
 * there is 200 MiB more of that process), so an export's file counts as memory there. `browser` is null.
 */
export async function startProfileHarness(
  mediaDir: string,
  userDataDir: string,
  opts: { build?: boolean } = {},
): Promise<Harness> {
  const vite = await startVite(opts.build);
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await openPage(page, vite.url, mediaDir);
    return {
      page,
      browser: null,
      browserPid: profileBrowserPid(userDataDir),
      render: (input, engine, o) =>
        page.evaluate(([i, e, oo]) => window.museRender(i, e, oo), [
          input,
          engine,
          o ?? {},
        ] as const),
      async close() {
        await context.close().catch(() => undefined);
        await vite.close();
      },
    };
  } catch (error) {
    await vite.close();
    throw error;
  }
}

/** The main process of the Chromium running on `userDataDir` (no --type= among its arguments). */
function profileBrowserPid(userDataDir: string): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (
        args.some((a) => a === `--user-data-dir=${userDataDir}`) &&
        !args.some((a) => a.startsWith('--type='))
      )
        return Number(name);
    } catch {
      /* gone */
    }
  }
  return undefined;
}

/** A harness of its own: its Vite server, its Chromium and a page (npm run bench -- render). */
export async function startHarness(
  mediaDir: string,
  opts: HarnessServerOptions = {},
): Promise<Harness> {
  const server = await startHarnessServer(opts);
  try {
    const harness = await openHarness(server, mediaDir);
    return {
      ...harness,
      async close() {
        await harness.close();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** Runs a command without blocking the event loop; rejects with its stderr on a non-zero exit. */
export function run(cmd: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      cmd,
      args,
      { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${cmd} ${args.join(' ')}\n${stderr.toString().slice(-2000)}`));
        else resolve(stdout);
      },
    );
  });
}

/** Like run, resolving with stderr (where ffmpeg's filters such as volumedetect print). */
export function runStderr(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      cmd,
      args,
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error) reject(new Error(`${cmd} ${args.join(' ')}\n${stderr.toString().slice(-2000)}`));
        else resolve(stderr.toString());
      },
    );
  });
}

/**
 * The pictures the render tests share, written into `dir`: red.png (a full frame of width x height),
 * tall.png (a 90x180 portrait, for fitting) and clip.mp4 (160x160 H.264 at 25 fps: 0.5 s lime, then 0.5 s blue).
 */
export function writePictureFixtures(
  dir: string,
  width: number,
  height: number,
): Promise<Buffer[]> {
  const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  return Promise.all([
    ff(
      '-f',
      'lavfi',
      '-i',
      `color=c=red:s=${width}x${height}`,
      '-frames:v',
      '1',
      join(dir, 'red.png'),
    ),
    ff('-f', 'lavfi', '-i', 'color=c=magenta:s=90x180', '-frames:v', '1', join(dir, 'tall.png')),
    ff(
      '-f',
      'lavfi',
      '-i',
      'color=c=lime:s=160x160:r=25:d=0.5',
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:s=160x160:r=25:d=0.5',
      '-filter_complex',
      '[0:v][1:v]concat=n=2:v=1',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      join(dir, 'clip.mp4'),
    ),
  ]);
}
