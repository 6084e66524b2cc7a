import { Timestamp } from 'firebase-admin/firestore';
import type { Worker } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { userCollectionPath } from '../../../core/firestore-paths';
import { adminDb } from '../support/admin';
import { expect, test } from './fixtures';

// The toolbar badge of failed posts with the side panel closed: the background reads the inbox with the session
// the panel signed in (entrypoints/background/failure-badge.ts) when its alarm fires, and clears the count when the
// inbox's read time is written (what the panel's Open inbox does), or at its next alarm after the inbox is read
// on the dashboard (the account's read time in Firestore, users/{uid}/inbox/state).

/** The extension APIs inside the service worker (evaluated there, typed here). */
type ExtensionGlobal = { chrome: typeof Browser };
const ALARM = 'muse-failure-badge';

/** The text on the toolbar icon. */
const badgeOf = (worker: Worker) =>
  worker.evaluate(() => (globalThis as unknown as ExtensionGlobal).chrome.action.getBadgeText({}));

/** Chrome fires the minute's alarm; an unpacked extension may have it now instead of waiting for it. */
const fireAlarm = (worker: Worker) =>
  worker.evaluate(
    (name) =>
      (globalThis as unknown as ExtensionGlobal).chrome.alarms.create(name, {
        when: Date.now() + 200,
        periodInMinutes: 1,
      }),
    ALARM,
  );

/** A scheduled X post that failed for its token, written as the publish job writes a failure. */
async function seedFailedPost(uid: string): Promise<void> {
  const now = Timestamp.now();
  await adminDb()
    .doc(`${userCollectionPath(uid, 'socialPosts')}/failed-1`)
    .set({
      platform: 'x',
      status: 'failed',
      text: 'Harbour at dawn',
      media: [],
      error: {
        code: 'auth_expired',
        message: 'X refused the saved token',
        step: 'sign-in',
        fix: { action: 'reconnect', label: 'Reconnect X' },
      },
      createdAt: now,
      updatedAt: now,
    });
}

test('the toolbar badge counts a post that failed while the side panel was closed, and clears once it is read', async ({
  context,
  muse,
  page,
  sidePanelUrl,
  user,
}) => {
  await page.goto(sidePanelUrl);
  await muse.submitSignIn();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const badge = () => badgeOf(worker);
  await expect.poll(badge).toBe('');
  await expect
    .poll(() =>
      worker.evaluate(
        (name) => (globalThis as unknown as ExtensionGlobal).chrome.alarms.get(name),
        ALARM,
      ),
    )
    .toMatchObject({ name: ALARM, periodInMinutes: 1 });
  await page.close();

  // A scheduled post fails while no panel is open, written as the publish job writes a failure.
  await seedFailedPost(user.uid);
  await fireAlarm(worker);
  await expect.poll(badge).toBe('1');

  // The panel's Open inbox writes the read time for the account: the badge clears without the panel.
  await worker.evaluate(
    (uid) =>
      (globalThis as unknown as ExtensionGlobal).chrome.storage.local.set({
        inboxReadAt: { [uid]: Date.now() + 1000 },
      }),
    user.uid,
  );
  await expect.poll(badge).toBe('');
});

test("reading the inbox on the dashboard clears the toolbar badge at the background's next alarm", async ({
  context,
  muse,
  page,
  sidePanelUrl,
  user,
}) => {
  await page.goto(sidePanelUrl);
  await muse.submitSignIn();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const badge = () => badgeOf(worker);

  await seedFailedPost(user.uid);
  await fireAlarm(worker);
  await expect.poll(badge).toBe('1');

  // The panel is gone (this tab becomes the dashboard); Mark all read there touches nothing of the extension's.
  await muse.signIn();
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await adminDb().doc(`users/${user.uid}/inbox/state`).get()).get('readAt') instanceof
        Timestamp,
    )
    .toBe(true);
  await fireAlarm(worker);
  await expect.poll(badge).toBe('');
});
