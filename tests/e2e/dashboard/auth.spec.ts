import { type Page } from '@playwright/test';
import {
  expect,
  oobCodesFor,
  test,
  uniqueEmail,
  waitForOobCode,
  waitForPrintedLink,
} from '../support/fixtures';

async function expectDashboard(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

const dangerBox = (page: Page) => page.getByRole('alert');
const noticeBox = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.describe('sign-in screen', () => {
  test('shows the centred card with the sign-in view', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('Sign in to manage your integrations')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await expect(page.getByRole('link', { name: "Don't have an account? Sign up" })).toBeVisible();
    await expect(page.getByRole('link', { name: /magic link/i })).toHaveCount(0);
  });

  test('signs up, confirms the email from the link the local stack prints, then signs in to the dashboard', async ({
    muse,
    page,
  }) => {
    const email = uniqueEmail('signup');
    const password = 'muse-studio-42';
    await page.goto('/auth');
    await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Create a Password').fill(password);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(noticeBox(page, 'Check your email for the confirmation link')).toBeVisible();

    await page.goto(await waitForPrintedLink(email, 'verifyEmail'));
    await expect(
      noticeBox(page, 'Your email has been confirmed. You can sign in now.'),
    ).toBeVisible();
    // The spent code leaves the address bar, so a reload does not try it again.
    await expect(page).toHaveURL(/\/auth$/);

    await muse.submitSignIn({ email, password });
    await expectDashboard(page);
  });

  test('refuses a weak password on sign-up with the reason', async ({ page }) => {
    await page.goto('/auth?view=sign_up');
    await page.getByLabel('Email address').fill(uniqueEmail('weak'));
    await page.getByLabel('Create a Password').fill('abc');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(dangerBox(page)).toHaveText(
      'That password is too weak: password should be at least 6 characters.',
    );
  });

  test('refuses an unconfirmed account and sends the confirmation link again', async ({
    muse,
    page,
  }) => {
    const user = await muse.signUp({ verified: false }).create();
    await page.goto('/auth');
    await muse.submitSignIn();
    await expect(dangerBox(page)).toHaveText(
      'Please confirm your email address before signing in. We have sent you a new confirmation link.',
    );
    await expect(page).toHaveURL(/\/auth$/);
    expect(
      (await oobCodesFor(user.email)).filter((c) => c.requestType === 'VERIFY_EMAIL'),
    ).toHaveLength(1);
    // Nobody is signed in: the guard still sends the visitor back.
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('shows a wrong password in the danger box, with the button busy while the call runs', async ({
    muse,
    page,
  }) => {
    await muse.signUp().create();
    // The call is held until the busy button has been seen, then let through (no fixed delay to outlast).
    let answer!: () => void;
    const seenBusy = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/accounts:signInWithPassword**', async (route) => {
      await seenBusy;
      await route.continue();
    });
    await page.goto('/auth');
    await muse.submitSignIn({ password: 'not-the-password' });
    await expect(page.getByRole('button', { name: 'Signing in ...' })).toBeDisabled();
    answer();
    await expect(dangerBox(page)).toHaveText('The email or password is incorrect.');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  });

  test('resets a forgotten password end to end', async ({ muse, page }) => {
    const user = await muse.signUp().create();
    const newPassword = 'brand-new-secret-7';
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Send reset password instructions' }).click();
    await expect(noticeBox(page, 'Check your email for the password reset link')).toBeVisible();

    const { oobCode } = await waitForOobCode(user.email, 'PASSWORD_RESET');
    await page.goto(`/auth?mode=resetPassword&oobCode=${oobCode}`);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(noticeBox(page, 'Your password has been updated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

    await muse.submitSignIn();
    await expect(dangerBox(page)).toHaveText('The email or password is incorrect.');
    await page.getByLabel('Your Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectDashboard(page);
  });

  test('resets a password through the link the local stack prints, which opens our own view', async ({
    muse,
    page,
  }) => {
    const user = await muse.signUp().create();
    const newPassword = 'printed-link-secret-9';
    await page.goto('/auth?view=forgotten_password');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Send reset password instructions' }).click();
    await expect(noticeBox(page, 'Check your email for the password reset link')).toBeVisible();

    const link = await waitForPrintedLink(user.email, 'resetPassword');
    expect(link.startsWith(`${new URL(page.url()).origin}/auth?mode=resetPassword&oobCode=`)).toBe(
      true,
    );
    await page.goto(link);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(noticeBox(page, 'Your password has been updated')).toBeVisible();
    await muse.submitSignIn({ password: newPassword });
    await expectDashboard(page);
  });

  test('says so when a reset link was already used', async ({ page }) => {
    await page.goto('/auth?mode=resetPassword&oobCode=not-a-real-code');
    await expect(dangerBox(page)).toHaveText(
      'This link or code is invalid or has already been used. Request a new one.',
    );
    await expect(
      page.getByRole('button', { name: 'Send reset password instructions' }),
    ).toBeVisible();
  });

  test('confirms an email with the code typed into verify_otp', async ({ muse, page }) => {
    const user = await muse.signUp({ verified: false }).create();
    await page.goto('/auth');
    await muse.submitSignIn();
    await expect(dangerBox(page)).toBeVisible();
    const { oobCode } = await waitForOobCode(user.email, 'VERIFY_EMAIL');

    await page.goto('/auth?view=verify_otp');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Token').fill(oobCode);
    await page.getByRole('button', { name: 'Verify token' }).click();
    await expect(
      noticeBox(page, 'Your email has been confirmed. You can sign in now.'),
    ).toBeVisible();

    await muse.submitSignIn();
    await expectDashboard(page);
  });
  test('signs in with a magic link opened in the same browser, though sign_in does not offer it', async ({
    muse,
    page,
  }) => {
    const user = await muse.signUp().create();
    await page.goto('/auth?view=magic_link');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(noticeBox(page, 'Check your email for the magic link')).toBeVisible();

    const { oobCode } = await waitForOobCode(user.email, 'EMAIL_SIGNIN');
    await page.goto(`/auth?mode=signIn&oobCode=${oobCode}&apiKey=demo-api-key`);
    await expectDashboard(page);
  });
});

test.describe('guard', () => {
  test('sends a signed-out visitor to /auth and back to the requested page after sign-in', async ({
    muse,
    page,
  }) => {
    await muse.signUp().create();
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth$/);
    await muse.submitSignIn();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('keeps the requested page while the user switches views before signing in', async ({
    muse,
    page,
  }) => {
    await muse.signUp().create();
    await page.goto('/settings');
    await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
    await page.getByRole('link', { name: 'Already have an account? Sign in' }).click();
    await muse.submitSignIn();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('signs in with Enter and then sends the signed-in user away from /auth to the dashboard', async ({
    muse,
    page,
  }) => {
    const user = await muse.signUp().create();
    await page.goto('/auth');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Your Password').fill(user.password);
    await page.getByLabel('Your Password').press('Enter');
    await expectDashboard(page);
    await page.goto('/auth');
    await expectDashboard(page);
  });
});
