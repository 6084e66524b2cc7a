import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { THEME_STORAGE_KEY } from '../../../core/constants';
import { userCollectionPath } from '../../../core/firestore-paths';
import { adminDb } from '../support/admin';
import { expect, test } from '../support/fixtures';

// Analytics after snapshots: a published LinkedIn post carrying a library image, with the 1 hour and 1 day
// snapshots the scheduled takePostMetrics stores (seeded in its shape), shows them under Results with the model
// that made the image, the channel's totals and by-model table, and the home figures, none of them samples.
// With E2E_SHOTS=<dir>, it also saves screenshots of these views at 375 and 1280 px, light and dark.

const HOUR = 60 * 60_000;

test('a published post’s results after its snapshots, on the post, the channel and the home page', async ({
  muse,
  page,
}) => {
  await muse.signUpAndSignIn();
  const [image] = await muse.seed.generations([
    { type: 'image', title: 'Harbour at dawn', prompt: 'A harbour at dawn, oil paint' },
  ]);
  const db = adminDb();
  const uid = muse.user.uid;
  await db
    .doc(`${userCollectionPath(uid, 'generations')}/${image!.id}`)
    .update({ metadata: { model: 'flux-pro-1.1' } });
  const published = Date.now() - 30 * HOUR;
  const at = (ms: number) => Timestamp.fromMillis(ms);
  await db.doc(`${userCollectionPath(uid, 'socialPosts')}/${randomUUID()}`).set({
    platform: 'linkedin',
    status: 'published',
    text: 'The harbour at dawn, painted with FLUX',
    media: [
      {
        generationId: image!.id,
        contentType: 'image/png',
        sizeBytes: 2048,
        title: 'Harbour at dawn',
        url: null,
      },
    ],
    author: { urn: 'urn:li:organization:1000001', name: 'Muse Sandbox Page' },
    platformPostId: 'urn:li:share:7300000000000000001',
    url: 'https://www.linkedin.com/feed/update/urn:li:share:7300000000000000001',
    timeZone: 'UTC',
    publishLog: [],
    createdAt: at(published),
    updatedAt: at(published),
    publishedAt: at(published),
    metrics: {
      '1h': {
        takenAt: at(published + HOUR + 4 * 60_000),
        source: 'LinkedIn socialActions and organizationalEntityShareStatistics',
        counts: { impressions: 120, clicks: 9, likes: 7, comments: 2, shares: 1 },
      },
      '1d': {
        takenAt: at(published + 24 * HOUR + 6 * 60_000),
        source: 'LinkedIn socialActions and organizationalEntityShareStatistics',
        counts: { impressions: 1480, clicks: 61, likes: 38, comments: 9, shares: 4 },
      },
    },
  });

  await page.goto('/social/linkedin');
  const post = page
    .getByRole('listitem')
    .filter({ hasText: 'The harbour at dawn, painted with FLUX' });
  await post.getByRole('button', { name: 'Results' }).click();
  const results = post.getByRole('region', { name: 'Results' });
  await expect(
    results.getByRole('img', { name: 'Impressions: 1 hour 120, 1 day 1,480, 7 days not yet' }),
  ).toBeVisible();
  await expect(
    results.getByRole('img', { name: 'Reactions: 1 hour 7, 1 day 38, 7 days not yet' }),
  ).toBeVisible();
  await expect(results.getByText('Made with flux-pro-1.1', { exact: false })).toBeVisible();
  const channel = page.getByRole('region', { name: 'Results on LinkedIn' });
  await expect(channel.getByRole('row', { name: /flux-pro-1\.1/ })).toContainText('51');
  await expect(channel).toContainText('1,480');

  await page.goto('/');
  const overview = page.getByRole('region', { name: 'Social Media Overview' });
  await expect(
    overview.getByText('1.5K impressions · 51 engagements · 1 post measured'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Weekly Goals' })).toContainText('3.4%');
  await expect(page.getByText(/sample/i)).toHaveCount(0);

  const shots = process.env.E2E_SHOTS;
  if (!shots) return;
  await mkdir(shots, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      THEME_STORAGE_KEY,
      theme,
    ] as const);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/social/linkedin');
      await post.getByRole('button', { name: 'Results' }).click();
      await expect(results.getByRole('img').first()).toBeVisible();
      await results.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `analytics-post-${width}-${theme}.png`) });
      await channel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `analytics-channel-${width}-${theme}.png`) });
      await page.goto('/');
      await overview.scrollIntoViewIfNeeded();
      await expect(overview.getByText(/posts? measured/)).toBeVisible();
      await page.screenshot({ path: join(shots, `analytics-home-${width}-${theme}.png`) });
    }
  }
});
