import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { chromium } from 'playwright-core';
import { userCollectionPath } from '../../core/firestore-paths';
import { createUser } from '../../tests/e2e/support/auth-emulator';
import { chromiumArgs } from '../../tests/e2e/support/env';
import type { RunningStack } from '../stack/stack';

const ITEMS = 10_000;
const SCROLL_TARGET = 1000;
const types = ['image', 'video', 'audio'] as const;

async function seed(stack: RunningStack, uid: string): Promise<number> {
  process.env.FIRESTORE_EMULATOR_HOST = stack.env.FIRESTORE_EMULATOR_HOST;
  const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: stack.projectId }));
  const started = Date.now();
  const now = Date.now();
  for (let start = 0; start < ITEMS; start += 500) {
    const batch = db.batch();
    for (let i = start; i < Math.min(ITEMS, start + 500); i++) {
      const type = types[i % 3]!;
      batch.set(db.collection(userCollectionPath(uid, 'generations')).doc(), {
        type,
        title: `Bench item ${i}`,
        prompt: `A generated ${type} number ${i}`,
        storagePath: `${uid}/generations/bench-${i}`,
        thumbnailUrl: '',
        originalUrl: '',
        contentType: type === 'image' ? 'image/png' : type === 'video' ? 'video/mp4' : 'audio/mpeg',
        sizeBytes: 1000,
        source: { kind: 'upload' },
        createdAt: Timestamp.fromMillis(now - i * 60_000),
        metadata: {},
      });
    }
    await batch.commit();
  }
  return (Date.now() - started) / 1000;
}

/** Library with 10,000 generations: time to first grid paint after sign-in, and memory after scrolling 1,000 items. */
export async function libraryBench(stack: RunningStack): Promise<Record<string, string | number>> {
  const user = await createUser();
  const seedSeconds = await seed(stack, user.uid);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${stack.dashboardUrl}/auth`);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Your Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/$/);
    const t0 = Date.now();
    await page.goto(`${stack.dashboardUrl}/library`);
    await page.getByRole('listitem').first().waitFor();
    const firstPaintMs = Date.now() - t0;
    // Scroll until 1,000 items have been loaded (aria-setsize counts loaded items, rendered or not).
    const scrollStart = Date.now();
    let loaded = 0;
    while (loaded < SCROLL_TARGET && Date.now() - scrollStart < 180_000) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(50);
      loaded = Number((await page.getByRole('listitem').last().getAttribute('aria-setsize')) ?? 0);
    }
    const scrollSeconds = (Date.now() - scrollStart) / 1000;
    const client = await page.context().newCDPSession(page);
    await client.send('Performance.enable');
    await client.send('HeapProfiler.collectGarbage');
    const { metrics } = await client.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    const nodes = metrics.find((m) => m.name === 'Nodes')?.value ?? 0;
    const rendered = await page.getByRole('listitem').count();
    return {
      items: ITEMS,
      seedSeconds: +seedSeconds.toFixed(1),
      firstGridPaintMs: firstPaintMs,
      loadedAfterScroll: loaded,
      scrollSeconds: +scrollSeconds.toFixed(1),
      renderedCards: rendered,
      jsHeapMiB: +(heap / 1048576).toFixed(1),
      domNodes: nodes,
    };
  } finally {
    await browser.close();
  }
}
