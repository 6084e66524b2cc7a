import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSandbox, clientRead, sandboxRequests } from './integrations-support';
import { callCallable, closeAdmin, signUp } from './support';

afterAll(closeAdmin);

// listModels: what the caller's own key can use, from the provider's models endpoint, cached a day per user.

async function userWithKey(
  type: 'openai' | 'anthropic' | 'gemini' | 'elevenlabs',
  apiKey = `sandbox-${type}-key-0001`,
) {
  const user = await signUp();
  const saved = await callCallable('saveIntegrationKey', { type, apiKey }, user.idToken);
  if (saved.error) throw new Error(saved.error.message);
  return user;
}

beforeEach(async () => {
  await Promise.all((['openai', 'anthropic', 'gemini', 'elevenlabs'] as const).map(clearSandbox));
});

describe('listModels', () => {
  it('lists the chat models of the key, without speech, image or embedding models, and the default', async () => {
    const { idToken } = await userWithKey('openai');
    const res = await callCallable('listModels', { provider: 'openai' }, idToken);
    expect(res.result).toEqual({
      provider: 'openai',
      models: ['gpt-4.1-mini', 'gpt-5-mini', 'gpt-5.4', 'gpt-5.4-mini'].map((id) => ({
        id,
        label: id,
      })),
      defaultModel: 'gpt-5.4-mini',
      fetchedAt: expect.any(Number),
    });
  });

  it('asks the provider once and answers from the cache after that', async () => {
    const { idToken } = await userWithKey('anthropic');
    const first = await callCallable('listModels', { provider: 'anthropic' }, idToken);
    const second = await callCallable('listModels', { provider: 'anthropic' }, idToken);
    expect(second.result).toEqual(first.result);
    expect(await sandboxRequests('anthropic', '/v1/models')).toHaveLength(1);
  });

  it('lists ElevenLabs speech models and voices', async () => {
    const { idToken } = await userWithKey('elevenlabs');
    const res = await callCallable('listModels', { provider: 'elevenlabs' }, idToken);
    expect(res.result).toMatchObject({
      defaultModel: 'eleven_multilingual_v2',
      voices: expect.arrayContaining([{ id: 'TxGEqnHWrfWFTfGW9XjX', label: 'Josh' }]),
    });
    expect((res.result as { models: { id: string }[] }).models.map((m) => m.id)).not.toContain(
      'eleven_multilingual_sts_v2',
    );
  });

  it('keeps the cache out of every client’s reach', async () => {
    const { uid, idToken } = await userWithKey('gemini');
    await callCallable('listModels', { provider: 'gemini' }, idToken);
    expect((await clientRead(`modelCatalogues/${uid}/providers/gemini`, idToken)).status).toBe(403);
  });

  it('points at Integrations without a key, and at the key when the provider refuses it', async () => {
    const { idToken } = await signUp();
    expect((await callCallable('listModels', { provider: 'gemini' }, idToken)).error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'Add your Gemini API key in Integrations to see its models.',
      details: { reason: 'missing-key', provider: 'gemini' },
    });
    const bad = await userWithKey('openai', 'bad-key');
    expect((await callCallable('listModels', { provider: 'openai' }, bad.idToken)).error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'Your OpenAI API key is invalid. Update it in Integrations.',
      details: { reason: 'invalid-key', provider: 'openai' },
    });
  });

  it('refuses a provider without a catalogue', async () => {
    const { idToken } = await signUp();
    expect(
      (await callCallable('listModels', { provider: 'blackforest' }, idToken)).error,
    ).toMatchObject({ status: 'INVALID_ARGUMENT' });
  });
});
