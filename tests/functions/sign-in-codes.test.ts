import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { SIGN_IN_CODE_TTL_MS } from '@core/sign-in-codes';
import {
  createSignInCode,
  redeemSignInCode,
  type SignInCodeDeps,
} from '../../functions/src/auth/sign-in-codes';
import { systemClock } from '../../functions/src/lib/clock';
import { adminDb, callCallable, closeAdmin, signUp } from './support';

afterAll(closeAdmin);

/** Signs in to the Auth emulator with a custom token, as the client SDK's signInWithCustomToken does. */
async function signInWithCustomToken(token: string): Promise<string> {
  const res = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { localId?: string; idToken?: string };
  if (!res.ok || !body.idToken) throw new Error(`signInWithCustomToken failed: ${res.status}`);
  // The uid is the ID token's subject.
  const payload = JSON.parse(Buffer.from(body.idToken.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
  };
  return payload.sub;
}

async function newCode(idToken: string): Promise<{ code: string; expiresAt: number }> {
  const res = await callCallable('createSignInCode', {}, idToken);
  expect(res.error).toBeUndefined();
  return res.result as { code: string; expiresAt: number };
}

const storedCode = (code: string) =>
  adminDb().collection('signInCodes').doc(createHash('sha256').update(code).digest('hex'));

describe('one sign-in: createSignInCode and redeemSignInCode', () => {
  it('hands a signed-out client a session of the user who made the code', async () => {
    const { uid, idToken } = await signUp();
    const before = Date.now();
    const { code, expiresAt } = await newCode(idToken);
    expect(expiresAt).toBeGreaterThanOrEqual(before + SIGN_IN_CODE_TTL_MS - 5_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + SIGN_IN_CODE_TTL_MS + 5_000);

    const redeemed = await callCallable('redeemSignInCode', { code });
    expect(redeemed.error).toBeUndefined();
    expect(await signInWithCustomToken((redeemed.result as { token: string }).token)).toBe(uid);
  });

  it('stores only the hash of the code, with its owner and expiry', async () => {
    const { uid, idToken } = await signUp();
    const { code, expiresAt } = await newCode(idToken);
    const snap = await storedCode(code).get();
    expect(snap.data()).toMatchObject({ uid, expiresAt: Timestamp.fromMillis(expiresAt) });
    expect(JSON.stringify(snap.data())).not.toContain(code);
  });

  it('redeems a code once: the second use is refused with invalid-code', async () => {
    const { idToken } = await signUp();
    const { code } = await newCode(idToken);
    expect((await callCallable('redeemSignInCode', { code })).error).toBeUndefined();
    const again = await callCallable('redeemSignInCode', { code });
    expect(again.error).toMatchObject({
      status: 'NOT_FOUND',
      message: 'This sign-in link has expired or was already used. Sign in again.',
      details: { reason: 'invalid-code' },
    });
    expect((await storedCode(code).get()).exists).toBe(false);
  });

  it('mints one token when the same code is redeemed twice at once', async () => {
    const { idToken } = await signUp();
    const { code } = await newCode(idToken);
    const results = await Promise.all([
      callCallable('redeemSignInCode', { code }),
      callCallable('redeemSignInCode', { code }),
    ]);
    expect(results.filter((r) => r.error === undefined)).toHaveLength(1);
  });

  describe('with the minter as a dependency (the handler, on the emulator Firestore)', () => {
    const handlerDeps = (
      createCustomToken: SignInCodeDeps['createCustomToken'],
    ): SignInCodeDeps => ({
      db: adminDb(),
      clock: systemClock,
      createCustomToken,
      emailOf: async () => 'someone@example.com',
    });
    const minted = (uid: string) => Promise.resolve(`token-of-${uid}`);
    const uid = () => `u${Math.random().toString(36).slice(2, 14)}`;

    it('leaves the code usable when minting the token fails, and spends it on the next redeem', async () => {
      const owner = uid();
      const { code } = await createSignInCode(owner, handlerDeps(minted));
      const refusing = handlerDeps(() =>
        Promise.reject(new Error('Permission iam.serviceAccounts.signBlob denied')),
      );
      await expect(redeemSignInCode(code, refusing)).rejects.toThrow('signBlob');
      expect((await storedCode(code).get()).exists).toBe(true);

      expect(await redeemSignInCode(code, handlerDeps(minted))).toEqual({
        token: `token-of-${owner}`,
      });
      await expect(redeemSignInCode(code, handlerDeps(minted))).rejects.toMatchObject({
        code: 'not-found',
        details: { reason: 'invalid-code' },
      });
    });

    it('answers one of two redeems racing on one code, even when both minted a token', async () => {
      const owner = uid();
      const { code } = await createSignInCode(owner, handlerDeps(minted));
      let mints = 0;
      let release!: () => void;
      const bothMinting = new Promise<void>((resolve) => (release = resolve));
      const slow = handlerDeps(async (id) => {
        if (++mints === 2) release();
        await bothMinting;
        return minted(id);
      });
      const results = await Promise.allSettled([
        redeemSignInCode(code, slow),
        redeemSignInCode(code, slow),
      ]);
      expect(mints).toBe(2);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({
        reason: { code: 'not-found', details: { reason: 'invalid-code' } },
      });
      expect((await storedCode(code).get()).exists).toBe(false);
    });
  });

  it('refuses a code past its minute, and removes it', async () => {
    const { idToken } = await signUp();
    const { code } = await newCode(idToken);
    await storedCode(code).update({ expiresAt: Timestamp.fromMillis(Date.now() - 1) });
    const res = await callCallable('redeemSignInCode', { code });
    expect(res.error).toMatchObject({ status: 'NOT_FOUND', details: { reason: 'invalid-code' } });
    expect((await storedCode(code).get()).exists).toBe(false);
  });

  it("gives another signed-in user the code owner's session, never their own, and leaves their codes alone", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const alicesCode = await newCode(alice.idToken);
    const bobsCode = await newCode(bob.idToken);

    const res = await callCallable('redeemSignInCode', { code: alicesCode.code }, bob.idToken);
    expect(await signInWithCustomToken((res.result as { token: string }).token)).toBe(alice.uid);
    expect((await storedCode(bobsCode.code).get()).exists).toBe(true);
  });

  it('refuses a code nobody made', async () => {
    const res = await callCallable('redeemSignInCode', { code: 'A'.repeat(43) });
    expect(res.error).toMatchObject({ status: 'NOT_FOUND', details: { reason: 'invalid-code' } });
  });

  it.each([
    ['a code of the wrong shape', { code: 'short' }],
    ['no code', {}],
    ['extra fields', { code: 'A'.repeat(43), uid: 'someone' }],
  ])('refuses %s as invalid input', async (_case, payload) => {
    const res = await callCallable('redeemSignInCode', payload);
    expect(res.error?.status).toBe('INVALID_ARGUMENT');
  });

  it('describes a code to a signed-out caller without spending it, so the page can ask "Sign in as ...?"', async () => {
    const { uid, idToken, email } = await signUp();
    const { code } = await newCode(idToken);
    const described = await callCallable('describeSignInCode', { code });
    expect(described.error).toBeUndefined();
    expect(described.result).toEqual({ email });
    expect((await storedCode(code).get()).exists).toBe(true);
    const redeemed = await callCallable('redeemSignInCode', { code });
    expect(await signInWithCustomToken((redeemed.result as { token: string }).token)).toBe(uid);
    expect((await callCallable('describeSignInCode', { code })).error).toMatchObject({
      status: 'NOT_FOUND',
      details: { reason: 'invalid-code' },
    });
  });

  it('describes no expired code', async () => {
    const { idToken } = await signUp();
    const { code } = await newCode(idToken);
    await storedCode(code).update({ expiresAt: Timestamp.fromMillis(Date.now() - 1) });
    expect((await callCallable('describeSignInCode', { code })).error).toMatchObject({
      status: 'NOT_FOUND',
      details: { reason: 'invalid-code' },
    });
  });

  it('makes codes only for a signed-in caller', async () => {
    const res = await callCallable('createSignInCode', {});
    expect(res.error).toMatchObject({ status: 'UNAUTHENTICATED' });
  });
});
