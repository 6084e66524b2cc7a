/**
 * The uid a Firebase custom token is for (its `uid` claim), read without verifying it: only to ask the
 * user before switching accounts. Firebase Auth verifies the token itself when it is used.
 */
export function uidOfCustomToken(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      uid?: unknown;
    };
    return typeof claims.uid === 'string' && claims.uid ? claims.uid : null;
  } catch {
    return null;
  }
}
