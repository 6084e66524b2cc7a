import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../../core/constants';
import { expect, test, waits } from '../support/fixtures';
import { sandboxPosts } from '../support/sandbox';

// An X thread of 4 with a first comment, written in the X composer (Add to thread) and published with Post
// Now: the X sandbox holds the four posts, each replying to the one before, and the comment replying to the
// first, each once; Recent Posts shows "Thread of 4" with each post's link. With E2E_SHOTS=<dir>, it also
// saves the composer with the thread written at 1280 and 375 px in the light and dark themes.

const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const SIZES = [
  ['1280', { width: 1280, height: 900 }],
  ['375', { width: 375, height: 812 }],
] as const;

async function writeThread(page: Page, texts: readonly string[], comment: string): Promise<void> {
  await page.getByLabel('Post Content').fill(texts[0]!);
  for (const [i, text] of texts.slice(1).entries()) {
    await page.getByRole('button', { name: 'Add to thread' }).click();
    await page.getByLabel(`Post ${i + 2} of the thread`, { exact: true }).fill(text);
  }
  await page.getByLabel('First comment (optional)').fill(comment);
  await expect(
    page.getByRole('list', { name: 'Thread', exact: true }).getByRole('listitem'),
  ).toHaveCount(texts.length - 1);
}

test('an X thread of 4 with a first comment is published, each post once, and Recent Posts links each', async ({
  muse,
  page,
}) => {
  const token = unique('thread');
  await muse
    .signUp()
    .withSocialCredentials({
      platform: 'x',
      credentials: {
        consumerKey: 'sandbox-consumer-key',
        consumerSecret: 'sandbox-consumer-key-secret',
        accessToken: token,
        accessTokenSecret: `${token}-secret`,
      },
    })
    .open('/social/x', { heading: 'X/Twitter' });
  const marker = unique('x-thread');
  const texts = [1, 2, 3, 4].map((n) => `${marker} part ${n}/4`);
  const comment = `${marker} first comment`;

  const shots = process.env.E2E_SHOTS;
  if (shots) {
    test.setTimeout(300_000);
    await mkdir(shots, { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        THEME_STORAGE_KEY,
        theme,
      ] as const);
      await page.reload();
      await writeThread(page, texts, comment);
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        await page
          .getByRole('region', { name: 'Create Post' })
          .screenshot({ path: join(shots, `thread-editor-${size}-${theme}.png`) });
      }
    }
    await page.setViewportSize(SIZES[0][1]);
  } else {
    await writeThread(page, texts, comment);
  }

  await page.getByRole('button', { name: 'Post Now' }).click();
  const item = page
    .getByRole('region', { name: 'Recent Posts' })
    .getByRole('listitem')
    .filter({ hasText: `${marker} part 1/4` })
    .first();
  await expect(item.getByText('Thread of 4')).toBeVisible({ timeout: waits.job });
  await expect(item.getByRole('link', { name: 'View post' })).toBeVisible({ timeout: waits.job });
  await expect(
    item.getByRole('list', { name: 'Posts of the thread' }).getByRole('link'),
  ).toHaveCount(4);
  await expect(item.getByRole('link', { name: 'View comment' })).toBeVisible();

  const made = (await sandboxPosts('x', marker)) as unknown as {
    id: string;
    text: string;
    inReplyTo: string | null;
  }[];
  expect(made.map((p) => p.text).sort()).toEqual([...texts, comment].sort());
  const byText = (text: string) => made.find((p) => p.text === text)!;
  expect(byText(texts[0]!).inReplyTo).toBeNull();
  for (const [i, text] of texts.slice(1).entries())
    expect(byText(text).inReplyTo).toBe(byText(texts[i]!).id);
  expect(byText(comment).inReplyTo).toBe(byText(texts[0]!).id);
});
