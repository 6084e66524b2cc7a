import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test, waits } from '../support/fixtures';
import { sandboxPosts } from '../support/sandbox';

// The one composer (/compose): one idea to X and LinkedIn in one go, LinkedIn's text forked and edited
// there, each published with its own link, as one post group; then a video attached offers LinkedIn's export
// presets, and picking one opens the editor with the video in that preset. The checks, the Reddit and YouTube
// fields and a channel's failure are covered by dashboard/features/social/routes/compose-route.test.tsx. With
// E2E_SHOTS=<dir>, it also saves the open preset menu and the editor it opens at 1280 and 375 px, light and dark.

const LINKEDIN_CREDENTIALS = {
  clientId: 'sandbox-linkedin-client',
  clientSecret: 'sandbox-linkedin-secret',
  accessToken: 'sandbox-linkedin-token',
};
const SAMPLE_MP4 = readFileSync(new URL('../../sandbox/fixtures/sample.mp4', import.meta.url));
const SIZES = [
  ['1280', { width: 1280, height: 900 }],
  ['375', { width: 375, height: 812 }],
] as const;

/** With E2E_SHOTS set, the page at each size in the light and dark themes; `before` runs at each (re-opening a menu). */
async function shots(
  page: Page,
  name: string,
  before: () => Promise<void> = async () => undefined,
): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await before();
      // The theme's colours fade in (transition-colors): finish every transition so the shot shows the theme.
      await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
      await page.screenshot({ path: join(dir, `${name}-${size}-${theme}.png`) });
    }
  }
  await page.setViewportSize(SIZES[0][1]);
  await page.emulateMedia({ colorScheme: 'light' });
}

const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const channelOf = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Post group' }).getByRole('group', { name });

test('one idea goes to X and LinkedIn in one go, LinkedIn’s text forked, each published with its own link', async ({
  muse,
  page,
}) => {
  test.setTimeout(waits.test * 2);
  const token = unique('compose');
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
    .withSocialCredentials({ platform: 'linkedin', credentials: LINKEDIN_CREDENTIALS })
    .withGenerations(
      [{ type: 'video', title: 'Harbour film', contentType: 'video/mp4', body: SAMPLE_MP4 }],
      { files: true },
    )
    .open('/compose');
  // The composer's chunk loads on first visit: allow for a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Compose' })).toBeVisible({
    timeout: waits.long,
  });

  const marker = unique('one-idea');
  for (const channel of ['X', 'LinkedIn'])
    await page.getByRole('checkbox', { name: channel }).check();
  await page.getByLabel('Shared text').fill(`One idea ${marker}`);

  await page.getByRole('tab', { name: /^LinkedIn/ }).click();
  await page
    .getByLabel('Text for LinkedIn')
    .fill(`One idea, told at length for LinkedIn ${marker}`);
  await expect(page.getByText('Edited for LinkedIn')).toBeVisible();
  const postFrom = page.getByLabel('Post From');
  await expect(postFrom.getByRole('option', { name: /\(you\)/ })).toBeAttached({
    timeout: waits.call,
  });
  await postFrom.selectOption({ index: 1 });

  await expect(page.getByText('X: ready')).toBeVisible();
  await expect(page.getByText('LinkedIn: ready')).toBeVisible();
  await page.getByRole('button', { name: 'Post Now' }).click();

  await expect(channelOf(page, 'X').getByRole('link', { name: /View post/ })).toHaveAttribute(
    'href',
    /^https:\/\/x\.com\/i\/status\//,
    { timeout: waits.job },
  );
  await expect(
    channelOf(page, 'LinkedIn').getByRole('link', { name: /View post/ }),
  ).toHaveAttribute('href', /linkedin\.com/, { timeout: waits.job });

  const [tweet, ...moreTweets] = await sandboxPosts('x', marker);
  expect(moreTweets).toHaveLength(0);
  expect(tweet!.text).toBe(`One idea ${marker}`);
  const [share, ...moreShares] = await sandboxPosts('linkedin', marker);
  expect(moreShares).toHaveLength(0);
  expect(share!.text).toBe(`One idea, told at length for LinkedIn ${marker}`);

  const posts = await muse.stored.list('socialPosts');
  expect(posts.map((p) => p.platform).sort()).toEqual(['linkedin', 'x']);
  expect(new Set(posts.map((p) => p.groupId)).size).toBe(1);
  expect(typeof posts[0]!.groupId).toBe('string');

  // The next idea starts from a video: each chosen channel offers its presets; LinkedIn's 4:5 opens the editor.
  await expect(page.getByRole('link', { name: 'Make a video for LinkedIn' })).toHaveAttribute(
    'href',
    '/create/editor?preset=hd-landscape&channel=linkedin',
  );
  await page.getByRole('button', { name: 'Add Media', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Add Media' })
    .getByRole('button', { name: 'Add Harbour film' })
    .click();
  const attached = page.getByRole('list', { name: 'Attached media' });
  const editFor = attached.getByRole('button', { name: 'Edit for LinkedIn: Harbour film' });
  await expect(attached.getByRole('button', { name: /^Edit for/ })).toHaveText([
    /^Edit for X/,
    /^Edit for LinkedIn/,
  ]);
  // From the keyboard: Enter opens the menu on the default, the arrows walk it.
  await editFor.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'LinkedIn · 16:9 · 1920x1080(default)',
    'LinkedIn · 1:1 · 1080x1080',
    'LinkedIn · 4:5 · 1080x1350',
  ]);
  // Headless UI keeps focus on the menu and marks the active item (aria-activedescendant, data-focus).
  await expect(menu.getByRole('menuitem').first()).toHaveAttribute('data-focus', '');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem').nth(1)).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(editFor).toBeFocused();
  // Re-opened at each size and theme: a menu left open keeps the page behind it as it was painted.
  await shots(page, 'composer-presets', async () => {
    if (await menu.isVisible()) await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await editFor.click();
    await expect(menu).toBeVisible();
  });
  if (!(await menu.isVisible())) await editFor.click();
  await menu.getByRole('menuitem', { name: /^LinkedIn · 4:5 · 1080x1350/ }).click();

  await expect(page).toHaveURL(/\/create\/editor\?preset=hd-feed-portrait&channel=linkedin&media=/);
  await expect(page.getByLabel('Aspect Ratio')).toHaveValue('4:5', { timeout: waits.long });
  await expect(page.getByLabel('Width')).toHaveValue('1080');
  await expect(page.getByLabel('Height')).toHaveValue('1350');
  await expect(page.getByText('Preset: LinkedIn')).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: 'Track: Main video' })
      .getByRole('button', { name: /^Harbour film, / }),
  ).toHaveCount(1);
  await shots(page, 'editor-from-preset', () => page.evaluate(() => window.scrollTo(0, 0)));
});
