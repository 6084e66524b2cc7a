import { type Page } from '@playwright/test';
import { e2eEnv } from '../support/env';
import { expect, test, waits } from '../support/fixtures';

// Publishing from the composers, through the publish jobs, to the X and LinkedIn sandboxes
// (tests/sandbox/README.md): the page shows each post's true state as the job moves it.

const X_CREDENTIALS = {
  consumerKey: 'sandbox-consumer-key',
  consumerSecret: 'sandbox-consumer-key-secret',
  accessToken: 'sandbox-access-token',
  accessTokenSecret: 'sandbox-access-token-secret',
};
const LINKEDIN_CREDENTIALS = {
  clientId: 'sandbox-linkedin-client',
  clientSecret: 'sandbox-linkedin-secret',
  accessToken: 'sandbox-linkedin-token',
};

const recentPosts = (page: Page) => page.getByRole('region', { name: 'Recent Posts' });

/** Posts the sandbox of `provider` has made whose text contains `marker`. */
async function sandboxPosts(provider: 'x' | 'linkedin', marker: string): Promise<unknown[]> {
  const path = provider === 'x' ? '/__sandbox/x/tweets' : '/__sandbox/linkedin/posts';
  const res = await fetch(`${e2eEnv.sandboxUrl(provider)}${path}`);
  const body = (await res.json()) as Record<string, unknown>;
  const list = (body.tweets ?? body.posts ?? []) as { text?: string; commentary?: string }[];
  return list.filter((p) => (p.text ?? p.commentary ?? '').includes(marker));
}

test('an X post goes out once from Post Now and Recent Posts links to it', async ({
  muse,
  page,
}) => {
  await muse
    .signUp()
    .withSocialCredentials({ platform: 'x', credentials: X_CREDENTIALS })
    .open('/social/x', { heading: 'X/Twitter' });
  const marker = `e2e-${Date.now()}`;
  await page.getByLabel('Post Content').fill(`Launch day ${marker} https://example.com`);
  await page.getByRole('button', { name: 'Post Now' }).click();
  await expect(page.getByText('Your tweet has been posted successfully!')).toBeVisible({
    timeout: waits.call,
  });
  const posts = recentPosts(page);
  await expect(posts.getByText(new RegExp(`Launch day ${marker}`))).toBeVisible();
  await expect(posts.getByRole('link', { name: /View post/ })).toHaveAttribute(
    'href',
    /^https:\/\/x\.com\//,
  );
  expect(await sandboxPosts('x', marker)).toHaveLength(1);
});

test('a LinkedIn post from an organization page goes out', async ({ muse, page }) => {
  await muse
    .signUp()
    .withSocialCredentials({ platform: 'linkedin', credentials: LINKEDIN_CREDENTIALS })
    .open('/social/linkedin', { heading: 'LinkedIn' });
  const marker = `e2e-org-${Date.now()}`;
  const postFrom = page.getByLabel('Post From');
  // The pages come from getPlatformProfile, which asks LinkedIn: a callable's wait, not a step's.
  await expect(postFrom.getByRole('option', { name: /company page/ }).first()).toBeAttached({
    timeout: waits.call,
  });
  await postFrom.selectOption({ label: 'Muse Sandbox Studio (company page)' });
  await page.getByLabel('Post Content').fill(`Team news ${marker}`);
  await page.getByRole('button', { name: 'Post to LinkedIn' }).click();
  await expect(recentPosts(page).getByRole('link', { name: /View post/ })).toBeVisible({
    timeout: waits.call,
  });
  expect(await sandboxPosts('linkedin', marker)).toHaveLength(1);
});

test('a token X refuses is caught when the composer opens: the reason, the way to Integrations, no Post', async ({
  muse,
  page,
}) => {
  await muse
    .signUp()
    .withSocialCredentials({
      platform: 'x',
      credentials: {
        ...X_CREDENTIALS,
        accessToken: 'expired-token',
        accessTokenSecret: 'expired-token-secret',
      },
    })
    .open('/social/x', { heading: 'X/Twitter' });
  await expect(
    page.getByText('X refused the stored credentials: reconnect your X account in Integrations'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open Integrations' })).toHaveAttribute(
    'href',
    /\/integrations/,
  );
  await page.getByLabel('Post Content').fill(`Refused ${Date.now()}`);
  await expect(page.getByRole('button', { name: 'Post Now' })).toBeDisabled();
});

test('without X credentials the composer says so and links to Integrations', async ({
  muse,
  page,
}) => {
  await muse.signUp().open('/social/x', { heading: 'X/Twitter' });
  await expect(
    page.getByText('Please connect your Twitter account in the Integrations page').first(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Integrations' }).first()).toHaveAttribute(
    'href',
    /\/integrations/,
  );
});
