import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';

// Export files in OPFS are marked live by a Web Lock held from before the file exists until dispose()
// (render/render-files.ts). A tab closed mid-export or before its upload releases its locks with it, and
// the next sweep (editor opened, export started) deletes its files; a file another open tab holds stays.
// Three tabs of one origin share its OPFS and its locks: the harness page sweeps, `closed` is closed.

let dir: string;
let harness: Harness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-opfs-sweep-'));
  harness = await openSharedHarness(dir);
});

afterAll(async () => {
  await harness?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function openTab(): Promise<Page> {
  const page = await harness.page.context().newPage();
  await page.goto(harness.page.url());
  await page.waitForFunction(() => window.museReady === true, undefined, { timeout: 120_000 });
  return page;
}

it('deletes the files of a closed tab and of no tab, and keeps those an open tab holds', async () => {
  const [closed, live] = [await openTab(), await openTab()];
  // Waiting for its upload (written, writable closed) and being written (writable open), in each tab.
  await closed.evaluate(() => window.museSpoolFile('render-closed-upload.mp4', 1000));
  await closed.evaluate(() => window.museOpenSpool('render-closed-writing.mp4'));
  await live.evaluate(() => window.museSpoolFile('render-live-upload.mp4', 2000));
  await live.evaluate(() => window.museOpenSpool('render-live-writing.webm'));
  // A file no lock ever marked (left before the locks existed).
  await harness.page.evaluate(() => window.museWriteUnmarked('render-unmarked.mp4'));
  // Chromium writes through a swap file beside the file (.crswap) while its writable is open.
  const all = [
    'render-closed-upload.mp4',
    'render-closed-writing.mp4',
    'render-closed-writing.mp4.crswap',
    'render-live-upload.mp4',
    'render-live-writing.webm',
    'render-live-writing.webm.crswap',
    'render-unmarked.mp4',
  ];
  expect(
    (await harness.page.evaluate(() => window.museOpfsFiles())).map((f) => f.split(':')[0]).sort(),
  ).toEqual(all);

  // While both tabs are open, a sweep deletes only the unmarked file.
  expect(await harness.page.evaluate(() => window.museSweep())).toEqual(['render-unmarked.mp4']);

  await closed.close();
  // The browser releases a closed tab's locks as it tears it down.
  await expect
    .poll(() => harness.page.evaluate(() => window.museHeldLocks()), { timeout: 30_000 })
    .toEqual(['muse-renders/render-live-upload.mp4', 'muse-renders/render-live-writing.webm']);
  // (Chromium deletes the swap file of a writable a closed tab left open; a crashed tab's stays for the sweep.)
  expect(await harness.page.evaluate(() => window.museSweep())).toEqual(
    expect.arrayContaining(['render-closed-upload.mp4', 'render-closed-writing.mp4']),
  );
  expect((await harness.page.evaluate(() => window.museOpfsFiles())).sort()).toEqual([
    'render-live-upload.mp4:2000',
    'render-live-writing.webm.crswap:0',
    'render-live-writing.webm:0',
  ]);

  // The open tab's files are intact, and its own dispose() deletes them.
  await live.evaluate(() => window.museDisposeFiles());
  expect(await harness.page.evaluate(() => window.museOpfsFiles())).toEqual([]);
  expect(await harness.page.evaluate(() => window.museHeldLocks())).toEqual([]);
  await live.close();
});
