import { keyringSecret } from '../../config';
import { onContractCall } from '../../lib/callable';
import { systemClock } from '../../lib/clock';
import { getSubredditFlairs } from './get-subreddit-flairs';
import { platformCallDeps } from '../deps';

export const getSubredditFlairsCallable = onContractCall(
  'getSubredditFlairs',
  { maxInstances: 20, timeoutSeconds: 30, secrets: [keyringSecret] },
  ({ uid, input }) => {
    return getSubredditFlairs(uid, input, platformCallDeps(systemClock));
  },
);
