import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { CallableName } from '@core/callables';
import { sandboxUrl } from './integrations-support';
import { adminDb, callCallable, closeAdmin, signUp, signUpWithX } from './support';

// The publishing callables as the dashboard calls them, on the emulated functions: the job trigger runs
// a Post Now to its end against the provider sandbox.

vi.setConfig({ testTimeout: 60_000 });
afterAll(closeAdmin);

async function postsOf(uid: string): Promise<string[]> {
  const [posts, jobs] = await Promise.all([
    adminDb().collection(`users/${uid}/socialPosts`).listDocuments(),
    adminDb().collection(`users/${uid}/jobs`).listDocuments(),
  ]);
  return [...posts, ...jobs].map((d) => d.path);
}

async function tweetsWith(text: string): Promise<{ id: string }[]> {
  const { tweets } = (await (await fetch(`${sandboxUrl('x')}/__sandbox/x/tweets`)).json()) as {
    tweets: { id: string; text: string }[];
  };
  return tweets.filter((t) => t.text.includes(text));
}

describe('publishPost', () => {
  it('Post Now publishes to X through the job trigger and records the link', async () => {
    const { uid, idToken } = await signUpWithX();
    const text = `Callable post ${randomUUID().slice(0, 8)}`;
    const requestId = randomUUID();
    const called = await callCallable('publishPost', { requestId, platform: 'x', text }, idToken);
    expect(called.result).toEqual({ postId: requestId, status: 'queued' });
    await vi.waitFor(
      async () =>
        expect(
          (await adminDb().doc(`users/${uid}/socialPosts/${requestId}`).get()).get('status'),
        ).toBe('published'),
      { timeout: 30_000, interval: 250 },
    );
    const [tweet, ...more] = await tweetsWith(text);
    expect(more).toHaveLength(0);
    expect((await adminDb().doc(`users/${uid}/socialPosts/${requestId}`).get()).get('url')).toBe(
      `https://x.com/i/status/${tweet!.id}`,
    );

    const again = await callCallable('publishPost', { requestId, platform: 'x', text }, idToken);
    expect(again.result).toEqual({ postId: requestId, status: 'published' });
    expect(await tweetsWith(text)).toHaveLength(1);
  });

  it.each([
    ['x', 'Please connect your Twitter account in the Integrations page'],
    ['linkedin', 'Please connect your LinkedIn account in the Integrations page'],
  ])(
    'without %s credentials it answers missing-credentials and writes nothing',
    async (platform, message) => {
      const { uid, idToken } = await signUp();
      const called = await callCallable(
        'publishPost',
        { requestId: randomUUID(), platform, text: 'Hello', author: 'urn:li:person:sbxMember01' },
        idToken,
      );
      expect(called.error).toMatchObject({
        status: 'FAILED_PRECONDITION',
        message,
        details: { reason: 'missing-credentials', provider: platform },
      });
      expect(await postsOf(uid)).toEqual([]);
    },
  );

  it.each([
    ['urn:li:person:sbxMember01', 'Sandy Box'],
    ['urn:li:organization:1000001', 'Muse Sandbox Studio'],
  ])(
    'stores the LinkedIn author %s with its display name %s for Recent Posts',
    async (author, name) => {
      const { uid, idToken } = await signUp();
      const saved = await callCallable(
        'saveSocialCredentials',
        {
          platform: 'linkedin',
          credentials: {
            clientId: 'muse-li',
            clientSecret: 'muse-li-secret',
            accessToken: `li-${uid}`,
          },
        },
        idToken,
      );
      if (saved.error) throw new Error(saved.error.message);
      const requestId = randomUUID();
      const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
      expect(
        (
          await callCallable(
            'publishPost',
            { requestId, platform: 'linkedin', text: 'Named', author, scheduledAt },
            idToken,
          )
        ).result,
      ).toEqual({ postId: requestId, status: 'scheduled' });
      expect(
        (await adminDb().doc(`users/${uid}/socialPosts/${requestId}`).get()).get('author'),
      ).toEqual({ urn: author, name });
    },
  );

  it.each([
    [
      'a time in the past',
      { scheduledAt: new Date(Date.now() - 60_000).toISOString() },
      'Please choose a time in the future',
    ],
    [
      'text over X’s 280 weighted characters',
      { text: 'é'.repeat(100) + ' ' + '漢'.repeat(100) },
      'Posts on X can be at most 280 characters (this one counts 301)',
    ],
    [
      'media that is not in the library',
      { media: [{ generationId: 'someone-elses-file' }] },
      'Media must come from your library',
    ],
  ])('refuses %s before anything is written', async (_, change, message) => {
    const { uid, idToken } = await signUpWithX();
    const called = await callCallable(
      'publishPost',
      { requestId: randomUUID(), platform: 'x', text: 'Hello', ...change },
      idToken,
    );
    expect(called.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
    expect(await postsOf(uid)).toEqual([]);
  });
});

describe('bad payloads', () => {
  const postId = randomUUID();
  const cases: [CallableName, unknown][] = [
    ['publishPost', { requestId: 'not-a-uuid', platform: 'x', text: 'Hi' }],
    ['publishPost', { requestId: randomUUID(), platform: 'myspace', text: 'Hi' }],
    ['publishPost', { requestId: randomUUID(), platform: 'x', text: '   ' }],
    ['publishPost', { requestId: randomUUID(), platform: 'x', text: 'Hi', status: 'published' }],
    [
      'publishPost',
      { requestId: randomUUID(), platform: 'linkedin', text: 'Hi', author: 'urn:li:company:1' },
    ],
    [
      'publishPost',
      { requestId: randomUUID(), platform: 'x', text: 'Hi', scheduledAt: 'tomorrow' },
    ],
    ['updateScheduledPost', { postId, text: 'Hi' }],
    [
      'updateScheduledPost',
      { postId: '../x', text: 'Hi', scheduledAt: new Date(Date.now() + 3_600_000).toISOString() },
    ],
    ['cancelPost', {}],
    ['cancelPost', { postId, status: 'cancelled' }],
    ['retryPost', { postId }],
    ['retryPost', { postId, requestId: 'again' }],
    ['getPlatformProfile', { platform: 'tiktok' }],
    ['getPlatformProfile', null],
    ['publishPost', { requestId: randomUUID(), platform: 'reddit', text: 'Hi' }],
    [
      'publishPost',
      {
        requestId: randomUUID(),
        platform: 'reddit',
        text: 'Hi',
        reddit: { subreddit: '../admin', title: 'T' },
      },
    ],
    [
      'publishPost',
      {
        requestId: randomUUID(),
        platform: 'reddit',
        text: '',
        reddit: { subreddit: 'MuseSandbox', title: 'T' },
      },
    ],
    [
      'publishPost',
      {
        requestId: randomUUID(),
        platform: 'x',
        text: 'Hi',
        reddit: { subreddit: 'MuseSandbox', title: 'T' },
      },
    ],
    ['getSubredditFlairs', { subreddit: 'r/' }],
    ['getSubredditFlairs', { subreddit: 'a/b' }],
    ['startSocialOAuth', { platform: 'x' }],
    ['startSocialOAuth', { platform: 'reddit', redirectUri: 'https://evil.example.com' }],
    ['completeSocialOAuth', { platform: 'reddit', code: 'abc', state: 'short' }],
    ['completeSocialOAuth', { platform: 'youtube', state: 'A'.repeat(43) }],
    ['completeSocialOAuth', { platform: 'reddit', code: 'a b', state: 'A'.repeat(43) }],
    ['completeSocialOAuth', { platform: 'linkedin', code: 'abc', state: 'A'.repeat(43) }],
  ];

  it.each(cases)('%s refuses %j with invalid-argument and writes nothing', async (name, data) => {
    const { uid, idToken } = await signUpWithX();
    const called = await callCallable(name, data, idToken);
    expect(called.error?.status).toBe('INVALID_ARGUMENT');
    expect(await postsOf(uid)).toEqual([]);
    expect((await adminDb().collection('oauthNonces').where('uid', '==', uid).get()).size).toBe(0);
  });

  it.each([
    'publishPost',
    'updateScheduledPost',
    'cancelPost',
    'retryPost',
    'getPlatformProfile',
    'getSubredditFlairs',
    'startSocialOAuth',
    'completeSocialOAuth',
  ] as const)('%s needs a signed-in caller', async (name) => {
    expect((await callCallable(name, { postId, platform: 'x' })).error).toMatchObject({
      status: 'UNAUTHENTICATED',
      message: 'User not authenticated',
    });
  });

  it("cancelPost on someone else's post finds nothing to cancel", async () => {
    const owner = await signUpWithX();
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const made = await callCallable(
      'publishPost',
      { requestId: postId, platform: 'x', text: 'Mine', scheduledAt },
      owner.idToken,
    );
    expect(made.result).toEqual({ postId, status: 'scheduled' });
    const other = await signUpWithX();
    expect((await callCallable('cancelPost', { postId }, other.idToken)).error).toMatchObject({
      status: 'NOT_FOUND',
    });
    expect(
      (await adminDb().doc(`users/${owner.uid}/socialPosts/${postId}`).get()).get('status'),
    ).toBe('scheduled');
  });
});
