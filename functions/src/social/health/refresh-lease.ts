import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { refreshLeaseSchema, refreshLeaseWrite } from '@core/data/server-docs';
import type { SocialPlatform } from '@core/integrations';
import type { Clock } from '../../lib/clock';
import { adminConverter } from '../../lib/converter';
import { runTransaction } from '../../lib/transaction';

// One token refresh at a time per account. Two publish jobs (or a job and the channel check) that find the
// same access token about to expire would each spend the refresh token; where a platform rotates refresh
// tokens (the answer carries a new one and the old dies once used), the slower of the two would be refused
// and the account wrongly marked needs reconnect. The lease is a document under secrets/ (closed to every
// client, firestore.rules) taken in a transaction; whoever does not hold it waits, then reads the token the
// holder stored. A holder that crashed frees the lease when its time runs out.

export const REFRESH_LEASE_MS = 30_000;
const WAIT_STEP_MS = 200;
/** How long a caller waits for another's refresh before giving up as "unavailable" (real time). */
const MAX_WAIT_MS = 40_000;

export interface RefreshLeaseDeps {
  db: Firestore;
  clock: Clock;
  /** Waits between attempts; tests may pass a faster one. */
  sleep?: (ms: number) => Promise<void>;
}

export interface RefreshLease {
  release(): Promise<void>;
}

export function refreshLeasePath(uid: string, platform: SocialPlatform): string {
  return `secrets/${uid}/refreshLeases/${platform}`;
}

const leaseConverter = adminConverter(refreshLeaseSchema, refreshLeaseWrite);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Takes the lease at once if it is free or its time ran out; otherwise null. */
export async function tryRefreshLease(
  deps: RefreshLeaseDeps,
  uid: string,
  platform: SocialPlatform,
): Promise<RefreshLease | null> {
  const ref = deps.db.doc(refreshLeasePath(uid, platform)).withConverter(leaseConverter);
  const holder = randomUUID();
  const taken = await runTransaction(deps.db, async (tx) => {
    const now = deps.clock.now().getTime();
    const lease = (await tx.get(ref)).data();
    if (lease && lease.until > now) return false;
    tx.set(ref, { holder, until: now + REFRESH_LEASE_MS });
    return true;
  });
  if (!taken) return null;
  return {
    release: () =>
      runTransaction(deps.db, async (tx) => {
        const lease = (await tx.get(ref)).data();
        if (lease?.holder === holder) tx.delete(ref);
      })
        .then(() => undefined)
        .catch(() => undefined),
  };
}

/**
 * Waits for the lease. Between attempts `settled()` is asked whether another holder already did the work
 * (a fresh token is stored): then it returns 'settled' without taking the lease. 'timeout' after MAX_WAIT_MS.
 */
export async function takeRefreshLease(
  deps: RefreshLeaseDeps,
  uid: string,
  platform: SocialPlatform,
  settled: () => Promise<boolean>,
): Promise<RefreshLease | 'settled' | 'timeout'> {
  const sleep = deps.sleep ?? defaultSleep;
  const started = Date.now();
  for (;;) {
    const lease = await tryRefreshLease(deps, uid, platform);
    if (lease) return lease;
    await sleep(WAIT_STEP_MS);
    if (await settled()) return 'settled';
    if (Date.now() - started > MAX_WAIT_MS) return 'timeout';
  }
}
