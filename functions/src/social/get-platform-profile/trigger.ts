import { keyringSecret } from '../../config';
import { onContractCall } from '../../lib/callable';
import { systemClock } from '../../lib/clock';
import { getPlatformProfile } from './get-platform-profile';
import { platformCallDeps } from '../deps';

export const getPlatformProfileCallable = onContractCall(
  'getPlatformProfile',
  { maxInstances: 20, timeoutSeconds: 60, secrets: [keyringSecret] },
  ({ uid, input }) => {
    return getPlatformProfile(uid, input, platformCallDeps(systemClock));
  },
);
