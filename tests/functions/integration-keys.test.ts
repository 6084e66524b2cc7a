import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { integrationProvider, integrationTypes, type IntegrationType } from '@core/integrations';
import { open } from '../../functions/src/lib/crypto';
import { keyChecks } from '../../functions/src/integrations/test-integration-key/key-checks';
import {
  clearSandbox,
  clientRead,
  localKeyring,
  rawDocument,
  sandboxRequests,
  storedPathsOf,
} from './integrations-support';
import { adminDb, callCallable, closeAdmin, signUp } from './support';

afterAll(closeAdmin);

const secretPath = (uid: string, type: IntegrationType) => `secrets/${uid}/integrations/${type}`;
const statusPath = (uid: string, type: IntegrationType) => `users/${uid}/integrations/${type}`;
const labels: Record<IntegrationType, string> = {
  blackforest: 'Black Forest Labs',
  lumaai: 'Luma',
  elevenlabs: 'ElevenLabs',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
};

describe.each(integrationTypes)('the %s key', (type) => {
  const provider = integrationProvider[type];
  beforeEach(() => clearSandbox(provider));

  it('is saved sealed, shown only as a hint, updated, tested and deleted', async () => {
    const { uid, idToken } = await signUp();
    const first = `sandbox-${type}-secret-key-0001`;

    const saved = await callCallable(
      'saveIntegrationKey',
      { type, apiKey: `  ${first} ` },
      idToken,
    );
    expect(saved.result).toEqual({
      hint: '0001',
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    // What the client may read: configured, the hint and the time.
    const status = (await adminDb().doc(statusPath(uid, type)).get()).data();
    expect(Object.keys(status ?? {}).sort()).toEqual(['configured', 'hint', 'updatedAt']);
    expect(status).toMatchObject({ configured: true, hint: '0001' });
    expect(status?.updatedAt.toDate().toISOString()).toBe(
      (saved.result as { updatedAt: string }).updatedAt,
    );

    // What the server keeps: a sealed value and nothing readable.
    const secret = (await adminDb().doc(secretPath(uid, type)).get()).data();
    expect(Object.keys(secret ?? {}).sort()).toEqual([
      'ciphertext',
      'iv',
      'keyId',
      'tag',
      'updatedAt',
    ]);
    expect(open(localKeyring(), secret!, secretPath(uid, type))).toBe(first);
    for (const path of [secretPath(uid, type), statusPath(uid, type)]) {
      const bytes = await rawDocument(path);
      expect(bytes).toBeDefined();
      expect(bytes).not.toContain(first);
      expect(bytes).not.toContain(Buffer.from(first).toString('base64'));
      expect(bytes).not.toContain('secret-key');
    }

    const tested = await callCallable('testIntegrationKey', { type }, idToken);
    expect(tested.result).toEqual({ status: 'ok', message: `Your ${labels[type]} API key works.` });
    expect(await sandboxRequests(provider, keyChecks[type].path)).toHaveLength(1);

    const second = `sandbox-${type}-secret-key-0002`;
    const updated = await callCallable('saveIntegrationKey', { type, apiKey: second }, idToken);
    expect(updated.result).toMatchObject({ hint: '0002' });
    const resealed = (await adminDb().doc(secretPath(uid, type)).get()).data();
    expect(resealed?.ciphertext).not.toBe(secret?.ciphertext);
    expect(open(localKeyring(), resealed!, secretPath(uid, type))).toBe(second);

    const deleted = await callCallable('deleteIntegrationKey', { type }, idToken);
    expect(deleted.result).toEqual({ deleted: true });
    expect(await storedPathsOf(uid)).toEqual([]);
    const afterDelete = await callCallable('testIntegrationKey', { type }, idToken);
    expect(afterDelete.error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: `Save your ${labels[type]} API key before testing it.`,
      details: { reason: 'missing-key', provider: type },
    });
  });

  it('tests a refused key as invalid and an empty account as the provider reports it', async () => {
    const { idToken } = await signUp();
    await callCallable('saveIntegrationKey', { type, apiKey: 'bad-key' }, idToken);
    expect(await callCallable('testIntegrationKey', { type }, idToken)).toMatchObject({
      result: {
        status: 'invalid',
        message: `${labels[type]} did not accept this API key. Check it and save it again.`,
      },
    });
    await callCallable('saveIntegrationKey', { type, apiKey: 'no-credit-key' }, idToken);
    const broke = await callCallable('testIntegrationKey', { type }, idToken);
    // Credit shows on the generation providers' account endpoints; LLM model lists do not look at credit.
    expect((broke.result as { status: string }).status).toBe(
      ['openai', 'anthropic', 'gemini'].includes(type) ? 'ok' : 'no_credit',
    );
  });
});

describe('integration key callables refuse bad input and write nothing', () => {
  it.each<[string, string, unknown, string]>([
    [
      'an empty key',
      'saveIntegrationKey',
      { type: 'openai', apiKey: '' },
      'Please enter an API key',
    ],
    [
      'a whitespace key',
      'saveIntegrationKey',
      { type: 'openai', apiKey: '    ' },
      'Please enter an API key',
    ],
    [
      'a 10 KB key',
      'saveIntegrationKey',
      { type: 'openai', apiKey: 'k'.repeat(10 * 1024) },
      'API key must be 512 characters or fewer',
    ],
    [
      'a key that is not text',
      'saveIntegrationKey',
      { type: 'openai', apiKey: 42 },
      'Please enter an API key',
    ],
    [
      'an unknown integration type',
      'saveIntegrationKey',
      { type: 'midjourney', apiKey: 'sk-1' },
      'Unknown integration type. Use one of: blackforest, lumaai, elevenlabs, openai, anthropic, gemini',
    ],
    [
      'the suno card',
      'saveIntegrationKey',
      { type: 'suno', apiKey: 'sk-1' },
      'Suno has no public API: use ElevenLabs for music',
    ],
    [
      'a uid smuggled in',
      'saveIntegrationKey',
      { type: 'openai', apiKey: 'sk-1', uid: 'victim' },
      'Unknown field: uid',
    ],
    ['a payload that is not an object', 'saveIntegrationKey', 'sk-1', 'Invalid request'],
    [
      'a delete of an unknown type',
      'deleteIntegrationKey',
      { type: 'all' },
      'Unknown integration type. Use one of: blackforest, lumaai, elevenlabs, openai, anthropic, gemini',
    ],
    [
      'a test with a key in it',
      'testIntegrationKey',
      { type: 'openai', apiKey: 'sk-1' },
      'Unknown field: apiKey',
    ],
  ])('%s (%s)', async (_label, callable, payload, message) => {
    const { uid, idToken } = await signUp();
    const res = await callCallable(callable, payload, idToken);
    expect(res.error).toEqual({ status: 'INVALID_ARGUMENT', message });
    expect(await storedPathsOf(uid)).toEqual([]);
  });

  it.each(['saveIntegrationKey', 'deleteIntegrationKey', 'testIntegrationKey'])(
    '%s refuses an anonymous caller with its message',
    async (callable) => {
      expect((await callCallable(callable, { type: 'openai', apiKey: 'sk-1' })).error).toEqual({
        status: 'UNAUTHENTICATED',
        message: 'User not authenticated',
      });
    },
  );

  it('keeps users apart: saving one key touches nobody else', async () => {
    const alice = await signUp();
    const bob = await signUp();
    await callCallable(
      'saveIntegrationKey',
      { type: 'openai', apiKey: 'sk-alice-0000-1111' },
      alice.idToken,
    );
    expect(await storedPathsOf(bob.uid)).toEqual([]);
    expect(await storedPathsOf(alice.uid)).toEqual([
      `secrets/${alice.uid}/integrations/openai`,
      `users/${alice.uid}/integrations/openai`,
    ]);
  });
});

describe('what a signed-in client can read (rules)', () => {
  it("reads its own status, never a secret, never another user's status", async () => {
    const alice = await signUp();
    const bob = await signUp();
    await callCallable(
      'saveIntegrationKey',
      { type: 'anthropic', apiKey: 'sk-ant-alice-9999' },
      alice.idToken,
    );
    await callCallable(
      'saveSocialCredentials',
      {
        platform: 'youtube',
        credentials: { clientId: 'yt-client', clientSecret: 'yt-secret-alice-7777' },
      },
      alice.idToken,
    );

    const own = await clientRead(`users/${alice.uid}/integrations/anthropic`, alice.idToken);
    expect(own.status).toBe(200);
    expect(own.body).toContain('"9999"');
    expect(own.body).not.toContain('sk-ant-alice');

    for (const [path, token] of [
      [`secrets/${alice.uid}/integrations/anthropic`, alice.idToken],
      [`secrets/${alice.uid}/social/youtube`, alice.idToken],
      [`secrets/${alice.uid}/integrations/anthropic`, bob.idToken],
      [`users/${alice.uid}/integrations/anthropic`, bob.idToken],
      [`users/${alice.uid}/socialAccounts/youtube`, bob.idToken],
    ] as const) {
      const read = await clientRead(path, token);
      expect({ path, status: read.status }).toEqual({ path, status: 403 });
      expect(read.body).not.toContain('ciphertext');
    }
  });
});
