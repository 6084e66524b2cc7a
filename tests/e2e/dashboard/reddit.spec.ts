import { type Page } from '@playwright/test';
import { e2eEnv } from '../support/env';
import { expect, test } from '../support/fixtures';

// Reddit through the sandbox (tests/sandbox/README.md, "Reddit"): Connect goes to the sandbox's consent
// page and back through /social/reddit/callback, then a post with a flair goes out through a publish job.

const REDDIT_APP = { clientId: 'sandbox-reddit-client', clientSecret: 'sandbox-reddit-secret', userAgent: 'web:muse-e2e:1.0 (by /u/sandbox_creator)' };
const recentPosts = (page: Page) => page.getByRole('region', { name: 'Recent Posts' });

async function redditPostsTitled(title: string): Promise<{ kind: string; link_flair_text: string | null }[]> {
  const res = await fetch(`${e2eEnv.sandboxUrl('reddit')}/__sandbox/reddit/posts`);
  const { posts } = (await res.json()) as { posts: { title: string; kind: string; link_flair_text: string | null }[] };
  return posts.filter((p) => p.title === title);
}

test('connects Reddit through the consent page, then posts with a flair; a required flair is asked for first', async ({ muse, page }) => {
  await muse.signUp().withSocialCredentials({ platform: 'reddit', credentials: REDDIT_APP }).open('/social/reddit', { heading: 'Reddit' });
  await expect(page.getByText("New Reddit API apps need Reddit's approval")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reddit-not-connected.png'), fullPage: true });

  await page.getByRole('button', { name: 'Reconnect Reddit Account' }).click();
  // The first call of a function in the emulator starts its worker: allow for that under load.
  await expect(page.getByText('Reddit account connected').first()).toBeVisible({ timeout: 90_000 });
  await expect(page).toHaveURL(/\/social\/reddit$/);
  await expect(page.getByText('Reddit account connected.')).toBeVisible();

  // A subreddit that requires flair says so before posting.
  await page.getByLabel('Subreddit').fill('r/FlairRequired');
  await expect(page.getByText('r/FlairRequired requires a post flair: choose one before posting.')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath('reddit-flair-required.png'), fullPage: true });

  const title = `E2E flair ${Date.now()}`;
  await page.getByLabel('Subreddit').fill('r/MuseSandbox');
  await expect(page.getByLabel(/Post Flair/).getByRole('option', { name: 'Custom' })).toBeAttached({ timeout: 15_000 });
  await page.getByLabel('Post Title').fill(title);
  await page.getByLabel('Post Content').fill('Made with Muse Studio');
  await page.getByLabel(/Post Flair/).selectOption({ label: 'Custom' });
  await page.getByLabel('Flair Text').fill('Made here');
  await page.getByRole('button', { name: 'Post to Reddit' }).click();

  await expect(page.getByText('Your post has been published to Reddit')).toBeVisible({ timeout: 30_000 });
  await expect(recentPosts(page).getByRole('link', { name: /View post/ })).toHaveAttribute('href', /^https:\/\/www\.reddit\.com\/r\/MuseSandbox\/comments\//);
  expect(await redditPostsTitled(title)).toEqual([expect.objectContaining({ kind: 'self', link_flair_text: 'Made here' })]);
  await page.screenshot({ path: test.info().outputPath('reddit-published.png'), fullPage: true });
});

test('a return with a forged state is refused with its reason and stores nothing', async ({ muse, page }) => {
  await muse.signUp().withSocialCredentials({ platform: 'reddit', credentials: REDDIT_APP }).open('/social/reddit', { heading: 'Reddit' });
  await page.goto(`/social/reddit/callback?code=forged&state=${'A'.repeat(43)}`);
  await expect(page.getByText('Failed to complete Reddit authentication: this connection request is not valid. Please connect again.')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/social\/reddit$/);
  await expect(page.getByRole('button', { name: 'Reconnect Reddit Account' })).toBeVisible();
});
