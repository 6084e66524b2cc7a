/**
 * A session is the account's first when its sign-in is the one that created it: Firebase Auth stamps
 * both times at once then (to the second, so a minute of slack). Every later sign-in moves
 * `lastSignInTime` on, so a user signing in again on another day or device is greeted as returning.
 */
const FIRST_SIGN_IN_SLACK_MS = 60_000;

export function isFirstSession(
  metadata: { creationTime?: string; lastSignInTime?: string } | null | undefined,
): boolean {
  const created = Date.parse(metadata?.creationTime ?? '');
  const lastSignIn = Date.parse(metadata?.lastSignInTime ?? '');
  if (!Number.isFinite(created) || !Number.isFinite(lastSignIn)) return false;
  return lastSignIn - created < FIRST_SIGN_IN_SLACK_MS;
}

/** The home page's line under its title: "Welcome" on the first visit, "Welcome back" after. */
export function welcomeLine(name: string, firstSession: boolean): string {
  return `${firstSession ? 'Welcome' : 'Welcome back'}, ${name}! Here's what's happening with your content.`;
}
