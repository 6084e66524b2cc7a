import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { OAuthPlatform } from '@core/social-oauth';
import { storeSocialCredentials } from '../../functions/src/integrations/secret-store';
import type { Clock } from '../../functions/src/lib/clock';
import {
  runChannelChecks,
  type ChannelChecksDeps,
} from '../../functions/src/social/health/channel-checks';
import {
  completeSocialOAuth,
  startSocialOAuth,
  type SocialOAuthDeps,
} from '../../functions/src/social/oauth/social-oauth';
import { localKeyring, sandboxHosts, sandboxUrl } from './integrations-support';
import { countReads } from './read-count';
import { adminDb, closeAdmin, projectId } from './support';

// The scheduled channel check (functions/src/social/health/channel-checks.ts) against the sandbox: a dead
// token is flagged needs reconnect a day before the post it would break, and a healthy channel is checked
// once per mark (a day, then 10 minutes, before its post). The handler runs in-process with its clock given.

vi.setConfig({ testTimeout: 60_000 });
adminDb();
const DIRECT = `${projectId}-channel-checks`;
const app = initializeApp({ projectId: DIRECT }, 'channel-checks');
const db = getFirestore(app);
const keyring = localKeyring();
afterAll(closeAdmin);

const H = 60 * 60_000;
const M = 60_000;
const fixedClock = (at: number): Clock => ({ now: () => new Date(at) });

function fieldsFor(platform: OAuthPlatform, clientId: string): Record<string, string> {
  return platform === 'reddit'
    ? {
        clientId,
        clientSecret: 'reddit-secret-0001',
        userAgent: 'web:muse-test:1.0 (by /u/tester)',
      }
    : {
        clientId: `${clientId}.apps.googleusercontent.com`,
        clientSecret: 'yt-secret-0001',
        channelId: 'UCsandbox',
      };
}

async function connected(platform: OAuthPlatform): Promise<{ uid: string; clientId: string }> {
  const uid = `u${randomUUID().slice(0, 12)}`;
  const clientId = `checks-${randomUUID().slice(0, 8)}`;
  const clock: Clock = { now: () => new Date() };
  const saved = await storeSocialCredentials(
    { db, keyring, clock },
    uid,
    platform,
    fieldsFor(platform, clientId),
  );
  if (!saved.ok) throw new Error('credentials not stored');
  const deps: SocialOAuthDeps = {
    db,
    keyring,
    clock,
    fetch: globalThis.fetch,
    hosts: sandboxHosts(),
    emulated: true,
    dashboardOrigins: [],
  };
  const { authorizeUrl } = await startSocialOAuth(uid, { platform }, 'http://127.0.0.1:5173', deps);
  const back = new URL(
    (await fetch(authorizeUrl, { redirect: 'manual' })).headers.get('location')!,
  );
  await completeSocialOAuth(
    uid,
    { platform, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
    deps,
  );
  return {
    uid,
    clientId: platform === 'reddit' ? clientId : `${clientId}.apps.googleusercontent.com`,
  };
}

async function schedule(uid: string, platform: string, at: number): Promise<void> {
  await db.doc(`users/${uid}/socialPosts/${randomUUID()}`).set({
    platform,
    status: 'scheduled',
    text: 'Later',
    scheduledAt: Timestamp.fromMillis(at),
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
}

function deps(clock: Clock, on: Firestore = db): ChannelChecksDeps {
  return {
    db: on,
    keyring,
    clock,
    fetch: globalThis.fetch,
    baseUrls: {
      x: sandboxUrl('x'),
      linkedin: sandboxUrl('linkedin'),
      reddit: sandboxUrl('reddit'),
      youtube: sandboxUrl('google'),
    },
    hosts: sandboxHosts(),
  };
}

async function expireAtPlatform(platform: OAuthPlatform, clientId: string): Promise<void> {
  const path =
    platform === 'reddit'
      ? '/__sandbox/reddit/expire-tokens'
      : '/__sandbox/google-oauth/expire-tokens';
  const res = await fetch(`${sandboxUrl(platform === 'reddit' ? 'reddit' : 'google')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, refresh: true }),
  });
  expect(res.status).toBe(204);
}

const account = async (uid: string, platform: string) =>
  (await db.doc(`users/${uid}/socialAccounts/${platform}`).get()).data();

describe('channel checks before scheduled posts', () => {
  it.each(['reddit', 'youtube'] as const)(
    '%s: a revoked connection is flagged needs reconnect a day before the post it would break',
    async (platform) => {
      const { uid, clientId } = await connected(platform);
      const now = Date.now();
      await schedule(uid, platform, now + 23 * H);
      // The user revoked the app at the platform: access and refresh tokens are dead.
      await expireAtPlatform(platform, clientId);
      const { checked } = await runChannelChecks(deps(fixedClock(now)));
      expect(checked.filter((c) => c.uid === uid)).toEqual([
        { uid, platform, outcome: 'needs_reconnect' },
      ]);
      expect(await account(uid, platform)).toMatchObject({ needsReconnect: true });
    },
  );

  it('a healthy channel is checked once a day ahead, again 10 minutes ahead, and left as it is', async () => {
    const { uid } = await connected('reddit');
    const now = Date.now();
    const at = now + 23 * H;
    await schedule(uid, 'reddit', at);
    await schedule(uid, 'reddit', at + 5 * M);
    const mine = (r: Awaited<ReturnType<typeof runChannelChecks>>) =>
      r.checked.filter((c) => c.uid === uid);
    expect(mine(await runChannelChecks(deps(fixedClock(now))))).toEqual([
      { uid, platform: 'reddit', outcome: 'ok' },
    ]);
    expect(mine(await runChannelChecks(deps(fixedClock(now + 5 * M))))).toEqual([]);
    expect(mine(await runChannelChecks(deps(fixedClock(at - 9 * M))))).toEqual([
      { uid, platform: 'reddit', outcome: 'ok' },
    ]);
    expect((await account(uid, 'reddit'))?.needsReconnect).toBeUndefined();
  });

  it('a post more than a day ahead is not checked yet', async () => {
    const { uid } = await connected('reddit');
    const now = Date.now();
    await schedule(uid, 'reddit', now + 25 * H);
    expect(
      (await runChannelChecks(deps(fixedClock(now)))).checked.filter((c) => c.uid === uid),
    ).toEqual([]);
  });

  it('LinkedIn: the token expiry the account reports is kept on the channel for its countdown', async () => {
    const uid = `u${randomUUID().slice(0, 12)}`;
    const saved = await storeSocialCredentials(
      { db, keyring, clock: { now: () => new Date() } },
      uid,
      'linkedin',
      { accessToken: `li-${uid}`, accessTokenExpiresAt: '2027-01-20T10:00:00.000Z' },
    );
    expect(saved.ok).toBe(true);
    const now = Date.now();
    await schedule(uid, 'linkedin', now + 2 * H);
    expect(
      (await runChannelChecks(deps(fixedClock(now)))).checked.filter((c) => c.uid === uid),
    ).toEqual([{ uid, platform: 'linkedin', outcome: 'ok' }]);
    const status = await account(uid, 'linkedin');
    expect((status?.tokenExpiresAt as Timestamp).toDate().toISOString()).toBe(
      '2027-01-20T10:00:00.000Z',
    );
  });

  it('LinkedIn: a token the platform refuses is flagged needs reconnect', async () => {
    const uid = `u${randomUUID().slice(0, 12)}`;
    await storeSocialCredentials(
      { db, keyring, clock: { now: () => new Date() } },
      uid,
      'linkedin',
      { accessToken: 'expired-token' },
    );
    const now = Date.now();
    await schedule(uid, 'linkedin', now + 20 * H);
    expect(
      (await runChannelChecks(deps(fixedClock(now)))).checked.filter((c) => c.uid === uid),
    ).toEqual([{ uid, platform: 'linkedin', outcome: 'needs_reconnect' }]);
    expect(await account(uid, 'linkedin')).toMatchObject({ needsReconnect: true });
  });
});

describe('what a channel check run reads', () => {
  it('past 2,000 posts none is missed (paged), and the next run reads only the posts whose check time came', async () => {
    // A project of its own (fresh each run): the run's queries see every user's posts.
    const own = `${projectId}-channel-cost-${randomUUID().slice(0, 6)}`;
    const costDb = getFirestore(initializeApp({ projectId: own }, own));
    const now = Date.now();
    // 2,100 posts of one channel over the next day (written an hour ago), then one of a dead channel's.
    const busy = `u${randomUUID().slice(0, 12)}`;
    const written = Timestamp.fromMillis(now - H);
    const writer = costDb.bulkWriter();
    const COUNT = 2_100;
    for (let i = 0; i < COUNT; i++)
      void writer.set(costDb.doc(`users/${busy}/socialPosts/${randomUUID()}`), {
        platform: 'x',
        status: 'scheduled',
        text: 'Busy',
        scheduledAt: Timestamp.fromMillis(now + 30 * M + i * 40_000),
        createdAt: written,
        updatedAt: written,
      });
    await writer.close();
    const uid = `u${randomUUID().slice(0, 12)}`;
    await storeSocialCredentials(
      { db: costDb, keyring, clock: { now: () => new Date() } },
      uid,
      'linkedin',
      { accessToken: 'expired-token' },
    );
    await costDb.doc(`users/${uid}/socialPosts/${randomUUID()}`).set({
      platform: 'linkedin',
      status: 'scheduled',
      text: 'Last of the day',
      scheduledAt: Timestamp.fromMillis(now + 23 * H + 55 * M),
      createdAt: written,
      updatedAt: written,
    });

    const first = countReads();
    const { checked } = await runChannelChecks(deps(fixedClock(now), costDb));
    first.stop();
    expect(checked.filter((c) => c.uid === uid)).toEqual([
      { uid, platform: 'linkedin', outcome: 'needs_reconnect' },
    ]);
    // Every post once (the first run has no earlier one), each as the few fields the check needs.
    expect(first.byCollection().socialPosts).toBeLessThanOrEqual(COUNT + 1 + 3);

    // Five minutes on: only posts whose check time came in those minutes (none of these), not the day's.
    const next = countReads();
    await runChannelChecks(deps(fixedClock(now + 5 * M), costDb));
    next.stop();
    expect(next.byCollection().socialPosts).toBeLessThanOrEqual(3);
    expect(next.docs()).toBeLessThanOrEqual(6);

    // Half an hour on, the busy channel's first posts reach their 10-minute check: they are read, not the rest.
    const later = countReads();
    const run = await runChannelChecks(deps(fixedClock(now + 25 * M), costDb));
    later.stop();
    expect(run.checked.map((c) => c.uid)).toEqual([busy]);
    expect(later.byCollection().socialPosts).toBeLessThanOrEqual(3 + 40);
  });
});
