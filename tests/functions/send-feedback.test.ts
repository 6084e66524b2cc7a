import { afterAll, describe, expect, it } from 'vitest';
import { FEEDBACK_MAX_CHARS } from '@core/constants';
import { adminDb, callCallable, callCallableRaw, closeAdmin, signUp } from './support';

afterAll(closeAdmin);

async function feedbackOf(uid: string) {
  const snap = await adminDb().collection(`users/${uid}/feedback`).get();
  return snap.docs.map((d) => d.data());
}

describe('sendFeedback callable', () => {
  it('stores the feedback under the caller with a server timestamp', async () => {
    const { uid, idToken } = await signUp();
    const res = await callCallable(
      'sendFeedback',
      { text: '  Love the editor  ', page: '/create' },
      idToken,
    );
    expect(res.status).toBe(200);
    const docs = await feedbackOf(uid);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ text: 'Love the editor', page: '/create' });
    expect(docs[0]?.createdAt?.toDate()).toBeInstanceOf(Date);
  });

  it('refuses an anonymous caller with its message', async () => {
    const res = await callCallable('sendFeedback', { text: 'hello' });
    expect(res.error).toMatchObject({
      status: 'UNAUTHENTICATED',
      message: 'User not authenticated',
    });
  });

  it.each([
    ['blank text', { text: '   ' }, 'Please enter your feedback'],
    ['missing text', {}, 'Please enter your feedback'],
    ['text that is not a string', { text: 42 }, 'Please enter your feedback'],
    [
      'oversized text',
      { text: 'x'.repeat(FEEDBACK_MAX_CHARS + 1) },
      `Feedback must be ${FEEDBACK_MAX_CHARS} characters or fewer`,
    ],
    ['unknown fields', { text: 'hi', admin: true }, undefined],
    ['a payload that is not an object', 'drop table', undefined],
  ])('rejects %s and writes nothing', async (_label, payload, message) => {
    const { uid, idToken } = await signUp();
    const res = await callCallable('sendFeedback', payload, idToken);
    expect(res.error?.status).toBe('INVALID_ARGUMENT');
    if (message) expect(res.error?.message).toBe(message);
    expect(await feedbackOf(uid)).toHaveLength(0);
  });
});

// Hostile shapes are refused by the contract wrapper before any schema or write (functions/src/lib/payload-guard.ts).
describe('every callable refuses hostile payloads before anything runs', () => {
  it('refuses a __proto__ key, which the decoder would otherwise turn into the prototype, and writes nothing', async () => {
    const { uid, idToken } = await signUp();
    const res = await callCallableRaw(
      'sendFeedback',
      '{"data":{"text":"hi","__proto__":{"page":"/admin"}}}',
      idToken,
    );
    expect(res.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'Invalid request' });
    expect(await feedbackOf(uid)).toHaveLength(0);
  });

  it.each([
    ['sendFeedback', { text: 'broken \ud800 text' }],
    [
      'startJob',
      { requestId: crypto.randomUUID(), kind: 'video', input: { prompt: 'a wave \udc00' } },
    ],
    ['generateText', { task: 'assistant', prompt: 'hello \ud800' }],
  ])(
    '%s refuses a lone surrogate with invalid-argument, not an internal error at the write',
    async (name, data) => {
      const { uid, idToken } = await signUp();
      const res = await callCallable(name, data, idToken);
      expect(res.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'Text contains characters that are not allowed',
      });
      expect(await feedbackOf(uid)).toHaveLength(0);
      expect((await adminDb().collection(`users/${uid}/jobs`).get()).size).toBe(0);
    },
  );

  it.each([4_000, 10_000])(
    'refuses a body nested %i levels deep with invalid-argument before the library decodes it, and writes nothing',
    async (levels) => {
      // firebase-functions decodes the body recursively before any hook: onContractCall checks it first.
      const { uid, idToken } = await signUp();
      const deep = `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
      const res = await callCallableRaw(
        'sendFeedback',
        `{"data":{"text":"hi","page":${deep}}}`,
        idToken,
      );
      expect(res.status).toBe(400);
      expect(res.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'Invalid request' });
      expect(await feedbackOf(uid)).toHaveLength(0);
    },
  );
});
