import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { e2eEnv } from '../support/env';
import { expect, PNG_1X1, test, waits } from '../support/fixtures';
import { redditPosts, sandboxPosts } from '../support/sandbox';

// The one composer (/compose) beyond composer.spec.ts: one idea to X, LinkedIn, Reddit and YouTube in one
// go, the others with an image and YouTube with a video of its own (its media forked), Reddit's text forked
// and edited there, each published with its own link; and a post scheduled from the composer, dragged on
// the calendar to another day, published at its new time.

// A zone without DST, under its canonical name (Chromium names Asia/Kolkata 'Asia/Calcutta').
const ZONE = 'Asia/Tokyo';
test.use({ timezoneId: ZONE });
// A sweep run on a clock minutes ahead publishes every post then due: the scheduling test keeps to the
// few minutes the other scheduling specs use.
test.describe.configure({ mode: 'default' });

const MINUTE = 60_000;
const LINKEDIN_CREDENTIALS = {
  clientId: 'sandbox-linkedin-client',
  clientSecret: 'sandbox-linkedin-secret',
  accessToken: 'sandbox-linkedin-token',
};
const REDDIT_APP = {
  clientId: 'sandbox-reddit-client',
  clientSecret: 'sandbox-reddit-secret',
  userAgent: 'web:muse-e2e:1.0 (by /u/sandbox_creator)',
};
const YOUTUBE_CONNECTED = {
  clientId: 'sandbox-youtube-client',
  clientSecret: 'sandbox-youtube-secret',
  accessToken: 'sandbox-youtube-token',
  refreshToken: 'sandbox-youtube-refresh',
  accessTokenExpiresAt: String(Date.now() + 3600_000),
  scope:
    'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
};
// A real H.264 clip (320x180, 2 s): the composer probes the file before YouTube may take it.
const SAMPLE_MP4 = readFileSync(new URL('../../sandbox/fixtures/sample.mp4', import.meta.url));

const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const channelOf = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Post group' }).getByRole('group', { name });
const xCredentials = (token: string) => ({
  consumerKey: 'sandbox-consumer-key',
  consumerSecret: 'sandbox-consumer-key-secret',
  accessToken: token,
  accessTokenSecret: `${token}-secret`,
});

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

async function openComposer(page: Page): Promise<void> {
  // The composer's chunk loads on first visit: allow for a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Compose' })).toBeVisible({
    timeout: waits.long,
  });
}

test('one idea goes to X, LinkedIn and Reddit with an image and to YouTube with its own video, Reddit’s text forked, each published with its own link', async ({
  muse,
  page,
}) => {
  test.setTimeout(waits.test * 3);
  const token = unique('channels');
  await muse
    .signUp()
    .withSocialCredentials({ platform: 'x', credentials: xCredentials(token) })
    .withSocialCredentials({ platform: 'linkedin', credentials: LINKEDIN_CREDENTIALS })
    .withConnectedAccount('reddit', {
      ...REDDIT_APP,
      accessToken: `rd-${token}`,
      refreshToken: `rd-${token}-refresh`,
      accessTokenExpiresAt: String(Date.now() + 3600_000),
    })
    .withConnectedAccount('youtube', YOUTUBE_CONNECTED)
    .withGenerations(
      [
        { type: 'image', title: 'Harbour sketch', contentType: 'image/png', body: PNG_1X1 },
        { type: 'video', title: 'Harbour film', contentType: 'video/mp4', body: SAMPLE_MP4 },
      ],
      { files: true },
    )
    .open('/compose');
  await openComposer(page);

  const marker = unique('idea');
  for (const channel of ['X', 'LinkedIn', 'Reddit', 'YouTube'])
    await page.getByRole('checkbox', { name: channel }).check();
  await page.getByLabel('Shared text').fill(`Harbour at dawn ${marker}`);
  await page.getByRole('button', { name: 'Add Media', exact: true }).click();
  const library = page.getByRole('dialog', { name: 'Add Media' });
  await library.getByRole('button', { name: 'Add Harbour sketch' }).click();
  await expect(library).toBeHidden();
  await expect(page.getByRole('list', { name: 'Attached media' })).toContainText('Harbour sketch');

  await page.getByRole('tab', { name: /^LinkedIn/ }).click();
  const postFrom = page.getByLabel('Post From');
  await expect(postFrom.getByRole('option', { name: /\(you\)/ })).toBeAttached({
    timeout: waits.call,
  });
  await postFrom.selectOption({ index: 1 });

  await page.getByRole('tab', { name: /^Reddit/ }).click();
  const title = `Harbour sketch ${marker}`;
  await page.getByLabel('Subreddit').fill('r/MuseSandbox');
  await page.getByLabel('Post Title').fill(title);
  await page
    .getByLabel('Text for Reddit')
    .fill(`The harbour, sketched at dawn, for r/MuseSandbox ${marker}`);
  await expect(page.getByText('Edited for Reddit')).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Reddit.*edited/ })).toBeVisible();

  // YouTube: a video of its own instead of the shared image, with its title.
  await page.getByRole('tab', { name: /^YouTube/ }).click();
  await page.getByRole('button', { name: 'Use different media for this channel' }).click();
  await page.getByRole('button', { name: 'Choose Video' }).click();
  await page
    .getByRole('dialog', { name: 'Choose Video' })
    .getByRole('button', { name: 'Add Harbour film' })
    .click();
  const videoTitle = `Harbour film ${marker}`;
  await page.getByLabel('Video Title').fill(videoTitle);

  for (const channel of ['X', 'LinkedIn', 'Reddit', 'YouTube'])
    await expect(page.getByText(`${channel}: ready`)).toBeVisible({ timeout: waits.call });
  await page.getByRole('button', { name: 'Post Now' }).click();

  await expect(channelOf(page, 'X').getByRole('link', { name: /View post/ })).toHaveAttribute(
    'href',
    /^https:\/\/x\.com\/i\/status\//,
    { timeout: waits.job },
  );
  await expect(
    channelOf(page, 'LinkedIn').getByRole('link', { name: /View post/ }),
  ).toHaveAttribute('href', /linkedin\.com/, { timeout: waits.job });
  await expect(channelOf(page, 'Reddit').getByRole('link', { name: /View post/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.reddit\.com\/r\/MuseSandbox\/comments\//,
    { timeout: waits.job },
  );
  await expect(
    channelOf(page, 'YouTube').getByRole('link', { name: /View on YouTube/ }),
  ).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=/, { timeout: waits.job });

  const tweets = await sandboxPosts('x', marker);
  expect(tweets.map((t) => t.text)).toEqual([`Harbour at dawn ${marker}`]);
  const shares = await sandboxPosts('linkedin', marker);
  expect(shares.map((s) => s.text)).toEqual([`Harbour at dawn ${marker}`]);
  // Reddit took the forked text as the image's caption-less post: an image post through its media upload.
  const [reddit, ...moreReddit] = await redditPosts(title);
  expect(moreReddit).toHaveLength(0);
  expect(reddit).toMatchObject({
    kind: 'image',
    url: expect.stringMatching(/\/media-upload\/rte_images\/[0-9a-f]+\/image\.png$/),
  });

  // YouTube got the video's bytes under its own title, not the image.
  const { videos } = (await (
    await fetch(`${e2eEnv.sandboxUrl('google')}/__sandbox/youtube/videos`)
  ).json()) as { videos: { title: string; bytes: number }[] };
  expect(videos.filter((v) => v.title === videoTitle)).toEqual([
    expect.objectContaining({ bytes: SAMPLE_MP4.length }),
  ]);

  const posts = await muse.stored.list('socialPosts');
  expect(posts.map((p) => p.platform).sort()).toEqual(['linkedin', 'reddit', 'x', 'youtube']);
  expect(new Set(posts.map((p) => p.groupId)).size).toBe(1);
  expect(posts.find((p) => p.platform === 'reddit')!.text).toBe(
    `The harbour, sketched at dawn, for r/MuseSandbox ${marker}`,
  );
  expect(
    posts
      .map((p) => `${p.platform}: ${p.media.map((m: { title: string }) => m.title).join(', ')}`)
      .sort(),
  ).toEqual([
    'linkedin: Harbour sketch',
    'reddit: Harbour sketch',
    'x: Harbour sketch',
    'youtube: Harbour film',
  ]);
});

test('a post scheduled from the composer, dragged on the calendar to the day before, goes out at its new time', async ({
  muse,
  page,
}) => {
  test.setTimeout(waits.test * 3);
  const token = unique('dragged');
  await muse
    .signUp()
    .withSocialCredentials({ platform: 'x', credentials: xCredentials(token) })
    .open('/compose');
  await openComposer(page);

  // Tomorrow, a few minutes after now: the drag brings it back to today, a few minutes ahead.
  const planned = new Date(
    Math.ceil((Date.now() + 6 * MINUTE) / MINUTE) * MINUTE + 24 * 60 * MINUTE,
  );
  const marker = unique('moved');
  await page.getByRole('checkbox', { name: 'X' }).check();
  await page.getByLabel('Shared text').fill(`Moved a day ${marker}`);
  await page.getByLabel(/Schedule Date/).fill(wallClock(planned, ZONE));
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(channelOf(page, 'X')).toContainText(/Scheduled/i, { timeout: waits.call });
  const [scheduled] = await muse.stored.list('socialPosts');
  expect(scheduled).toMatchObject({ status: 'scheduled', timeZone: ZONE });
  expect(scheduled!.scheduledAt.toMillis()).toBe(planned.getTime());

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible({
    timeout: waits.long,
  });
  await page
    .getByRole('group', { name: 'View' })
    .getByRole('button', { name: /^month$/i })
    .click();
  const plannedDay = wallClock(planned, ZONE).slice(0, 10);
  const targetDay = wallClock(new Date(planned.getTime() - 24 * 60 * MINUTE), ZONE).slice(0, 10);
  // Tomorrow may open the next month: the grid shows the last days of the month before it.
  if (plannedDay.slice(0, 7) !== targetDay.slice(0, 7))
    await page.getByRole('button', { name: 'Next month' }).click();
  const chip = page.getByRole('button', { name: new RegExp(`^X, Scheduled, .*${marker}`) });
  const target = page.locator(`[data-drop="day|${targetDay}"]`);
  await expect(chip).toBeVisible();
  // The mouse acts on what is on screen: both ends of the drag are brought into view before they are measured.
  await target.scrollIntoViewIfNeeded();
  await chip.scrollIntoViewIfNeeded();

  const from = (await chip.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByText('Undo').first()).toBeVisible({ timeout: waits.call });

  // The same wall time the day before, in the zone it was planned in.
  const moved = planned.getTime() - 24 * 60 * MINUTE;
  await expect
    .poll(
      async () => (await muse.stored.get('socialPosts', scheduled!.id))?.scheduledAt?.toMillis(),
      { timeout: waits.call },
    )
    .toBe(moved);
  await expect(
    target.getByRole('button', { name: new RegExp(`^X, Scheduled, .*${marker}`) }),
  ).toBeVisible();

  // A sweep whose clock reaches the new time publishes it, once.
  await muse.runSchedule('publishDuePosts', { at: new Date(moved + MINUTE) });
  await expect
    .poll(async () => (await muse.stored.get('socialPosts', scheduled!.id))?.status, {
      timeout: waits.job,
    })
    .toBe('published');
  await muse.runSchedule('publishDuePosts', { at: new Date(moved + 2 * MINUTE) });
  expect((await sandboxPosts('x', marker)).map((t) => t.text)).toEqual([`Moved a day ${marker}`]);
  await page
    .getByRole('group', { name: 'View' })
    .getByRole('button', { name: /^list$/i })
    .click();
  const published = page.getByRole('button', { name: new RegExp(`^X, Published, .*${marker}`) });
  await expect(published).toBeVisible({ timeout: waits.call });
  await published.click();
  await expect(page.getByRole('link', { name: /View post/ })).toHaveAttribute(
    'href',
    /^https:\/\/x\.com\//,
  );
});
