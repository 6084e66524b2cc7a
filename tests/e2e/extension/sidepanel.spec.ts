import type { Browser } from 'wxt/browser';
import { createUser } from '../support/auth-emulator';
import { expect, test } from './fixtures';

/** The extension APIs inside the service worker (evaluated there, typed here). */
type ExtensionGlobal = { chrome: typeof Browser };

test.describe('side panel', () => {
  test('a signed-in user sees their name and their newest library items', async ({
    muse,
    page,
    sidePanelUrl,
  }) => {
    await muse.seed.profile({ displayName: 'Ada Lovelace' });
    await muse.seed.generations([
      { type: 'image', title: 'Harbour at dawn', minutesAgo: 30 },
      { type: 'audio', title: 'Night rain loop', minutesAgo: 5 },
    ]);

    await page.goto(sidePanelUrl);
    await muse.submitSignIn();

    await expect(page.getByText('Ada Lovelace')).toBeVisible();
    const items = page.getByRole('list', { name: 'Latest library items' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Night rain loop');
    await expect(items.nth(0)).toContainText('Audio');
    await expect(items.nth(1)).toContainText('Harbour at dawn');
    await expect(items.nth(1)).toContainText('Image');
    await expect(page.getByRole('link', { name: 'Open dashboard' })).toHaveAttribute(
      'href',
      /^http/,
    );
  });

  test('shows a new generation as soon as it is saved, newest first, five at most', async ({
    muse,
    page,
    sidePanelUrl,
  }) => {
    await muse.seed.generations(
      Array.from({ length: 5 }, (_, i) => ({
        type: 'image' as const,
        title: `Sketch ${i + 1}`,
        minutesAgo: 60 - i,
      })),
    );
    await page.goto(sidePanelUrl);
    await muse.submitSignIn();
    const items = page.getByRole('list', { name: 'Latest library items' }).getByRole('listitem');
    await expect(items.first()).toContainText('Sketch 5');

    await muse.seed.generations([{ type: 'video', title: 'Fresh render', minutesAgo: 0 }]);

    await expect(items.first()).toContainText('Fresh render');
    await expect(items).toHaveCount(5);
    await expect(page.getByText('Sketch 1')).toHaveCount(0);
  });

  test('a new user is told the library is empty, and can sign out', async ({
    muse,
    page,
    sidePanelUrl,
    user,
  }) => {
    await page.goto(sidePanelUrl);
    await muse.submitSignIn();

    await expect(page.getByText('No library items yet')).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('a wrong password is explained in plain words', async ({ muse, page, sidePanelUrl }) => {
    await page.goto(sidePanelUrl);
    await muse.submitSignIn({ password: 'not-the-password' });

    // The dashboard's words for the same error code (one catalogue, core/auth-errors.ts).
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('an account whose email is not confirmed is told to confirm it, and gets no session', async ({
    muse,
    page,
    sidePanelUrl,
  }) => {
    const unconfirmed = await createUser({ verified: false });
    await page.goto(sidePanelUrl);
    await muse.submitSignIn({ email: unconfirmed.email, password: unconfirmed.password });

    await expect(page.getByRole('alert')).toHaveText(
      'Please confirm your email address before signing in. Use the link in the confirmation email we sent you.',
    );
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  });

  test('stays signed in when the panel is opened again', async ({
    context,
    muse,
    page,
    sidePanelUrl,
  }) => {
    await page.goto(sidePanelUrl);
    await muse.submitSignIn();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

    const again = await context.newPage();
    await again.goto(sidePanelUrl);
    await expect(again.getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  test('follows the active tab and its selection live, without Refresh', async ({
    context,
    muse,
    page,
    sidePanelUrl,
  }) => {
    await context.route('http://article.muse.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<title>Tide tables explained</title><p id="lead">High water comes twice a day.</p><p id="next">Low water follows.</p>',
      }),
    );
    await page.goto(sidePanelUrl);
    await muse.submitSignIn();
    const pageCard = page.getByRole('region', { name: 'This page' });
    // The active tab is the panel's own extension page: a browser page, said plainly.
    await expect(pageCard).toContainText("This is a browser page, which extensions can't read.");

    // A new tab in the panel's window becomes the active one.
    const article = await context.newPage();
    await article.goto('http://article.muse.test/tides');
    await expect(pageCard).toContainText('Tide tables explained');
    await expect(pageCard).toContainText('Select text on the page to use it here.');

    const selectText = (id: string) =>
      article.evaluate((target) => {
        const range = document.createRange();
        range.selectNodeContents(document.getElementById(target)!);
        window.getSelection()!.removeAllRanges();
        window.getSelection()!.addRange(range);
      }, id);
    await selectText('lead');
    await expect(pageCard.getByLabel('Selected text')).toHaveText('High water comes twice a day.');
    await selectText('next');
    await expect(pageCard.getByLabel('Selected text')).toHaveText('Low water follows.');
    await article.evaluate(() => window.getSelection()!.removeAllRanges());
    await expect(pageCard).toContainText('Select text on the page to use it here.');
  });

  test('the toolbar button opens the side panel', async ({ context }) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await expect
      .poll(() =>
        worker.evaluate(() =>
          (globalThis as unknown as ExtensionGlobal).chrome.sidePanel.getPanelBehavior(),
        ),
      )
      .toEqual({ openPanelOnActionClick: true });
  });

  test('shows a selection sent from the context menu until it is dismissed', async ({
    context,
    muse,
    page,
    sidePanelUrl,
  }) => {
    await page.goto(sidePanelUrl);
    await muse.submitSignIn();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

    // What the background stores when "Send selection to Muse Studio" is clicked (unit-tested there).
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(() =>
      (globalThis as unknown as ExtensionGlobal).chrome.storage.session.set({
        sentSelection: {
          text: 'Tides follow the Moon.',
          pageUrl: 'https://example.com/tides',
          pageTitle: 'Tide tables',
          sentAt: Date.now(),
        },
      }),
    );

    const sent = page.getByRole('region', { name: 'Sent selection' });
    await expect(sent).toContainText('Tides follow the Moon.');
    await expect(sent).toContainText('From Tide tables');
    await sent.getByRole('button', { name: 'Dismiss' }).click();
    await expect(sent).toHaveCount(0);
  });
});
