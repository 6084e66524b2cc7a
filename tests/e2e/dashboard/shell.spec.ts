import { type Page } from '@playwright/test';
import { days, eventually, expect, test } from '../support/fixtures';

const toggleButton = (page: Page) =>
  page.getByRole('button', { name: 'Toggle Sidebar', exact: true });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });

test.describe('sidebar', () => {
  test('collapses to icons by button or Ctrl+B, keeps that across reloads and labels icons on hover', async ({
    muse,
    page,
    context,
  }) => {
    await muse.signUpAndSignIn();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
    await expect(toggleButton(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Control+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await page.keyboard.press('Control+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');

    await toggleButton(page).click();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'sidebar:state')?.value)
      .toBe('false');

    await page.reload();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await expect(toggleButton(page)).toHaveAttribute('aria-expanded', 'false');

    await sidebar(page).getByRole('link', { name: 'Library' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Library');

    await toggleButton(page).click();
    await page.reload();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
  });

  test('highlights the current page and its section', async ({ muse, page }) => {
    await muse.signUpAndSignIn();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: 'Image Generation' }).click();
    await expect(page).toHaveURL(/\/create\/image$/);
    await expect(nav.getByRole('link', { name: 'Image Generation' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Create', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
      /.*/,
    );
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
      'Image Generation',
    );
  });

  test('on a 375px phone opens as a drawer that closes on Escape and on navigation', async ({
    muse,
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await muse.signUpAndSignIn();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(sidebar(page)).toHaveCount(0);

    await toggleButton(page).click();
    await expect(drawer).toBeVisible();
    const box = await page.locator('[data-sidebar="drawer"]').boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(288);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await toggleButton(page).click();
    await drawer.getByRole('link', { name: 'Library' }).click();
    await expect(page).toHaveURL(/\/library$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();

    await toggleButton(page).click();
    await drawer.getByRole('button', { name: 'Send Feedback' }).click();
    await expect(drawer).toBeHidden();
    const feedback = page.getByRole('dialog', { name: 'Send Feedback' });
    await expect(feedback.getByLabel('Feedback')).toBeFocused();
    await feedback.getByRole('button', { name: 'Cancel' }).click();
    await expect(feedback).toBeHidden();
  });
});

test('theme switch is kept across reloads', async ({ muse, page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await muse.signUpAndSignIn();
  const html = page.locator('html');
  await expect(html).toHaveClass(/\blight\b/);

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
});

test.describe('feedback', () => {
  test('is stored for the signed-in user', async ({ muse, page }) => {
    await muse.signUpAndSignIn();
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    await dialog.getByLabel('Feedback').fill('The sidebar is lovely.');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();

    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
    await expect(page.getByText('We appreciate your input.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const docs = await eventually(async () => {
      const feedback = await muse.stored.list('feedback');
      return feedback.length ? feedback : undefined;
    });
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ text: 'The sidebar is lovely.', page: '/' });

    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Send Feedback' }).getByLabel('Feedback'),
    ).toHaveValue('');
  });
});

test('settings: display name and a switch persist across reloads', async ({ muse, page }) => {
  const user = await muse.signUpAndSignIn();
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);

  await page.getByLabel('Display Name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  const emailSwitch = page.getByRole('switch', { name: 'Email Notifications' });
  await expect(emailSwitch).toBeEnabled();
  await expect(emailSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Project Updates' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await emailSwitch.click();
  await expect(emailSwitch).toHaveAttribute('aria-checked', 'true');

  const stored = await eventually(async () => {
    const data = await muse.stored.profile();
    return data?.settings?.emailNotifications === true ? data : undefined;
  });
  expect(stored).toMatchObject({
    displayName: 'Ada Lovelace',
    settings: { emailNotifications: true, projectUpdates: true },
  });

  const animations = page.getByRole('switch', { name: 'Animations' });
  await animations.click();
  await expect(animations).toHaveAttribute('aria-checked', 'false');
  await expect(page.locator('html')).toHaveAttribute('data-motion', 'reduced');

  await page.reload();
  await expect(page.getByLabel('Display Name')).toHaveValue('Ada Lovelace');
  await expect(page.getByRole('switch', { name: 'Animations' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.locator('html')).toHaveAttribute('data-motion', 'reduced');
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByRole('button', { name: /User Settings/ })).toContainText('Ada Lovelace');
});

test('logout goes to /auth with a toast', async ({ muse, page }) => {
  await muse.signUpAndSignIn();
  await page.getByRole('button', { name: /User Settings/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByText('You have been logged out of your account')).toBeVisible();
});

test('user menu leads to Plan Settings', async ({ muse, page }) => {
  await muse.signUpAndSignIn();
  await page.getByRole('button', { name: /User Settings/ }).click();
  await page.getByRole('menuitem', { name: 'Plan Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/plan$/);
  await expect(page.getByRole('region', { name: 'Free Plan' })).toContainText('Current plan');
  await page
    .getByRole('region', { name: 'Pro Plan' })
    .getByRole('button', { name: 'Select Plan' })
    .click();
  await expect(page.getByText('Billing is not available yet')).toBeVisible();
});

test('an unknown address shows the 404 page, signed out too', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/');
});

test('stat cards count the user’s own generations from the last 30 days', async ({
  muse,
  page,
}) => {
  await muse
    .signUp()
    .withGenerations([
      { type: 'image', title: 'Neon koi pond', minutesAgo: days(1) },
      { type: 'image', title: 'Desert at dawn', minutesAgo: days(12) },
      { type: 'video', title: 'City timelapse', minutesAgo: days(3) },
      { type: 'image', title: 'Older than a month', minutesAgo: days(45) },
    ])
    .signIn();

  const images = page.getByRole('region', { name: 'Images Generated' });
  await expect(images.getByText('2', { exact: true })).toBeVisible();
  await expect(images).toContainText('Last 30 days');
  await expect(images).toContainText('+100%');
  await expect(
    page.getByRole('region', { name: 'Videos Created' }).getByText('1', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Videos Created' })).toContainText('—');
  await expect(
    page.getByRole('region', { name: 'Audio Generated' }).getByText('0', { exact: true }),
  ).toBeVisible();

  const recent = page.getByRole('region', { name: 'Recent Projects' });
  await expect(recent.getByRole('listitem')).toHaveCount(4);
  await expect(recent.getByRole('listitem').first()).toContainText('Neon koi pond');
});

test('serves a real robots.txt from the production build, not the app', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const body = await res.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).not.toContain('<html');
});
