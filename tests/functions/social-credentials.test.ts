import { afterAll, describe, expect, it } from 'vitest';
import { socialPlatforms, type SocialPlatform } from '@core/integrations';
import { open } from '../../functions/src/lib/crypto';
import { localKeyring, rawDocument, storedPathsOf } from './integrations-support';
import { adminDb, callCallable, closeAdmin, signUp } from './support';

afterAll(closeAdmin);

const secretPath = (uid: string, p: SocialPlatform) => `secrets/${uid}/social/${p}`;
const statusPath = (uid: string, p: SocialPlatform) => `users/${uid}/socialAccounts/${p}`;

interface Case {
  full: Record<string, string>;
  update: { field: string; value: string };
  hints: Record<string, string>;
  values: Record<string, string>;
  connected: boolean;
  secrets: string[];
}

const cases: Record<SocialPlatform, Case> = {
  x: {
    full: {
      consumerKey: 'x-consumer-key-AAAA',
      consumerSecret: 'x-consumer-secret-BBBB',
      accessToken: 'x-access-token-CCCC',
      accessTokenSecret: 'x-token-secret-DDDD',
    },
    update: { field: 'accessToken', value: 'x-access-token-EEEE' },
    hints: {
      consumerKey: 'AAAA',
      consumerSecret: 'BBBB',
      accessToken: 'CCCC',
      accessTokenSecret: 'DDDD',
    },
    values: {},
    connected: true,
    secrets: [
      'x-consumer-key-AAAA',
      'x-consumer-secret-BBBB',
      'x-access-token-CCCC',
      'x-token-secret-DDDD',
    ],
  },
  linkedin: {
    full: {
      clientId: 'li-client-id',
      clientSecret: 'li-client-secret-FFFF',
      accessToken: 'li-access-token-GGGG',
      refreshToken: 'li-refresh-token-HHHH',
    },
    update: { field: 'refreshToken', value: 'li-refresh-token-IIII' },
    hints: { clientSecret: 'FFFF', accessToken: 'GGGG', refreshToken: 'HHHH' },
    values: { clientId: 'li-client-id' },
    connected: true,
    secrets: ['li-client-secret-FFFF', 'li-access-token-GGGG', 'li-refresh-token-HHHH'],
  },
  youtube: {
    full: {
      clientId: 'yt-client.apps.googleusercontent.com',
      clientSecret: 'yt-client-secret-JJJJ',
      channelId: 'UCsandbox',
    },
    update: { field: 'clientSecret', value: 'yt-client-secret-KKKK' },
    hints: { clientSecret: 'JJJJ' },
    values: { clientId: 'yt-client.apps.googleusercontent.com', channelId: 'UCsandbox' },
    connected: false,
    secrets: ['yt-client-secret-JJJJ'],
  },
  reddit: {
    full: {
      clientId: 'rd-client-id',
      clientSecret: 'rd-client-secret-LLLL',
      userAgent: 'web:muse-studio:1.0 (by /u/creator)',
    },
    update: { field: 'clientSecret', value: 'rd-client-secret-MMMM' },
    hints: { clientSecret: 'LLLL' },
    values: { clientId: 'rd-client-id', userAgent: 'web:muse-studio:1.0 (by /u/creator)' },
    connected: false,
    secrets: ['rd-client-secret-LLLL'],
  },
};

describe.each(socialPlatforms)('%s credentials', (platform) => {
  const c = cases[platform];

  it('are saved sealed, shown as hints, updated field by field and deleted', async () => {
    const { uid, idToken } = await signUp();
    const saved = await callCallable(
      'saveSocialCredentials',
      { platform, credentials: c.full },
      idToken,
    );
    expect(saved.result).toEqual({
      configured: true,
      hints: c.hints,
      values: c.values,
      connected: c.connected,
      updatedAt: expect.any(String),
    });

    const status = (await adminDb().doc(statusPath(uid, platform)).get()).data();
    expect(status).toMatchObject({
      configured: true,
      hints: c.hints,
      values: c.values,
      connected: c.connected,
    });
    const secret = (await adminDb().doc(secretPath(uid, platform)).get()).data();
    expect(Object.keys(secret ?? {}).sort()).toEqual([
      'ciphertext',
      'iv',
      'keyId',
      'tag',
      'updatedAt',
    ]);
    for (const path of [secretPath(uid, platform), statusPath(uid, platform)]) {
      const bytes = await rawDocument(path);
      for (const value of c.secrets) expect(bytes).not.toContain(value);
    }

    // A partial update: one field filled, the others blank, keep their stored values.
    const blanks = Object.fromEntries(Object.keys(c.full).map((k) => [k, '']));
    const updated = await callCallable(
      'saveSocialCredentials',
      { platform, credentials: { ...blanks, [c.update.field]: c.update.value } },
      idToken,
    );
    expect(updated.result).toMatchObject({
      hints: { ...c.hints, [c.update.field]: c.update.value.slice(-4) },
      values: c.values,
    });
    const resealed = (await adminDb().doc(secretPath(uid, platform)).get()).data()!;
    expect(JSON.parse(open(localKeyring(), resealed, secretPath(uid, platform)))).toEqual({
      ...c.full,
      [c.update.field]: c.update.value,
    });

    expect((await callCallable('deleteSocialCredentials', { platform }, idToken)).result).toEqual({
      deleted: true,
    });
    expect(await storedPathsOf(uid)).toEqual([]);
  });

  it('refuses a first save without the required fields and writes nothing', async () => {
    const { uid, idToken } = await signUp();
    const [firstField] = Object.keys(c.full).filter(
      (k) => k !== 'clientId' || platform !== 'linkedin',
    );
    const res = await callCallable(
      'saveSocialCredentials',
      { platform, credentials: { [firstField!]: 'only-this-one-value' } },
      idToken,
    );
    expect(res.error?.status).toBe('INVALID_ARGUMENT');
    expect(res.error?.message).toMatch(/^Please fill in all required fields: /);
    expect(await storedPathsOf(uid)).toEqual([]);
  });
});

describe('social credential callables refuse bad input and write nothing', () => {
  it.each<[string, string, unknown, string]>([
    [
      'only blank fields',
      'saveSocialCredentials',
      { platform: 'x', credentials: { consumerKey: ' ', consumerSecret: '' } },
      'Please enter at least one credential',
    ],
    [
      'a 10 KB token',
      'saveSocialCredentials',
      { platform: 'linkedin', credentials: { accessToken: 't'.repeat(10 * 1024) } },
      'Access Token must be 2048 characters or fewer',
    ],
    [
      'a value that is not text',
      'saveSocialCredentials',
      { platform: 'reddit', credentials: { clientId: ['a'] } },
      'Client ID must be text',
    ],
    [
      'an unknown platform',
      'saveSocialCredentials',
      { platform: 'tiktok', credentials: { clientId: 'a' } },
      'Unknown platform. Use one of: x, linkedin, youtube, reddit',
    ],
    [
      "another platform's field",
      'saveSocialCredentials',
      { platform: 'youtube', credentials: { consumerKey: 'a' } },
      'Unknown YouTube credential: consumerKey',
    ],
    [
      'extra top-level keys',
      'saveSocialCredentials',
      { platform: 'x', credentials: { consumerKey: 'a' }, uid: 'victim' },
      'Unknown field: uid',
    ],
    [
      'a delete of an unknown platform',
      'deleteSocialCredentials',
      { platform: '*' },
      'Unknown platform. Use one of: x, linkedin, youtube, reddit',
    ],
  ])('%s (%s)', async (_label, callable, payload, message) => {
    const { uid, idToken } = await signUp();
    expect((await callCallable(callable, payload, idToken)).error).toEqual({
      status: 'INVALID_ARGUMENT',
      message,
    });
    expect(await storedPathsOf(uid)).toEqual([]);
  });

  it.each(['saveSocialCredentials', 'deleteSocialCredentials'])(
    '%s refuses an anonymous caller',
    async (callable) => {
      expect(
        (await callCallable(callable, { platform: 'x', credentials: { consumerKey: 'a' } })).error,
      ).toEqual({ status: 'UNAUTHENTICATED', message: 'User not authenticated' });
    },
  );
});
