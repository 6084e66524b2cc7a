import { randomBytes } from 'node:crypto';
import { type Page } from '@playwright/test';
import { oauthMessages } from '../../../core/social-oauth';
import { e2eEnv } from '../support/env';
import { expect, test, waits } from '../support/fixtures';
import { holdConsent, isConsentPage } from '../support/oauth';

// Uploading a library video from /social/youtube through the publish job's resumable upload to the YouTube
// sandbox (tests/sandbox/README.md, YouTube). Connect goes through the Google OAuth sandbox's consent page;
// the upload tests seed the account as Connect leaves it: client and tokens.

const YOUTUBE_APP = { clientId: 'sandbox-youtube-client', clientSecret: 'sandbox-youtube-secret' };

const CONNECTED = {
  clientId: 'sandbox-youtube-client',
  clientSecret: 'sandbox-youtube-secret',
  accessToken: 'ya29.sandbox-e2e-token',
  refreshToken: 'sandbox-e2e-refresh',
  accessTokenExpiresAt: String(Date.now() + 3600_000),
  scope:
    'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
};

const recentPosts = (page: Page) => page.getByRole('region', { name: 'Recent Posts' });

async function sandboxVideos(
  title: string,
): Promise<{ id: string; tags: string[]; privacyStatus: string; bytes: number }[]> {
  const res = await fetch(`${e2eEnv.sandboxUrl('google')}/__sandbox/youtube/videos`);
  const { videos } = (await res.json()) as {
    videos: { id: string; title: string; tags: string[]; privacyStatus: string; bytes: number }[];
  };
  return videos.filter((v) => v.title === title);
}

test('a library video uploads with its tags and visibility, and Recent Posts links to it', async ({
  muse,
  page,
}) => {
  test.setTimeout(waits.test * 1.5);
  const body = randomBytes(600 * 1024);
  await muse
    .signUp()
    .withConnectedAccount('youtube', CONNECTED)
    .withGenerations(
      [{ type: 'video', title: 'Lighthouse clip', contentType: 'video/mp4', body }],
      { files: true },
    )
    .open('/social/youtube', { heading: 'YouTube' });
  // The first call of a function in the emulator starts its worker: allow for that under load.
  await expect(page.getByText('Connected to Muse Sandbox Channel')).toBeVisible({
    timeout: waits.job,
  });
  await expect(page.getByText('4.2K')).toBeVisible();

  const title = `Lighthouse at dusk ${Date.now()}`;
  await page.getByLabel('Video Title').fill(title);
  await page.getByLabel('Description').fill('A short film made with Muse Studio.');
  await page.getByLabel('Tags').fill(' muse, , short film ,');
  await expect(page.getByText('2 tags: muse · short film')).toBeVisible();
  await page.getByLabel('Video Visibility').selectOption({ label: 'Unlisted' });
  await page.getByRole('button', { name: 'Choose Video' }).click();
  await page.getByRole('button', { name: 'Add Lighthouse clip' }).click();
  await page.getByRole('button', { name: 'Upload to YouTube' }).click();

  await expect(page.getByText('Your video has been uploaded to YouTube')).toBeVisible({
    timeout: waits.job,
  });
  const [video, ...more] = await sandboxVideos(title);
  expect(more).toHaveLength(0);
  expect(video).toMatchObject({
    tags: ['muse', 'short film'],
    privacyStatus: 'unlisted',
    bytes: body.length,
  });
  const posts = recentPosts(page);
  await expect(posts.getByText(title)).toBeVisible();
  await expect(posts.getByRole('link', { name: /View on YouTube/ })).toHaveAttribute(
    'href',
    `https://www.youtube.com/watch?v=${video!.id}`,
  );
});

async function uploadLibraryVideo(page: Page, title: string): Promise<void> {
  await page.getByLabel('Video Title').fill(title);
  await page.getByLabel('Description').fill('From the library.');
  await page.getByRole('button', { name: 'Choose Video' }).click();
  await page.getByRole('button', { name: 'Add Lighthouse clip' }).click();
  await page.getByRole('button', { name: 'Upload to YouTube' }).click();
}

test('an upload interrupted twice mid-chunk still completes once', async ({ muse, page }) => {
  const body = randomBytes(600 * 1024);
  await muse
    .signUp()
    .withConnectedAccount('youtube', CONNECTED)
    .withGenerations(
      [{ type: 'video', title: 'Lighthouse clip', contentType: 'video/mp4', body }],
      { files: true },
    )
    .open('/social/youtube', { heading: 'YouTube' });
  const res = await fetch(`${e2eEnv.sandboxUrl('google')}/__sandbox/youtube/interruptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ times: 2, keep: 'half' }),
  });
  expect(res.status).toBe(201);
  const title = `Interrupted twice ${Date.now()}`;
  await uploadLibraryVideo(page, title);
  await expect(recentPosts(page).getByRole('link', { name: /View on YouTube/ })).toBeVisible({
    timeout: waits.job,
  });
  const videos = await sandboxVideos(title);
  expect(videos).toHaveLength(1);
  expect(videos[0]!.bytes).toBe(body.length);
});

test("a used-up quota is explained on the post, with YouTube's reset time", async ({
  muse,
  page,
}) => {
  await muse
    .signUp()
    .withConnectedAccount('youtube', { ...CONNECTED, accessToken: 'quota-token' })
    .withGenerations(
      [
        {
          type: 'video',
          title: 'Lighthouse clip',
          contentType: 'video/mp4',
          body: randomBytes(64 * 1024),
        },
      ],
      { files: true },
    )
    .open('/social/youtube', { heading: 'YouTube' });
  const title = `Quota ${Date.now()}`;
  await uploadLibraryVideo(page, title);
  await expect(
    recentPosts(page).getByText(/daily API quota for this app is used up.*midnight Pacific Time/),
  ).toBeVisible({ timeout: waits.job });
  await expect(recentPosts(page).getByRole('button', { name: 'Retry' })).toBeVisible();
  expect(await sandboxVideos(title)).toHaveLength(0);
});

test("connects YouTube through Google's consent page, then shows the channel and its numbers", async ({
  muse,
  page,
}) => {
  await muse
    .signUp()
    .withSocialCredentials({ platform: 'youtube', credentials: YOUTUBE_APP })
    .open('/social/youtube', { heading: 'YouTube' });
  await expect(page.getByText('Please authenticate with YouTube first')).toBeVisible();

  const consent = page.waitForRequest((r) => isConsentPage('youtube', new URL(r.url())), {
    timeout: waits.long,
  });
  await page.getByRole('button', { name: 'Authenticate with YouTube' }).click();
  // The browser really visits the consent page (PKCE checked there) and comes back through the callback.
  const asked = new URL((await consent).url());
  expect([
    asked.searchParams.get('access_type'),
    asked.searchParams.get('prompt'),
    asked.searchParams.get('code_challenge_method'),
  ]).toEqual(['offline', 'consent', 'S256']);
  await expect(page.getByText(oauthMessages.connected('youtube'))).toBeVisible({
    timeout: waits.job,
  });
  await expect(page).toHaveURL(/\/social\/youtube$/);
  await expect(page.getByText('Connected to Muse Sandbox Channel')).toBeVisible({
    timeout: waits.call,
  });
  await expect(page.getByText('4.2K')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload to YouTube' })).toBeVisible();
});

// A declined return, no code, a forged, expired or foreign state: tests/functions/social-oauth.test.ts
// and dashboard/features/social/routes/oauth-callback-route.test.tsx (tests/e2e/README.md, "Moved out of e2e").
test('a replayed YouTube return is refused with its reason and stores nothing', async ({
  muse,
  page,
}) => {
  await muse
    .signUp()
    .withSocialCredentials({ platform: 'youtube', credentials: YOUTUBE_APP })
    .open('/social/youtube', { heading: 'YouTube' });
  const start = () => page.getByRole('button', { name: 'Authenticate with YouTube' }).click();
  const refused = async (callbackUrl: string, says: string) => {
    const stored = await muse.stored.socialConnection('youtube');
    await page.goto(callbackUrl);
    await expect(page.getByText(says, { exact: true })).toBeVisible({ timeout: waits.call });
    await expect(page).toHaveURL(/\/social\/youtube$/);
    expect(await muse.stored.socialConnection('youtube')).toEqual(stored);
  };

  await test.step('a reused state (the return of a completed Connect, replayed)', async () => {
    const held = await holdConsent(page, 'youtube', start);
    await page.goto(held.callbackUrl);
    await expect(page.getByText('Connected to Muse Sandbox Channel')).toBeVisible({
      timeout: waits.call,
    });
    await refused(held.callbackUrl, oauthMessages.stateRefused('youtube', 'reused'));
    await expect(page.getByText('Connected to Muse Sandbox Channel')).toBeVisible();
  });
});
