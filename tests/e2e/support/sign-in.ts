import { expect, type Page } from '@playwright/test';
import { createUser, type TestUser } from './auth-emulator';

/** Signs in through the /auth form, as a user would, and waits for the dashboard. */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Your Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A fresh verified account, signed in. */
export async function signInAsNewUser(page: Page, opts: Parameters<typeof createUser>[0] = {}): Promise<TestUser> {
  const user = await createUser(opts);
  await signIn(page, user);
  return user;
}
