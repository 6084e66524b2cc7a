import { emulatorPortSets } from '../../core/firebase/config';

export const DEMO_ACCOUNT = { email: 'demo@muse.studio', password: 'muse-demo-2026', displayName: 'Demo Creator' } as const;

/** Creates the verified demo account in the dev Auth emulator, or leaves the existing one alone. */
export async function seedDemoAccount(projectId: string): Promise<'created' | 'existing'> {
  const base = `http://127.0.0.1:${emulatorPortSets.dev.auth}/identitytoolkit.googleapis.com/v1`;
  const json = { 'content-type': 'application/json' };
  const signIn = await fetch(`${base}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, returnSecureToken: true }),
  });
  if (signIn.ok) return 'existing';
  const signUp = await fetch(`${base}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, returnSecureToken: true }),
  });
  if (!signUp.ok) throw new Error(`Could not create the demo account: ${await signUp.text()}`);
  const { localId } = (await signUp.json()) as { localId: string };
  // "Bearer owner" is the emulator's admin credential.
  const update = await fetch(`${base}/projects/${projectId}/accounts:update`, {
    method: 'POST',
    headers: { ...json, authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, emailVerified: true, displayName: DEMO_ACCOUNT.displayName }),
  });
  if (!update.ok) throw new Error(`Could not verify the demo account: ${await update.text()}`);
  return 'created';
}
