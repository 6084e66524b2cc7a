import type { Firestore } from 'firebase-admin/firestore';
import { rateLimitPath } from '@core/firestore-paths';
import { rateLimitCounterSchema, rateLimitCounterWrite } from '@core/data/server-docs';
import type { RateLimit } from '@core/rate-limits';
import { adminConverter } from './converter';
import type { Clock } from './clock';
import { runTransaction } from './transaction';

// A fixed-window counter per user and limit at rateLimits/{uid}/limits/{name} (server only), updated in a
// transaction so concurrent calls cannot both take the last slot. It expires at its window's end (a TTL
// policy deletes it then: core/data/server-docs.ts).

const counterConverter = adminConverter(rateLimitCounterSchema, rateLimitCounterWrite);

export interface RateLimitDeps {
  db: Firestore;
  clock: Clock;
}

export type RateLimitOutcome =
  { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

/** Counts one call against the limit, or says how long until the window ends when it is used up. */
export async function takeRateLimit(
  deps: RateLimitDeps,
  uid: string,
  name: string,
  limit: RateLimit,
): Promise<RateLimitOutcome> {
  const ref = deps.db.doc(rateLimitPath(uid, name)).withConverter(counterConverter);
  const windowMs = limit.windowSeconds * 1000;
  return runTransaction(deps.db, async (tx) => {
    const now = deps.clock.now().getTime();
    const counter = (await tx.get(ref)).data();
    const current =
      counter && now >= counter.windowStart && now - counter.windowStart < windowMs
        ? counter
        : { windowStart: now, count: 0 };
    if (current.count >= limit.max)
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((current.windowStart + windowMs - now) / 1000)),
      };
    tx.set(ref, {
      windowStart: current.windowStart,
      count: current.count + 1,
      expiresAt: new Date(current.windowStart + windowMs),
    });
    return { ok: true, remaining: limit.max - current.count - 1 };
  });
}
