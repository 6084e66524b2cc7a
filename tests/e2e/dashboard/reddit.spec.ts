import { type Page } from '@playwright/test';
import { expect, PNG_1X1, test, waits } from '../support/fixtures';
import { expireOAuthTokens, redditPosts } from '../support/sandbox';

// Reddit through the sandbox (tests/sandbox/README.md, "Reddit"): Connect goes to the sandbox's consent
// page and back through /social/reddit/callback, then posts go out through publish jobs. A tampered
// return is refused in tests/functions/social-oauth.test.ts and the callback route's component test
// (tests/e2e/README.md, "Moved out of e2e").

const REDDIT_APP = {
  clientId: 'sandbox-reddit-client',
  clientSecret: 'sandbox-reddit-secret',
  userAgent: 'web:muse-e2e:1.0 (by /u/sandbox_creator)',
};
const recentPosts = (page: Page) => page.getByRole('region', { name: 'Recent Posts' });
const connectButton = (page: Page) =>
  page.getByRole('button', { name: /^(Connect|Reconnect) Reddit Account$/ });

/** Fills the create form for r/MuseSandbox with a flair and posts; `content` is the body (a bare URL makes a link post). */
async function postToSandbox(
  page: Page,
  post: { title: string; content?: string; image?: string; flair: string; flairText?: string },
): Promise<void> {
  await page.getByLabel('Subreddit').fill('r/MuseSandbox');
  await expect(
    page.getByLabel(/Post Flair/).getByRole('option', { name: post.flair }),
  ).toBeAttached({ timeout: waits.call });
  await page.getByLabel('Post Title').fill(post.title);
  if (post.content) await page.getByLabel('Post Content').fill(post.content);
  if (post.image) {
    await page.getByRole('button', { name: 'Add Media' }).click();
    await page.getByRole('button', { name: `Add ${post.image}` }).click();
    await expect(
      page.getByRole('list', { name: 'Attached media' }).getByText(post.image),
    ).toBeVisible();
  }
  await page.getByLabel(/Post Flair/).selectOption({ label: post.flair });
  if (post.flairText) await page.getByLabel('Flair Text').fill(post.flairText);
  await page.getByRole('button', { name: 'Post to Reddit' }).click();
}

async function expectPublished(page: Page, title: string): Promise<void> {
  const item = recentPosts(page).getByRole('listitem').filter({ hasText: title });
  await expect(item.getByRole('link', { name: /View post/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.reddit\.com\/r\/MuseSandbox\/comments\//,
    { timeout: waits.call },
  );
}

test('connects Reddit through the consent page, then posts with a flair; a required flair is asked for first', async ({
  muse,
  page,
}) => {
  test.setTimeout(waits.test * 2);
  await muse
    .signUp()
    .withSocialCredentials({ platform: 'reddit', credentials: REDDIT_APP })
    .open('/social/reddit', { heading: 'Reddit' });
  await expect(page.getByText("New Reddit API apps need Reddit's approval")).toBeVisible();

  await connectButton(page).click();
  // The first call of a function in the emulator starts its worker: allow for that under load.
  await expect(page.getByText('Reddit account connected').first()).toBeVisible({
    timeout: waits.long,
  });
  await expect(page).toHaveURL(/\/social\/reddit$/);
  await expect(page.getByText('Reddit account connected.')).toBeVisible();

  // A subreddit that requires flair says so before posting.
  await page.getByLabel('Subreddit').fill('r/FlairRequired');
  await expect(
    page.getByText('r/FlairRequired requires a post flair: choose one before posting.'),
  ).toBeVisible({ timeout: waits.call });

  const title = `E2E flair ${Date.now()}`;
  await postToSandbox(page, {
    title,
    content: 'Made with Muse Studio',
    flair: 'Custom',
    flairText: 'Made here',
  });
  await expect(page.getByText('Your post has been published to Reddit')).toBeVisible({
    timeout: waits.call,
  });
  await expectPublished(page, title);
  expect(await redditPosts(title)).toEqual([
    expect.objectContaining({ kind: 'self', link_flair_text: 'Made here' }),
  ]);
});

test('a link post and an image from the library go out with their flairs, the image through Reddit’s media upload', async ({
  muse,
  page,
}) => {
  // Connected as Connect leaves the account; a token the sandbox did not issue is live by its key conventions.
  await muse
    .signUp()
    .withConnectedAccount('reddit', {
      ...REDDIT_APP,
      accessToken: 'rd-e2e-media-token',
      refreshToken: 'rd-e2e-media-refresh',
      accessTokenExpiresAt: String(Date.now() + 3600_000),
    })
    .withGenerations(
      [{ type: 'image', title: 'Harbour sketch', contentType: 'image/png', body: PNG_1X1 }],
      { files: true },
    )
    .open('/social/reddit', { heading: 'Reddit' });
  await expect(page.getByText('Reddit account connected.')).toBeVisible();

  const stamp = Date.now();
  const link = `https://example.com/muse-e2e/${stamp}`;
  const linkTitle = `E2E link ${stamp}`;
  await postToSandbox(page, { title: linkTitle, content: link, flair: 'Showcase' });
  await expectPublished(page, linkTitle);
  expect(await redditPosts(linkTitle)).toEqual([
    expect.objectContaining({ kind: 'link', url: link, link_flair_text: 'Showcase' }),
  ]);

  const imageTitle = `E2E image ${stamp}`;
  await postToSandbox(page, { title: imageTitle, image: 'Harbour sketch', flair: 'Discussion' });
  // Reddit names an image post only through the account's submitted listing: Recent Posts links to it all the same.
  await expectPublished(page, imageTitle);
  const [image, ...more] = await redditPosts(imageTitle);
  expect(more).toHaveLength(0);
  // The sandbox takes kind=image only for an asset its upload lease received.
  expect(image).toMatchObject({
    kind: 'image',
    link_flair_text: 'Discussion',
    url: expect.stringMatching(/\/media-upload\/rte_images\/[0-9a-f]+\/image\.png$/),
  });
});

test('a refused token refresh asks for Reconnect on the page and on /social; Reconnect makes posting work again', async ({
  muse,
  page,
}) => {
  test.setTimeout(waits.test * 1.5);
  // Access tokens of a -short-lived app live a minute, so every use refreshes first (tests/sandbox/README.md).
  const app = { ...REDDIT_APP, clientId: `e2e-reconnect-${Date.now()}-short-lived` };
  await muse
    .signUp()
    .withSocialCredentials({ platform: 'reddit', credentials: app })
    .open('/social/reddit', { heading: 'Reddit' });
  await connectButton(page).click();
  await expect(page.getByText('Reddit account connected.')).toBeVisible({ timeout: waits.long });
  const before = `E2E before revoke ${Date.now()}`;
  await postToSandbox(page, {
    title: before,
    content: 'Posted with a refreshed token.',
    flair: 'Discussion',
  });
  await expectPublished(page, before);

  // The user revokes the app at Reddit: its refresh token is refused from now on. The page's next use of
  // the account (reading the profile) meets the refused refresh.
  await expireOAuthTokens('reddit', { clientId: app.clientId, refresh: true });
  await muse.open('/social/reddit', { heading: 'Reddit' });
  // The channel's alert, with the Reconnect button in it (the account box's sentence folds into it).
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Reddit refused the saved access. Reconnect before you post again.',
    }),
  ).toBeVisible({ timeout: waits.call });
  await expect(page.getByText('Your Reddit connection has expired or was revoked.')).toHaveCount(0);

  await muse.open('/social', { heading: 'Social Media Management' });
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Reddit', exact: true }) }),
  ).toContainText('Needs reconnect');

  await page.getByRole('link', { name: 'Reconnect on the Reddit page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reddit' })).toBeVisible();
  await connectButton(page).click();
  await expect(page.getByText('Reddit account connected.')).toBeVisible({ timeout: waits.call });
  const after = `E2E after reconnect ${Date.now()}`;
  await postToSandbox(page, { title: after, content: 'Back in business.', flair: 'Discussion' });
  await expectPublished(page, after);
  expect(await redditPosts(after)).toEqual([
    expect.objectContaining({ kind: 'self', link_flair_text: 'Discussion' }),
  ]);
});
