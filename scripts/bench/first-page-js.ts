import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../../tests/e2e/support/env';
import { root } from '../stack/paths';
import { run, startManaged, stopManaged, waitFor } from '../stack/processes';

const PORT = 24173;
const OUT = 'dist/dashboard-bench';

/** JavaScript a signed-out visitor downloads for the first page (/auth), measured in Chromium from the production build. */
export async function firstPageJs(): Promise<Record<string, string | number>> {
  const b = run(
    process.execPath,
    [
      `${root}node_modules/vite/bin/vite.js`,
      'build',
      '--config',
      'dashboard/vite.config.ts',
      '--outDir',
      `${root}${OUT}`,
      '--logLevel',
      'warn',
    ],
    {
      quiet: true,
      env: {
        VITE_FIREBASE_PROJECT_ID: 'demo-muse-bench',
        VITE_FIREBASE_EMULATORS: JSON.stringify({
          host: '127.0.0.1',
          auth: 1,
          firestore: 2,
          functions: 3,
          storage: 4,
        }),
      },
    },
  );
  if (b.status !== 0) throw new Error(b.output);
  const server = startManaged('bench', 'preview', process.execPath, [
    `${root}node_modules/vite/bin/vite.js`,
    'preview',
    '--config',
    'dashboard/vite.config.ts',
    '--outDir',
    `${root}${OUT}`,
    '--port',
    String(PORT),
  ]);
  const url = `http://127.0.0.1:${PORT}`;
  try {
    await waitFor('preview server', async () => (await fetch(url)).ok, 30_000, server);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    });
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script' || r.url().endsWith('.js'))
        scripts.add(new URL(r.url()).pathname);
    });
    await page.goto(`${url}/auth`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await browser.close();
    let raw = 0;
    let gzip = 0;
    for (const path of scripts) {
      const bytes = readFileSync(`${root}${OUT}${path}`);
      raw += bytes.length;
      gzip += gzipSync(bytes).length;
    }
    return {
      page: '/auth (signed out)',
      files: scripts.size,
      rawKiB: +(raw / 1024).toFixed(1),
      gzipKiB: +(gzip / 1024).toFixed(1),
    };
  } finally {
    await stopManaged([server]);
  }
}
