import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { OAUTH_NONCE_TTL_MS, type OAuthPlatform } from '@core/social-oauth';
import { publishPostSchema } from '@core/social-posts';
import { deleteSocialCredentials } from '../../functions/src/integrations/delete-social-credentials/delete-social-credentials';
import {
  readSocialCredentials,
  storeSocialCredentials,
} from '../../functions/src/integrations/secret-store';
import { systemClock, type Clock } from '../../functions/src/lib/clock';
import { runJob, type RunnerDeps } from '../../functions/src/jobs/runner';
import { publishJobHandler } from '../../functions/src/social/publish-job';
import { platformPublisher, publishProviders } from '../../functions/src/social/deps';
import {
  readFreshCredentials,
  reconnectMessage,
} from '../../functions/src/social/oauth/fresh-credentials';
import { refreshTokens } from '../../functions/src/social/oauth/platform-oauth';
import {
  completeSocialOAuth,
  startSocialOAuth,
  type SocialOAuthDeps,
} from '../../functions/src/social/oauth/social-oauth';
import { postRef, publishJobId } from '../../functions/src/social/posts';
import { publishPost } from '../../functions/src/social/publish-post/publish-post';
import { gradientPng } from '../sandbox/providers/png';
import { localKeyring, sandboxHosts, sandboxUrl } from './integrations-support';
import { adminDb, closeAdmin, projectId } from './support';

// Connect (startSocialOAuth, the platform's consent in the sandbox, completeSocialOAuth), token refresh and
// revocation, and Reddit publish jobs, run in-process on a project of their own (no trigger runs its jobs)
// with a clock the tests move.

vi.setConfig({ testTimeout: 60_000 });
adminDb();
const DIRECT = `${projectId}-oauth`;
const app = initializeApp(
  { projectId: DIRECT, storageBucket: `${DIRECT}.appspot.com` },
  'oauth-direct',
);
const db = getFirestore(app);
const bucket = getStorage(app).bucket();
const keyring = localKeyring();
afterAll(closeAdmin);

const ORIGIN = 'http://127.0.0.1:5173';
const USER_AGENT = 'web:muse-test:1.0 (by /u/tester)';
const formFields: Record<OAuthPlatform, Record<string, string>> = {
  reddit: { clientId: 'reddit-client', clientSecret: 'reddit-secret-0001', userAgent: USER_AGENT },
  youtube: {
    clientId: 'yt-client.apps.googleusercontent.com',
    clientSecret: 'yt-secret-0001',
    channelId: 'UCsandbox',
  },
};

function movableClock(start = new Date()): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => now, advance: (ms) => (now = new Date(now.getTime() + ms)) };
}

function oauthDeps(clock: Clock = systemClock): SocialOAuthDeps {
  return {
    db,
    keyring,
    clock,
    fetch: globalThis.fetch,
    hosts: sandboxHosts(),
    emulated: true,
    dashboardOrigins: ['https://muse.example'],
  };
}

async function userWith(
  platform: OAuthPlatform,
  fields: Record<string, string> = formFields[platform],
): Promise<string> {
  const uid = `u${randomUUID().slice(0, 12)}`;
  const saved = await storeSocialCredentials(
    { db, keyring, clock: systemClock },
    uid,
    platform,
    fields,
  );
  if (!saved.ok) throw new Error('credentials not stored');
  return uid;
}

/** Opens the authorize URL as the browser would and returns what the platform sent back. */
async function consent(
  authorizeUrl: string,
): Promise<{ code: string; state: string; redirect: URL }> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const redirect = new URL(res.headers.get('location')!);
  return {
    code: redirect.searchParams.get('code')!,
    state: redirect.searchParams.get('state')!,
    redirect,
  };
}

async function stored(uid: string, platform: OAuthPlatform): Promise<Record<string, string>> {
  const read = await readSocialCredentials({ db, keyring }, uid, platform);
  if (!read.found || !read.readable) throw new Error('nothing stored');
  return read.value;
}

const status = async (uid: string, platform: OAuthPlatform) =>
  (await db.doc(`users/${uid}/socialAccounts/${platform}`).get()).data();
const rawSecret = async (uid: string, platform: OAuthPlatform) =>
  (await db.doc(`secrets/${uid}/social/${platform}`).get()).data();

async function connected(platform: OAuthPlatform, clock: Clock = systemClock): Promise<string> {
  const uid = await userWith(platform);
  const { authorizeUrl } = await startSocialOAuth(uid, { platform }, ORIGIN, oauthDeps(clock));
  const { code, state } = await consent(authorizeUrl);
  await completeSocialOAuth(uid, { platform, code, state }, oauthDeps(clock));
  return uid;
}

describe.each(['reddit', 'youtube'] as const)('Connect %s', (platform) => {
  it('sends the user to the platform with a state and no secret, and stores the tokens sealed on return', async () => {
    const uid = await userWith(platform);
    const { authorizeUrl } = await startSocialOAuth(uid, { platform }, ORIGIN, oauthDeps());
    expect(authorizeUrl).not.toContain(formFields[platform].clientSecret);
    const { code, state, redirect } = await consent(authorizeUrl);
    expect(redirect.origin + redirect.pathname).toBe(`${ORIGIN}/social/${platform}/callback`);

    expect(await completeSocialOAuth(uid, { platform, code, state }, oauthDeps())).toEqual({
      connected: true,
    });
    const tokens = await stored(uid, platform);
    expect(tokens).toMatchObject({
      ...formFields[platform],
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      scope: expect.any(String),
    });
    expect(Number(tokens.accessTokenExpiresAt)).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(JSON.stringify(await rawSecret(uid, platform))).not.toContain(tokens.accessToken);
    expect(await status(uid, platform)).toMatchObject({ connected: true });
    expect(JSON.stringify(await status(uid, platform))).not.toContain(tokens.refreshToken);
  });

  it('keeps the state server-side: the nonce names the user and platform, never the state itself', async () => {
    const uid = await userWith(platform);
    const { authorizeUrl } = await startSocialOAuth(uid, { platform }, ORIGIN, oauthDeps());
    const state = new URL(authorizeUrl).searchParams.get('state')!;
    const nonces = await db.collection('oauthNonces').where('uid', '==', uid).get();
    expect(nonces.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({
        uid,
        platform,
        usedAt: null,
        redirectUri: `${ORIGIN}/social/${platform}/callback`,
      }),
    ]);
    expect(JSON.stringify(nonces.docs[0]!.data())).not.toContain(state);
    expect(nonces.docs[0]!.id).not.toBe(state);
  });
});

describe('returned states that are refused, storing nothing', () => {
  async function refusedWith(
    run: (ctx: {
      uid: string;
      code: string;
      state: string;
      clock: ReturnType<typeof movableClock>;
    }) => Promise<unknown>,
  ) {
    const clock = movableClock();
    const uid = await userWith('reddit');
    const { authorizeUrl } = await startSocialOAuth(
      uid,
      { platform: 'reddit' },
      ORIGIN,
      oauthDeps(clock),
    );
    const { code, state } = await consent(authorizeUrl);
    const before = { secret: await rawSecret(uid, 'reddit'), status: await status(uid, 'reddit') };
    const error = await run({ uid, code, state, clock }).then(
      () => undefined,
      (e: unknown) => e,
    );
    return { uid, error, before, code, state, clock };
  }

  it.each<
    [
      string,
      (ctx: { code: string; state: string }) => {
        state: string;
        code: string;
        platform: OAuthPlatform;
      },
    ]
  >([
    ['an unknown state', (ctx) => ({ state: 'A'.repeat(43), code: ctx.code, platform: 'reddit' })],
    [
      "another platform's state",
      (ctx) => ({ state: ctx.state, code: ctx.code, platform: 'youtube' }),
    ],
  ])('%s', async (_label, tamper) => {
    const words = 'this connection request is not valid';
    const { uid, error, before } = await refusedWith(({ uid, code, state, clock }) =>
      completeSocialOAuth(uid, tamper({ code, state }), oauthDeps(clock)),
    );
    expect(error).toMatchObject({
      code: 'failed-precondition',
      details: { reason: 'oauth-state' },
      message: expect.stringContaining(words),
    });
    expect(await rawSecret(uid, 'reddit')).toEqual(before.secret);
    expect(await status(uid, 'reddit')).toEqual(before.status);
  });

  it('a state used once already', async () => {
    const { uid, error, before } = await refusedWith(async ({ uid, code, state, clock }) => {
      await completeSocialOAuth(uid, { platform: 'reddit', code, state }, oauthDeps(clock));
      const afterFirst = await rawSecret(uid, 'reddit');
      try {
        await completeSocialOAuth(uid, { platform: 'reddit', code, state }, oauthDeps(clock));
      } finally {
        expect(await rawSecret(uid, 'reddit')).toEqual(afterFirst);
      }
    });
    expect(before.status?.connected).toBe(false);
    expect(error).toMatchObject({
      details: { reason: 'oauth-state' },
      message:
        'Failed to complete Reddit authentication: this connection request was already used. Please connect again.',
    });
    expect((await stored(uid, 'reddit')).accessToken).toBeTruthy();
  });

  it('a state returned after its 10 minutes', async () => {
    const { uid, error, before } = await refusedWith(({ uid, code, state, clock }) => {
      clock.advance(OAUTH_NONCE_TTL_MS);
      return completeSocialOAuth(uid, { platform: 'reddit', code, state }, oauthDeps(clock));
    });
    expect(error).toMatchObject({
      details: { reason: 'oauth-state' },
      message:
        'Failed to complete Reddit authentication: this connection request has expired. Please connect again.',
    });
    expect(await rawSecret(uid, 'reddit')).toEqual(before.secret);
  });

  it("another user's state, which stays usable by its owner", async () => {
    const bob = await userWith('reddit');
    const { uid, error, code, state, clock } = await refusedWith(({ code, state, clock }) =>
      completeSocialOAuth(bob, { platform: 'reddit', code, state }, oauthDeps(clock)),
    );
    expect(error).toMatchObject({
      details: { reason: 'oauth-state' },
      message: expect.stringContaining('started by another account'),
    });
    expect((await stored(bob, 'reddit')).accessToken).toBeUndefined();
    expect(
      await completeSocialOAuth(uid, { platform: 'reddit', code, state }, oauthDeps(clock)),
    ).toEqual({ connected: true });
  });
});

describe('starting Connect', () => {
  it('needs saved credentials', async () => {
    await expect(
      startSocialOAuth(
        `u${randomUUID().slice(0, 12)}`,
        { platform: 'youtube' },
        ORIGIN,
        oauthDeps(),
      ),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      details: { reason: 'missing-credentials' },
      message: 'Please connect your YouTube account in the Integrations page',
    });
  });

  it.each([
    undefined,
    'null',
    'http://evil.example.com',
    'https://evil.example',
    'https://muse.example.evil.example',
    'https://muse.example/path',
  ])('refuses the origin %s and stores no nonce', async (origin) => {
    const uid = await userWith('reddit');
    await expect(
      startSocialOAuth(uid, { platform: 'reddit' }, origin, oauthDeps()),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    expect((await db.collection('oauthNonces').where('uid', '==', uid).get()).size).toBe(0);
  });

  it("sends the platform back to one of the dashboard's own https origins", async () => {
    const uid = await userWith('reddit');
    const { authorizeUrl } = await startSocialOAuth(
      uid,
      { platform: 'reddit' },
      'https://muse.example',
      oauthDeps(),
    );
    expect(new URL(authorizeUrl).searchParams.get('redirect_uri')).toBe(
      'https://muse.example/social/reddit/callback',
    );
  });
});

describe('tokens before use', () => {
  it.each(['reddit', 'youtube'] as const)(
    '%s: an access token about to expire is refreshed and the new one stored sealed',
    async (platform) => {
      const clock = movableClock();
      const uid = await connected(platform, clock);
      const first = await stored(uid, platform);
      clock.advance(Number(first.accessTokenExpiresAt) - clock.now().getTime() - 60_000);
      const fresh = await readFreshCredentials(
        { db, keyring, clock, fetch: globalThis.fetch, hosts: sandboxHosts() },
        uid,
        platform,
      );
      expect(fresh).toMatchObject({
        found: true,
        readable: true,
        value: { accessToken: expect.any(String) },
      });
      const renewed = await stored(uid, platform);
      expect(renewed.accessToken).not.toBe(first.accessToken);
      expect(renewed.refreshToken).toBe(first.refreshToken);
      expect(Number(renewed.accessTokenExpiresAt)).toBeGreaterThan(
        clock.now().getTime() + 30 * 60_000,
      );
    },
  );

  it('a token far from expiry is used as it is, without asking the platform', async () => {
    const uid = await connected('reddit');
    const first = await stored(uid, 'reddit');
    const failingFetch: typeof fetch = () => Promise.reject(new Error('must not be called'));
    const fresh = await readFreshCredentials(
      { db, keyring, clock: systemClock, fetch: failingFetch, hosts: sandboxHosts() },
      uid,
      'reddit',
    );
    expect(fresh).toMatchObject({ value: { accessToken: first.accessToken } });
  });

  it.each(['reddit', 'youtube'] as const)(
    '%s: a refused refresh marks the account needs reconnect and says so',
    async (platform) => {
      const clock = movableClock();
      const uid = await connected(platform, clock);
      const first = await stored(uid, platform);
      // The user revoked the app at the platform: the refresh token is dead.
      await fetch(
        `${sandboxUrl(platform === 'reddit' ? 'reddit' : 'google')}${platform === 'reddit' ? '/api/v1/revoke_token' : '/revoke'}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from('reddit-client:reddit-secret-0001').toString('base64')}`,
          },
          body: new URLSearchParams({ token: first.refreshToken! }).toString(),
        },
      );
      clock.advance(Number(first.accessTokenExpiresAt) - clock.now().getTime());
      const fresh = await readFreshCredentials(
        { db, keyring, clock, fetch: globalThis.fetch, hosts: sandboxHosts() },
        uid,
        platform,
      );
      expect(fresh).toEqual({
        found: true,
        readable: true,
        refused: { code: 'auth_expired', message: reconnectMessage(platform) },
      });
      expect(await status(uid, platform)).toMatchObject({ needsReconnect: true });
      expect((await stored(uid, platform)).accessToken).toBe(first.accessToken);
    },
  );

  it('Connect again clears needs reconnect', async () => {
    const uid = await connected('reddit');
    await db.doc(`users/${uid}/socialAccounts/reddit`).update({ needsReconnect: true });
    const { authorizeUrl } = await startSocialOAuth(
      uid,
      { platform: 'reddit' },
      ORIGIN,
      oauthDeps(),
    );
    const { code, state } = await consent(authorizeUrl);
    await completeSocialOAuth(uid, { platform: 'reddit', code, state }, oauthDeps());
    expect((await status(uid, 'reddit'))?.needsReconnect).toBeUndefined();
  });
});

describe('deleting credentials', () => {
  it.each(['reddit', 'youtube'] as const)(
    '%s: revokes the tokens at the platform, then deletes',
    async (platform) => {
      const uid = await connected(platform);
      const tokens = await stored(uid, platform);
      await deleteSocialCredentials(
        uid,
        { platform },
        { db, keyring, oauth: { hosts: sandboxHosts(), fetch: globalThis.fetch } },
      );
      expect(await rawSecret(uid, platform)).toBeUndefined();
      const app = {
        clientId: tokens.clientId!,
        clientSecret: tokens.clientSecret!,
        userAgent: USER_AGENT,
      };
      expect(
        await refreshTokens(platform, app, tokens.refreshToken!, {
          hosts: sandboxHosts(),
          fetch: globalThis.fetch,
          now: Date.now,
        }),
      ).toMatchObject({ ok: false, kind: 'invalid_grant' });
    },
  );
});

describe('Reddit publish jobs', () => {
  function deps(clock: Clock = systemClock): RunnerDeps {
    return {
      db,
      clock,
      handlers: {
        publish: publishJobHandler({
          bucket,
          readCredentials: (uid, platform) =>
            readFreshCredentials(
              { db, keyring, clock, fetch: globalThis.fetch, hosts: sandboxHosts() },
              uid,
              platform,
            ),
          publisherFor: (platform, creds) =>
            platformPublisher(platform, creds, {
              baseUrl: sandboxUrl(publishProviders[platform]),
              fetch: globalThis.fetch,
              requestTimeoutMs: 10_000,
            }),
        }),
      },
    };
  }

  async function libraryImage(uid: string): Promise<string> {
    const id = randomUUID();
    const path = `${uid}/generations/${id}.png`;
    const bytes = gradientPng(320, 200, id);
    await bucket.file(path).save(bytes, { resumable: false, contentType: 'image/png' });
    await db.doc(`users/${uid}/generations/${id}`).set({
      type: 'image',
      title: 'A lighthouse',
      storagePath: path,
      contentType: 'image/png',
      sizeBytes: bytes.length,
      createdAt: new Date(),
    });
    return id;
  }

  const redditPosts = async () =>
    (
      (await (await fetch(`${sandboxUrl('reddit')}/__sandbox/reddit/posts`)).json()) as {
        posts: Record<string, unknown>[];
      }
    ).posts;
  const title = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

  async function publish(uid: string, input: Record<string, unknown>, clock: Clock = systemClock) {
    const { postId } = await publishPost(
      uid,
      publishPostSchema.parse({ requestId: randomUUID(), platform: 'reddit', ...input }),
      { db, keyring, clock },
    );
    await runJob({ uid, jobId: publishJobId(postId) }, deps(clock));
    return (await postRef(db, uid, postId).get()).data()!;
  }

  it('publishes a text post with a flair and an image post, each once, with its link', async () => {
    const uid = await connected('reddit');
    const textTitle = title('Text');
    const text = await publish(uid, {
      text: 'Hello Reddit',
      reddit: { subreddit: 'r/MuseSandbox', title: textTitle, flairId: 'a1b2c3d4-0002' },
    });
    expect(text).toMatchObject({
      status: 'published',
      platformPostId: expect.stringMatching(/^t3_/),
      url: expect.stringContaining('/r/MuseSandbox/comments/'),
      reddit: { subreddit: 'MuseSandbox' },
    });
    const imageTitle = title('Image');
    const image = await publish(uid, {
      media: [{ generationId: await libraryImage(uid) }],
      reddit: { subreddit: 'MuseSandbox', title: imageTitle },
    });
    expect(image).toMatchObject({
      status: 'published',
      platformPostId: expect.stringMatching(/^t3_/),
    });
    const posts = await redditPosts();
    expect(posts.filter((p) => p.title === textTitle)).toEqual([
      expect.objectContaining({ kind: 'self', link_flair_text: 'Showcase' }),
    ]);
    expect(posts.filter((p) => p.title === imageTitle)).toEqual([
      expect.objectContaining({ kind: 'image' }),
    ]);
  });

  it('fails a post without flair in a subreddit that requires one, in plain words', async () => {
    const uid = await connected('reddit');
    const post = await publish(uid, {
      text: 'No flair',
      reddit: { subreddit: 'FlairRequired', title: title('Flairless') },
    });
    expect(post).toMatchObject({
      status: 'failed',
      error: {
        code: 'invalid_content',
        message: 'r/FlairRequired requires a post flair: choose one and post again.',
      },
    });
  });

  it('refreshes an expiring token before posting', async () => {
    const clock = movableClock();
    const uid = await connected('reddit', clock);
    const first = await stored(uid, 'reddit');
    clock.advance(Number(first.accessTokenExpiresAt) - clock.now().getTime() - 1000);
    const post = await publish(
      uid,
      { text: 'Late night', reddit: { subreddit: 'MuseSandbox', title: title('Refreshed') } },
      clock,
    );
    expect(post).toMatchObject({ status: 'published' });
    expect((await stored(uid, 'reddit')).accessToken).not.toBe(first.accessToken);
  });

  it('fails with needs reconnect when the refresh is refused', async () => {
    const uid = await userWith('reddit', {
      ...formFields.reddit,
      accessToken: 'rd-old',
      refreshToken: 'rd-refresh-the-platform-forgot',
      accessTokenExpiresAt: String(Date.now() - 1000),
    });
    const post = await publish(uid, {
      text: 'Will not go',
      reddit: { subreddit: 'MuseSandbox', title: title('Dead refresh') },
    });
    expect(post).toMatchObject({
      status: 'failed',
      error: { code: 'auth_expired', message: reconnectMessage('reddit') },
    });
    expect(await status(uid, 'reddit')).toMatchObject({ needsReconnect: true });
  });
});
