import { expect, test, waits } from '../support/fixtures';
import { sandboxPosts } from '../support/sandbox';

// The browser in one zone, the workspace in another: a time typed in the composer is read in the
// workspace's zone (Settings), stored as that instant with the zone's name, shown back in it, and the
// sweep publishes it at that instant, not an offset-shifted one.

const BROWSER_ZONE = 'America/Los_Angeles';
const WORKSPACE_ZONE = 'Asia/Kolkata';
const MINUTE = 60_000;

test.use({ timezoneId: BROWSER_ZONE });

const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;

/** The datetime-local value showing `at` on a wall clock in `timeZone`. */
function wallClock(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).replace(' ', 'T');
}

test('a post planned in the workspace zone, from a browser in another, is shown and fires at the same instant', async ({ muse, page }) => {
  const token = unique('zones');
  await muse
    .signUp()
    .withSocialCredentials({ platform: 'x', credentials: { consumerKey: 'sandbox-consumer-key', consumerSecret: 'sandbox-consumer-key-secret', accessToken: token, accessTokenSecret: `${token}-secret` } })
    .open('/settings', { heading: 'Settings' });

  const zone = page.getByLabel('Workspace time zone');
  await expect(zone).toHaveValue(BROWSER_ZONE);
  await zone.selectOption(WORKSPACE_ZONE);
  await expect.poll(async () => (await muse.stored.profile())?.scheduling?.timeZone, { timeout: waits.call }).toBe(WORKSPACE_ZONE);

  await page.goto('/social/x');
  await expect(page.getByText(`Times in ${WORKSPACE_ZONE}`)).toBeVisible();
  // Three minutes ahead, on a whole minute.
  const at = new Date(Math.ceil((Date.now() + 3 * MINUTE) / MINUTE) * MINUTE);
  const marker = unique('kolkata');
  await page.getByLabel('Post Content').fill(`Planned ${marker}`);
  await page.getByLabel(/Schedule Date/).fill(wallClock(at, WORKSPACE_ZONE));
  await page.getByRole('button', { name: 'Schedule Post' }).click();

  const item = page.getByRole('region', { name: 'Recent Posts' }).getByRole('listitem').filter({ hasText: marker });
  const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: WORKSPACE_ZONE }).format(at);
  await expect(item).toContainText(`${shown} (${WORKSPACE_ZONE})`);
  const [post] = (await muse.stored.list('socialPosts')).filter((p) => String(p.text).includes(marker));
  expect(post?.timeZone).toBe(WORKSPACE_ZONE);
  expect(post?.scheduledAt.toDate().toISOString()).toBe(at.toISOString());

  // A second before the instant, nothing goes out; at it, the post does, once.
  await muse.runSchedule('publishDuePosts', { at: new Date(at.getTime() - 1000) });
  await expect(item).toContainText('Scheduled for');
  expect(await sandboxPosts('x', marker)).toHaveLength(0);
  await muse.runSchedule('publishDuePosts', { at });
  await expect(item.getByRole('link', { name: /View post/ })).toBeVisible({ timeout: waits.call });
  expect((await sandboxPosts('x', marker)).map((p) => p.text)).toEqual([`Planned ${marker}`]);
});
