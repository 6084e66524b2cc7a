import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { THEME_STORAGE_KEY } from '../../../core/constants';
import { expect, test, waits } from '../support/fixtures';
import { addFault } from '../support/sandbox';

// The header's inbox with a failed post: X refuses a post (a sandbox fault scoped to this test's token), the
// bell counts it, the panel names where it failed and its fix, and its link opens the post in the X page's
// Recent Posts, where the fix's button is. With E2E_SHOTS=<dir>, it also saves the open panel at 1280 and
// 375 px in the light and dark themes.

const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const SIZES = [
  ['1280', { width: 1280, height: 900 }],
  ['375', { width: 375, height: 812 }],
] as const;

test('a failed post shows in the inbox with its step and fix, and its link opens the post', async ({
  muse,
  page,
}) => {
  const token = unique('inbox');
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
    .create();
  await addFault('x', {
    path: '/2/tweets',
    method: 'POST',
    authorizationIncludes: token,
    status: 403,
    body: {
      title: 'Forbidden',
      type: 'about:blank',
      status: 403,
      detail: 'You are not allowed to create a Tweet with duplicate content.',
    },
  });
  const marker = unique('refused');
  const postId = await muse.seed.post({ platform: 'x', text: `Inbox ${marker}` });
  await expect
    .poll(async () => (await muse.stored.get('socialPosts', postId))?.status, {
      timeout: waits.call,
    })
    .toBe('failed');

  await muse.startSession();
  await muse.open('/', { heading: 'Dashboard' });
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible({ timeout: waits.call });
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  const event = panel
    .getByRole('list', { name: 'Post events' })
    .getByRole('link')
    .filter({ hasText: marker });
  // The step (create, in core/platform-errors.ts's words), X's reason and the fix.
  await expect(event).toContainText('Failed at posting on X');
  await expect(event).toContainText(
    'X refused the post: this account already posted the same text.',
  );
  await expect(event).toContainText('Fix: Edit post');

  const shots = process.env.E2E_SHOTS;
  if (shots) {
    test.setTimeout(waits.test * 2);
    await mkdir(shots, { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        THEME_STORAGE_KEY,
        theme,
      ] as const);
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        await page.reload();
        await page.getByRole('button', { name: /^Notifications/ }).click();
        await expect(event).toBeVisible();
        await page.screenshot({ path: join(shots, `inbox-${size}-${theme}.png`) });
      }
    }
    await page.setViewportSize(SIZES[0][1]);
  }

  await event.click();
  await expect(page).toHaveURL(new RegExp(`/social/x#post-${postId}$`));
  await expect(panel).toHaveCount(0);
  const item = page.locator(`#post-${postId}`);
  await expect(item).toContainText(marker);
  await expect(item).toBeInViewport();
  await expect(item.getByRole('button', { name: 'Edit post' })).toBeVisible();
});
