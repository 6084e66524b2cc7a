import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@core/rate-limits';
import { adminDb, callCallable, closeAdmin, signUp, signUpUnverified } from './support';

afterAll(closeAdmin);

// What every callable checks before its work: a confirmed email address, and the caller's rate limit.

const unverifiedMessage =
  'Please confirm your email address first: open the link in the confirmation email we sent you, then sign in again.';

async function writtenUnder(uid: string): Promise<string[]> {
  const collections = await adminDb().doc(`users/${uid}`).listCollections();
  const secrets = await adminDb().doc(`secrets/${uid}`).listCollections();
  return [...collections, ...secrets].map((c) => c.path);
}

describe('an account whose email address is not confirmed', () => {
  it.each<[string, unknown]>([
    ['sendFeedback', { text: 'hello' }],
    ['saveIntegrationKey', { type: 'openai', apiKey: 'sandbox-openai-key-0001' }],
    ['generateText', { task: 'assistant', prompt: 'hello' }],
    ['startJob', { requestId: randomUUID(), kind: 'video', input: { prompt: 'a fox' } }],
    ['addLibraryFile', { storagePath: 'x/uploads/a.png' }],
    ['publishPost', { platform: 'x', text: 'hello' }],
  ])('is refused by %s with the reason, and nothing is written', async (name, payload) => {
    const { uid, idToken } = await signUpUnverified();
    expect((await callCallable(name, payload, idToken)).error).toEqual({
      status: 'PERMISSION_DENIED',
      message: unverifiedMessage,
      details: { reason: 'email-unverified' },
    });
    expect(await writtenUnder(uid)).toEqual([]);
  });
});

describe('per-user rate limits', () => {
  it('refuse feedback past the limit with the seconds until the window ends, and count each user apart', async () => {
    const { uid, idToken } = await signUp();
    for (let i = 0; i < RATE_LIMITS.sendFeedback.max; i++)
      expect(
        (await callCallable('sendFeedback', { text: `note ${i}` }, idToken)).error,
      ).toBeUndefined();
    const refused = await callCallable('sendFeedback', { text: 'one more' }, idToken);
    expect(refused.error).toEqual({
      status: 'RESOURCE_EXHAUSTED',
      message: expect.stringMatching(/^Too many requests, try again in \d+ s$/),
      details: { reason: 'too-many-requests', retryAfterSeconds: expect.any(Number) },
    });
    const seconds = (refused.error!.details as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(refused.error!.message).toBe(`Too many requests, try again in ${seconds} s`);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(RATE_LIMITS.sendFeedback.windowSeconds);
    expect((await adminDb().collection(`users/${uid}/feedback`).get()).size).toBe(
      RATE_LIMITS.sendFeedback.max,
    );
    const other = await signUp();
    expect(
      (await callCallable('sendFeedback', { text: 'hi' }, other.idToken)).error,
    ).toBeUndefined();
  });
});
