import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { OAuthPlatform } from '@core/social-oauth';
import {
  readSocialCredentials,
  storeSocialCredentials,
} from '../../functions/src/integrations/secret-store';
import type { Clock } from '../../functions/src/lib/clock';
import { refreshLeasePath } from '../../functions/src/social/health/refresh-lease';
import { readFreshCredentials } from '../../functions/src/social/oauth/fresh-credentials';
import {
  completeSocialOAuth,
  startSocialOAuth,
  type SocialOAuthDeps,
} from '../../functions/src/social/oauth/social-oauth';
import { localKeyring, sandboxHosts } from './integrations-support';
import { adminDb, closeAdmin, projectId } from './support';

// Token refreshes against the sandbox's OAuth servers: one refresh at a time per account, and a refresh
// token is never replaced by an empty one.

vi.setConfig({ testTimeout: 60_000 });
adminDb();
const DIRECT = `${projectId}-tokens`;
const app = initializeApp({ projectId: DIRECT }, 'token-refresh');
const db = getFirestore(app);
const keyring = localKeyring();
afterAll(closeAdmin);

const formFields: Record<OAuthPlatform, Record<string, string>> = {
  reddit: {
    clientId: 'reddit-client',
    clientSecret: 'reddit-secret-0001',
    userAgent: 'web:muse-test:1.0 (by /u/tester)',
  },
  youtube: {
    clientId: 'yt-client.apps.googleusercontent.com',
    clientSecret: 'yt-secret-0001',
    channelId: 'UCsandbox',
  },
};

function movableClock(): Clock & { advance(ms: number): void } {
  let now = new Date();
  return { now: () => now, advance: (ms) => (now = new Date(now.getTime() + ms)) };
}

async function connected(platform: OAuthPlatform, clock: Clock): Promise<string> {
  const uid = `u${randomUUID().slice(0, 12)}`;
  const saved = await storeSocialCredentials(
    { db, keyring, clock },
    uid,
    platform,
    formFields[platform],
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
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = new URL(res.headers.get('location')!);
  await completeSocialOAuth(
    uid,
    { platform, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
    deps,
  );
  return uid;
}

async function stored(uid: string, platform: OAuthPlatform): Promise<Record<string, string>> {
  const read = await readSocialCredentials({ db, keyring }, uid, platform);
  if (!read.found || !read.readable) throw new Error('nothing stored');
  return read.value;
}

/** fetch that counts the refresh_token grants it carries to the platform. */
function countingFetch(): { fetch: typeof fetch; refreshes: () => number } {
  let refreshes = 0;
  const counted: typeof fetch = (input, init) => {
    if (typeof init?.body === 'string' && init.body.includes('grant_type=refresh_token'))
      refreshes += 1;
    return globalThis.fetch(input, init);
  };
  return { fetch: counted, refreshes: () => refreshes };
}

describe('one refresh at a time per account', () => {
  it.each(['reddit', 'youtube'] as const)(
    '%s: five uses of an expiring token at once refresh it once and all get the new token',
    async (platform) => {
      const clock = movableClock();
      const uid = await connected(platform, clock);
      const first = await stored(uid, platform);
      clock.advance(Number(first.accessTokenExpiresAt) - clock.now().getTime() - 60_000);
      const counter = countingFetch();
      const deps = { db, keyring, clock, fetch: counter.fetch, hosts: sandboxHosts() };
      const reads = await Promise.all(
        Array.from({ length: 5 }, () => readFreshCredentials(deps, uid, platform)),
      );
      expect(counter.refreshes()).toBe(1);
      const renewed = await stored(uid, platform);
      expect(renewed.accessToken).not.toBe(first.accessToken);
      for (const read of reads)
        expect(read).toMatchObject({
          found: true,
          readable: true,
          value: { accessToken: renewed.accessToken },
        });
      expect(renewed.refreshToken).toBe(first.refreshToken);
      expect(
        (await db.doc(`users/${uid}/socialAccounts/${platform}`).get()).data()?.needsReconnect,
      ).toBeUndefined();
      // The lease is given back: nothing is left to hold up the next refresh.
      expect((await db.doc(refreshLeasePath(uid, platform)).get()).exists).toBe(false);
    },
  );

  it('a lease left by a crashed refresh is taken over once its time has run out', async () => {
    const clock = movableClock();
    const uid = await connected('reddit', clock);
    const first = await stored(uid, 'reddit');
    clock.advance(Number(first.accessTokenExpiresAt) - clock.now().getTime() - 60_000);
    await db
      .doc(refreshLeasePath(uid, 'reddit'))
      .set({ holder: 'crashed', until: clock.now().getTime() - 1 });
    const fresh = await readFreshCredentials(
      { db, keyring, clock, fetch: globalThis.fetch, hosts: sandboxHosts() },
      uid,
      'reddit',
    );
    expect(fresh).toMatchObject({
      value: { accessToken: expect.not.stringMatching(first.accessToken!) },
    });
  });
});

describe('a refresh token is never replaced by an empty one', () => {
  it('an empty refresh token stored over a good one keeps the good one', async () => {
    const clock = movableClock();
    const uid = await connected('youtube', clock);
    const first = await stored(uid, 'youtube');
    const saved = await storeSocialCredentials({ db, keyring, clock }, uid, 'youtube', {
      accessToken: 'ya29.new',
      accessTokenExpiresAt: String(clock.now().getTime() + 3_600_000),
      refreshToken: '',
    });
    expect(saved.ok).toBe(true);
    const after = await stored(uid, 'youtube');
    expect(after.accessToken).toBe('ya29.new');
    expect(after.refreshToken).toBe(first.refreshToken);
  });
});
