import { type Page } from '@playwright/test';
import { expect, test, waits } from '../support/fixtures';
import { sandboxPosts } from '../support/sandbox';

// The one composer (/compose): one idea to X and LinkedIn in one go, LinkedIn's text forked and edited
// there, each published with its own link, as one post group. The checks, the Reddit and YouTube fields and
// a channel's failure are covered by dashboard/features/social/routes/compose-route.test.tsx.

const LINKEDIN_CREDENTIALS = { clientId: 'sandbox-linkedin-client', clientSecret: 'sandbox-linkedin-secret', accessToken: 'sandbox-linkedin-token' };

const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const channelOf = (page: Page, name: string) => page.getByRole('region', { name: 'Post group' }).getByRole('group', { name });

test('one idea goes to X and LinkedIn in one go, LinkedIn’s text forked, each published with its own link', async ({ muse, page }) => {
  test.setTimeout(waits.test * 2);
  const token = unique('compose');
  await muse
    .signUp()
    .withSocialCredentials({
      platform: 'x',
      credentials: { consumerKey: 'sandbox-consumer-key', consumerSecret: 'sandbox-consumer-key-secret', accessToken: token, accessTokenSecret: `${token}-secret` },
    })
    .withSocialCredentials({ platform: 'linkedin', credentials: LINKEDIN_CREDENTIALS })
    .open('/compose');
  // The composer's chunk loads on first visit: allow for a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Compose' })).toBeVisible({ timeout: waits.long });

  const marker = unique('one-idea');
  for (const channel of ['X', 'LinkedIn']) await page.getByRole('checkbox', { name: channel }).check();
  await page.getByLabel('Shared text').fill(`One idea ${marker}`);

  await page.getByRole('tab', { name: /^LinkedIn/ }).click();
  await page.getByLabel('Text for LinkedIn').fill(`One idea, told at length for LinkedIn ${marker}`);
  await expect(page.getByText('Edited for LinkedIn')).toBeVisible();
  const postFrom = page.getByLabel('Post From');
  await expect(postFrom.getByRole('option', { name: /\(you\)/ })).toBeAttached({ timeout: waits.call });
  await postFrom.selectOption({ index: 1 });

  await expect(page.getByText('X: ready')).toBeVisible();
  await expect(page.getByText('LinkedIn: ready')).toBeVisible();
  await page.getByRole('button', { name: 'Post Now' }).click();

  await expect(channelOf(page, 'X').getByRole('link', { name: /View post/ })).toHaveAttribute('href', /^https:\/\/x\.com\/i\/status\//, { timeout: waits.job });
  await expect(channelOf(page, 'LinkedIn').getByRole('link', { name: /View post/ })).toHaveAttribute('href', /linkedin\.com/, { timeout: waits.job });

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
});
