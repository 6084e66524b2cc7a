import type { Browser } from 'wxt/browser';
import { e2eEnv } from '../support/env';
import { expect, test, waits } from './fixtures';

/** The extension APIs inside the service worker (evaluated there, typed here). */
type ExtensionGlobal = { chrome: typeof Browser };

const article = `<!doctype html><html><head>
<title>Harbour towns brace for record tides</title>
<meta name="description" content="The highest tides in 18 years are due this weekend.">
<meta property="og:image" content="http://article.muse.test/hero.png">
<meta property="og:image:alt" content="Waves over a harbour wall">
</head><body><h1>Record tides</h1><p id="lead">High water comes twice a day.</p></body></html>`;

// A 1x1 PNG: enough for an <img> to load.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('side panel: page context, library tiles and one sign-in', () => {
  test("shows the article's description and og:image", async ({
    context,
    muse,
    page,
    sidePanelUrl,
  }) => {
    await context.route('http://article.muse.test/**', (route) =>
      route.request().url().endsWith('.png')
        ? route.fulfill({ contentType: 'image/png', body: PNG })
        : route.fulfill({ contentType: 'text/html', body: article }),
    );
    await page.goto(sidePanelUrl);
    await muse.submitSignIn();
    const pageCard = page.getByRole('region', { name: 'This page' });

    const tab = await context.newPage();
    await tab.goto('http://article.muse.test/tides');
    await expect(pageCard).toContainText('Harbour towns brace for record tides');
    await expect(pageCard).toContainText('The highest tides in 18 years are due this weekend.');
    // The panel's CSP shows no http: picture (wxt.config.ts), so the og:image is listed as a named placeholder.
    await expect(
      pageCard
        .getByRole('list', { name: 'Images on this page' })
        .getByRole('img', { name: 'Waves over a harbour wall (preview not available)' }),
    ).toBeVisible();
  });

  test('each library type has its own tile, and each item links to itself in the dashboard', async ({
    muse,
    page,
    sidePanelUrl,
  }) => {
    const [sound, picture] = await muse.seed.generations(
      [
        { type: 'audio', title: 'Night rain loop', minutesAgo: 1 },
        { type: 'image', title: 'Harbour at dawn', minutesAgo: 2 },
      ],
      { files: true },
    );
    await page.goto(sidePanelUrl);
    await muse.submitSignIn();
    const items = page.getByRole('list', { name: 'Latest library items' }).getByRole('listitem');
    await expect(items).toHaveCount(2);

    const audio = items.filter({ hasText: 'Night rain loop' });
    await expect(audio.locator('[data-tile="audio"]')).toBeVisible();
    await expect(audio.locator('img')).toHaveCount(0);
    await expect(audio.getByRole('link')).toHaveAttribute(
      'href',
      `${e2eEnv.dashboardUrl}/library?item=${sound!.id}`,
    );

    const image = items.filter({ hasText: 'Harbour at dawn' });
    await expect(image.locator('img')).toHaveJSProperty('complete', true);
    await expect(image.getByRole('link')).toHaveAttribute(
      'href',
      `${e2eEnv.dashboardUrl}/library?item=${picture!.id}`,
    );
  });

  test("Open dashboard signs the dashboard in as the panel's user, and an item link opens that item", async ({
    context,
    muse,
    page,
    sidePanelUrl,
  }) => {
    const [item] = await muse.seed.generations([{ type: 'image', title: 'Harbour at dawn' }], {
      files: true,
    });
    await page.goto(sidePanelUrl);
    await muse.submitSignIn();

    const [dashboard] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Open dashboard' }).click(),
    ]);
    // A signed-out dashboard asks whose session it is taking (login CSRF) before spending the code.
    await expect(dashboard.getByText(`Sign in as ${muse.user.email}?`)).toBeVisible({
      timeout: 30_000,
    });
    await dashboard.getByRole('button', { name: 'Continue' }).click();
    // Home, not /auth: signed in. The one-time code is gone from the address. (The first call of a
    // function starts its emulator worker, which can take a while on a busy machine.)
    await expect(dashboard).toHaveURL(`${e2eEnv.dashboardUrl}/`, { timeout: waits.call });

    await dashboard.goto(`${e2eEnv.dashboardUrl}/library?item=${item!.id}`);
    await expect(dashboard.getByRole('region', { name: 'Linked project' })).toContainText(
      'Harbour at dawn',
    );
  });

  test('a user signed in on the dashboard signs the panel in with one click', async ({
    context,
    page,
    sidePanelUrl,
    user,
  }) => {
    const dashboard = await context.newPage();
    await dashboard.goto(`${e2eEnv.dashboardUrl}/auth`);
    await dashboard.getByLabel('Email address').fill(user.email);
    await dashboard.getByLabel('Your Password').fill(user.password);
    await dashboard.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dashboard).toHaveURL(`${e2eEnv.dashboardUrl}/`);

    await page.goto(sidePanelUrl);
    const [handoff] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Use my dashboard sign-in' }).click(),
    ]);
    await expect(handoff.getByText(`The extension is signed in as ${user.email}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    // The code was spent: nothing is left for the panel or anyone else.
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await expect
      .poll(() =>
        worker.evaluate(() =>
          (globalThis as unknown as ExtensionGlobal).chrome.storage.session.get('pendingSignIn'),
        ),
      )
      .toEqual({});
  });

  test("the panel's Sign up link opens the dashboard's sign-up view", async ({
    context,
    page,
    sidePanelUrl,
  }) => {
    await page.goto(sidePanelUrl);
    const [signUp] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Sign up' }).click(),
    ]);
    await expect(signUp).toHaveURL(`${e2eEnv.dashboardUrl}/auth?view=sign_up`);
    await expect(signUp.getByRole('button', { name: 'Sign up' })).toBeVisible();
  });

  test('a context-menu intent shows in the panel until dismissed', async ({
    context,
    muse,
    page,
    sidePanelUrl,
  }) => {
    await page.goto(sidePanelUrl);
    await muse.submitSignIn();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    // What the background stores for "Write a post about this page" (unit-tested there).
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(() =>
      (globalThis as unknown as ExtensionGlobal).chrome.storage.session.set({
        panelIntent: {
          id: 'i1',
          kind: 'writePost',
          pageUrl: 'https://example.com/tides',
          pageTitle: 'Tide tables',
          selection: 'Tides follow the Moon.',
          createdAt: Date.now(),
        },
      }),
    );
    const card = page.getByRole('region', { name: 'Post about this page' });
    await expect(card).toContainText('Tide tables');
    await expect(card).toContainText('Tides follow the Moon.');
    await card.getByRole('button', { name: 'Dismiss' }).click();
    await expect(card).toHaveCount(0);
  });
});
