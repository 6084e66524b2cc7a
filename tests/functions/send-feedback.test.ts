import { afterAll, describe, expect, it } from 'vitest';
import { FEEDBACK_MAX_CHARS } from '@core/constants';
import { adminDb, callCallable, closeAdmin, signUp } from './support';

afterAll(closeAdmin);

async function feedbackOf(uid: string) {
  const snap = await adminDb().collection(`users/${uid}/feedback`).get();
  return snap.docs.map((d) => d.data());
}

describe('sendFeedback callable', () => {
  it('stores the feedback under the caller with a server timestamp', async () => {
    const { uid, idToken } = await signUp();
    const res = await callCallable('sendFeedback', { text: '  Love the editor  ', page: '/create' }, idToken);
    expect(res.status).toBe(200);
    const docs = await feedbackOf(uid);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ text: 'Love the editor', page: '/create' });
    expect(docs[0]?.createdAt?.toDate()).toBeInstanceOf(Date);
  });

  it('refuses an anonymous caller with the spec message', async () => {
    const res = await callCallable('sendFeedback', { text: 'hello' });
    expect(res.error).toMatchObject({ status: 'UNAUTHENTICATED', message: 'User not authenticated' });
  });

  it.each([
    ['blank text', { text: '   ' }, 'Please enter your feedback'],
    ['missing text', {}, 'Please enter your feedback'],
    ['text that is not a string', { text: 42 }, 'Please enter your feedback'],
    ['oversized text', { text: 'x'.repeat(FEEDBACK_MAX_CHARS + 1) }, `Feedback must be ${FEEDBACK_MAX_CHARS} characters or fewer`],
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
