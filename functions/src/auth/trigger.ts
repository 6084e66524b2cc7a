import { getAuth } from 'firebase-admin/auth';
import { getAdminApp, getDb } from '../lib/admin';
import { onContractCall, withFallbackError } from '../lib/callable';
import { systemClock } from '../lib/clock';
import {
  createSignInCode,
  describeSignInCode,
  redeemSignInCode,
  type SignInCodeDeps,
} from './sign-in-codes';

function deps(): SignInCodeDeps {
  const auth = getAuth(getAdminApp());
  return {
    db: getDb(),
    clock: systemClock,
    createCustomToken: (uid) => auth.createCustomToken(uid),
    emailOf: (uid) =>
      auth.getUser(uid).then(
        (user) => user.email ?? null,
        () => null,
      ),
  };
}

export const createSignInCodeCallable = onContractCall(
  'createSignInCode',
  { maxInstances: 10 },
  ({ uid }) =>
    withFallbackError('Could not start the sign-in', {}, () => createSignInCode(uid, deps())),
);

export const describeSignInCodeCallable = onContractCall(
  'describeSignInCode',
  { maxInstances: 10 },
  ({ input }) =>
    withFallbackError('Could not sign in', {}, () => describeSignInCode(input.code, deps())),
);

export const redeemSignInCodeCallable = onContractCall(
  'redeemSignInCode',
  { maxInstances: 10 },
  ({ input }) =>
    withFallbackError('Could not sign in', {}, () => redeemSignInCode(input.code, deps())),
);
