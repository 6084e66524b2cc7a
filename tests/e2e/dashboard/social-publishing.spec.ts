import { readFileSync } from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import { expect, test, waits } from '../support/fixtures';
import { addFault, sandboxPosts } from '../support/sandbox';

// Media, scheduling and every platform fault, through the composers and Recent Posts, against the X and
// LinkedIn sandboxes (tests/sandbox/README.md). State the UI is not about is seeded with the driver.

const SAMPLE_MP4 = readFileSync(new URL('../../sandbox/fixtures/sample.mp4', import.meta.url));
const LINKEDIN_CREDENTIALS = {
  clientId: 'sandbox-linkedin-client',
  clientSecret: 'sandbox-linkedin-secret',
  accessToken: 'sandbox-linkedin-token',
};
const ZONE = 'Europe/Berlin';
const MINUTE = 60_000;

test.use({ timezoneId: ZONE });
// One worker, in order: a sweep run on a clock minutes ahead publishes every post then due, so the
// scheduling tests must not overlap (the suite otherwise shares out single tests, not files).
test.describe.configure({ mode: 'default' });

/** X credentials of a sandbox account of this test's own: its token names it in sandbox faults. */
function xCredentials(token: string) {
  return {
    platform: 'x' as const,
    credentials: {
      consumerKey: 'sandbox-consumer-key',
      consumerSecret: 'sandbox-consumer-key-secret',
      accessToken: token,
      accessTokenSecret: `${token}-secret`,
    },
  };
}

const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const postItem = (page: Page, marker: string): Locator =>
  page
    .getByRole('region', { name: 'Recent Posts' })
    .getByRole('listitem')
    .filter({ hasText: marker });

async function addFromLibrary(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Media', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Media' });
  await dialog.getByRole('button', { name: `Add ${title}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Attached media' })).toContainText(title);
}

/** The datetime-local value showing `at` on a wall clock in `timeZone`. */
function wallClock(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(' ', 'T');
}

test('X posts an image, and then a video, from the library with the media attached', async ({
  muse,
  page,
}) => {
  const token = unique('media');
  await muse
    .signUp()
    .withSocialCredentials(xCredentials(token))
    .withGenerations(
      [
        { type: 'image', title: 'Harbour at dusk' },
        { type: 'video', title: 'Waves clip', body: SAMPLE_MP4 },
      ],
      { files: true },
    )
    .open('/social/x', { heading: 'X/Twitter' });

  for (const title of ['Harbour at dusk', 'Waves clip']) {
    const marker = unique('x-media');
    await addFromLibrary(page, title);
    await page.getByLabel('Post Content').fill(`${title} ${marker}`);
    await page.getByRole('button', { name: 'Post Now' }).click();
    await expect(postItem(page, marker).getByRole('link', { name: /View post/ })).toBeVisible({
      timeout: waits.call,
    });
    await expect(postItem(page, marker)).toContainText('1 media file');
    const made = await sandboxPosts('x', marker);
    expect(made).toHaveLength(1);
    expect(made[0]!.mediaIds).toHaveLength(1);
  }
});

test('LinkedIn posts as a company page with an image, and Recent Posts names the page', async ({
  muse,
  page,
}) => {
  await muse
    .signUp()
    .withSocialCredentials({ platform: 'linkedin', credentials: LINKEDIN_CREDENTIALS })
    .withGenerations([{ type: 'image', title: 'Studio opening' }], { files: true })
    .open('/social/linkedin', { heading: 'LinkedIn' });
  const marker = unique('li-org-image');
  const postFrom = page.getByLabel('Post From');
  await expect(postFrom.getByRole('option', { name: /company page/ }).first()).toBeAttached();
  await postFrom.selectOption({ label: 'Muse Sandbox Studio (company page)' });
  await addFromLibrary(page, 'Studio opening');
  await page.getByLabel('Post Content').fill(`We opened ${marker}`);
  await page.getByRole('button', { name: 'Post to LinkedIn' }).click();

  const item = postItem(page, marker);
  await expect(item.getByRole('link', { name: /View post/ })).toBeVisible({ timeout: waits.call });
  await expect(item).toContainText('Posted as Muse Sandbox Studio');
  const made = await sandboxPosts('linkedin', marker);
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({
    author: 'urn:li:organization:1000001',
    content: { media: { id: expect.stringMatching(/^urn:li:image:/) } },
  });
});

test(`a post scheduled two minutes ahead in the user's zone can be edited, then goes out once when the sweep's clock reaches it`, async ({
  muse,
  page,
}) => {
  await muse
    .signUp()
    .withSocialCredentials(xCredentials(unique('schedule')))
    .open('/social/x', { heading: 'X/Twitter' });
  const marker = unique('scheduled');
  await page.getByLabel('Post Content').fill(`Draft ${marker}`);
  await page.getByLabel(/Schedule Date/).fill(wallClock(new Date(Date.now() + 2 * MINUTE), ZONE));
  await expect(page.getByText(`Times in ${ZONE}`).first()).toBeVisible();
  await page.getByRole('button', { name: 'Schedule Post' }).click();

  // The account's only post (its text changes below, so it is not found by text).
  const item = page.getByRole('region', { name: 'Recent Posts' }).getByRole('listitem');
  await expect(item).toContainText(`Draft ${marker}`);
  await expect(item).toContainText(new RegExp(`Scheduled for .*\\(${ZONE}\\)`));
  await item.getByRole('button', { name: 'Edit' }).click();
  await item.getByLabel('Post Content').fill(`Final ${marker}`);
  await item.getByRole('button', { name: 'Save Changes' }).click();
  // Saved once the form closes: a sweep must not race the edit's own transaction.
  await expect(item.getByRole('button', { name: 'Save Changes' })).toBeHidden();
  await expect(item).toContainText(`Final ${marker}`);

  // A sweep now finds nothing due; one run for three minutes later publishes it, and a later one adds nothing.
  await muse.runSchedule('publishDuePosts');
  await expect(item).toContainText('Scheduled for');
  await muse.runSchedule('publishDuePosts', { at: new Date(Date.now() + 3 * MINUTE) });
  await expect(item.getByRole('link', { name: /View post/ })).toHaveAttribute(
    'href',
    /^https:\/\/x\.com\//,
    { timeout: waits.call },
  );
  await muse.runSchedule('publishDuePosts', { at: new Date(Date.now() + 4 * MINUTE) });
  const made = await sandboxPosts('x', marker);
  expect(made.map((p) => p.text)).toEqual([`Final ${marker}`]);
});

test('a cancelled scheduled post never goes out', async ({ muse, page }) => {
  const marker = unique('cancelled');
  await muse
    .signUp()
    .withSocialCredentials(xCredentials(unique('cancel')))
    .create();
  await muse.seed.post({
    platform: 'x',
    text: `Never mind ${marker}`,
    scheduledAt: new Date(Date.now() + 2 * MINUTE).toISOString(),
    timeZone: ZONE,
  });
  await muse.startSession();
  await muse.open('/social/x', { heading: 'X/Twitter' });

  const item = postItem(page, marker);
  await item.getByRole('button', { name: 'Cancel' }).click();
  // The emulator starts a function's worker on its first call: under load that alone can take over 10 s.
  await expect(item).toContainText('Cancelled', { timeout: waits.call });
  await expect(item.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await muse.runSchedule('publishDuePosts', { at: new Date(Date.now() + 3 * MINUTE) });
  await expect(item).toContainText('Cancelled');
  expect(await sandboxPosts('x', marker)).toHaveLength(0);
});

/**
 * One X fault in the browser: its plain reason in Recent Posts, then Retry. Every other fault and its
 * message are proved where they are decided (see tests/e2e/README.md, "Moved out of e2e").
 */
test('an X fault shows its plain reason in Recent Posts, and Retry publishes the post once', async ({
  muse,
  page,
}) => {
  const token = unique('faults');
  await muse.signUp().withSocialCredentials(xCredentials(token)).create();
  const marker = unique('duplicate');
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
  const postId = await muse.seed.post({ platform: 'x', text: `Fault ${marker}` });
  await expect
    .poll(async () => (await muse.stored.get('socialPosts', postId))?.status, {
      timeout: waits.call,
    })
    .toBe('failed');

  await muse.startSession();
  await muse.open('/social/x', { heading: 'X/Twitter' });
  const item = postItem(page, marker);
  await expect(item).toContainText(
    'X refused this post because the same text was already posted from this account',
  );
  await item.getByRole('button', { name: 'Retry' }).click();
  await expect(item.getByRole('link', { name: /View post/ })).toBeVisible({ timeout: waits.call });
  expect(await sandboxPosts('x', marker)).toHaveLength(1);
});

// The browser in one zone, the workspace in another: a time typed in the composer is read in the
// workspace's zone (Settings), stored as that instant with the zone's name, shown back in it, and the
// sweep publishes it at that instant, not an offset-shifted one. In this file because its sweep runs on
// a clock minutes ahead, which would publish another file's scheduled post early.
test.describe('workspace time zone', () => {
  const BROWSER_ZONE = 'America/Los_Angeles';
  const WORKSPACE_ZONE = 'Asia/Kolkata';
  test.use({ timezoneId: BROWSER_ZONE });

  test('a post planned in the workspace zone, from a browser in another, is shown and fires at the same instant', async ({
    muse,
    page,
  }) => {
    const token = unique('zones');
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
      .open('/settings', { heading: 'Settings' });

    const zone = page.getByLabel('Workspace time zone');
    await expect(zone).toHaveValue(BROWSER_ZONE);
    await zone.selectOption(WORKSPACE_ZONE);
    await expect
      .poll(async () => (await muse.stored.profile())?.scheduling?.timeZone, {
        timeout: waits.call,
      })
      .toBe(WORKSPACE_ZONE);

    await page.goto('/social/x');
    await expect(page.getByText(`Times in ${WORKSPACE_ZONE}`)).toBeVisible();
    // Three minutes ahead, on a whole minute.
    const at = new Date(Math.ceil((Date.now() + 3 * MINUTE) / MINUTE) * MINUTE);
    const marker = unique('kolkata');
    await page.getByLabel('Post Content').fill(`Planned ${marker}`);
    await page.getByLabel(/Schedule Date/).fill(wallClock(at, WORKSPACE_ZONE));
    await page.getByRole('button', { name: 'Schedule Post' }).click();

    const item = page
      .getByRole('region', { name: 'Recent Posts' })
      .getByRole('listitem')
      .filter({ hasText: marker });
    const shown = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: WORKSPACE_ZONE,
    }).format(at);
    await expect(item).toContainText(`${shown} (${WORKSPACE_ZONE})`);
    const [post] = (await muse.stored.list('socialPosts')).filter((p) =>
      String(p.text).includes(marker),
    );
    expect(post?.timeZone).toBe(WORKSPACE_ZONE);
    expect(post?.scheduledAt.toDate().toISOString()).toBe(at.toISOString());

    // A second before the instant, nothing goes out; at it, the post does, once.
    await muse.runSchedule('publishDuePosts', { at: new Date(at.getTime() - 1000) });
    await expect(item).toContainText('Scheduled for');
    expect(await sandboxPosts('x', marker)).toHaveLength(0);
    await muse.runSchedule('publishDuePosts', { at });
    await expect(item.getByRole('link', { name: /View post/ })).toBeVisible({
      timeout: waits.call,
    });
    expect((await sandboxPosts('x', marker)).map((p) => p.text)).toEqual([`Planned ${marker}`]);
  });
});
