import type { CallableRequest } from 'firebase-functions/v2/https';
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@core/rate-limits';
import { runContractCall, signedOutCaller, type ContractCallDeps } from './callable';

// The checks every contract call passes before its handler: a signed-in caller with a confirmed email
// address, within the callable's rate limit. Counters live in a map; the clock is injected.

type Converter = {
  fromFirestore(snapshot: { data(): unknown }): unknown;
  toFirestore(data: unknown): unknown;
};
type Ref = { path: string; converter?: Converter };
/** A reference as the Admin SDK's: withConverter() reads and writes through the converter. */
const refTo = (
  path: string,
  converter?: Converter,
): Ref & { withConverter(c: Converter): Ref } => ({
  path,
  converter,
  withConverter: (c) => refTo(path, c),
});
const read = (ref: Ref, raw: unknown) =>
  raw === undefined || !ref.converter ? raw : ref.converter.fromFirestore({ data: () => raw });
const stored = (ref: Ref, data: unknown) =>
  ref.converter ? ref.converter.toFirestore(data) : data;

function deps(start = Date.parse('2026-11-23T10:00:00Z')) {
  const docs = new Map<string, unknown>();
  let now = start;
  const db = {
    doc: (path: string) => refTo(path),
    runTransaction: async <T>(run: (tx: unknown) => Promise<T>): Promise<T> => {
      const writes: [string, unknown][] = [];
      const result = await run({
        get: async (ref: Ref) => ({ data: () => read(ref, docs.get(ref.path)) }),
        set: (ref: Ref, data: unknown) => void writes.push([ref.path, stored(ref, data)]),
      });
      for (const [path, data] of writes) docs.set(path, data);
      return result;
    },
  } as unknown as Firestore;
  const value: ContractCallDeps = { db: () => db, clock: { now: () => new Date(now) } };
  return { value, advance: (ms: number) => (now += ms) };
}

const request = (data: unknown, token: Record<string, unknown> = { email_verified: true }) =>
  ({
    auth: { uid: 'u1', token },
    data,
    rawRequest: { body: { data } },
  }) as unknown as CallableRequest;
const feedback = { text: 'Love the editor' };
const handled = async () => ({ id: 'f1' });

describe('a contract call', () => {
  it('runs the handler for a confirmed account', async () => {
    await expect(
      runContractCall('sendFeedback', request(feedback), handled, deps().value),
    ).resolves.toEqual({ id: 'f1' });
  });

  it.each([
    ['an unconfirmed email address', { email_verified: false }],
    ['a token without the claim', {}],
  ])('refuses %s with its reason, before the handler', async (_label, token) => {
    let ran = false;
    const call = runContractCall(
      'sendFeedback',
      request(feedback, token),
      async () => ((ran = true), { id: 'x' }),
      deps().value,
    );
    await expect(call).rejects.toMatchObject({
      code: 'permission-denied',
      details: { reason: 'email-unverified' },
      message: expect.stringMatching(/^Please confirm your email address/),
    });
    expect(ran).toBe(false);
  });

  it("refuses the call over the limit with resource-exhausted and the window's remaining seconds", async () => {
    const { value, advance } = deps();
    for (let i = 0; i < RATE_LIMITS.sendFeedback.max; i++)
      await runContractCall('sendFeedback', request(feedback), handled, value);
    advance(90_000);
    await expect(
      runContractCall('sendFeedback', request(feedback), handled, value),
    ).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: `Too many requests, try again in ${RATE_LIMITS.sendFeedback.windowSeconds - 90} s`,
      details: {
        reason: 'too-many-requests',
        retryAfterSeconds: RATE_LIMITS.sendFeedback.windowSeconds - 90,
      },
    });
    advance(RATE_LIMITS.sendFeedback.windowSeconds * 1000);
    await expect(
      runContractCall('sendFeedback', request(feedback), handled, value),
    ).resolves.toEqual({ id: 'f1' });
  });

  it('does not count a payload the schema refuses', async () => {
    const { value } = deps();
    for (let i = 0; i < RATE_LIMITS.sendFeedback.max + 2; i++)
      await expect(
        runContractCall('sendFeedback', request({ text: ' ' }), handled, value),
      ).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(
      runContractCall('sendFeedback', request(feedback), handled, value),
    ).resolves.toEqual({ id: 'f1' });
  });
});

describe('the limits of callables that store a document or call a platform', () => {
  it.each<[string, 'createSignInCode' | 'startSocialOAuth' | 'getSubredditFlairs', unknown]>([
    ['a sign-in code', 'createSignInCode', {}],
    ['an OAuth nonce', 'startSocialOAuth', { platform: 'reddit' }],
    ['a Reddit flair look-up', 'getSubredditFlairs', { subreddit: 'pics' }],
  ])('refuse %s past the limit, before the handler', async (_label, name, payload) => {
    const { value } = deps();
    let ran = 0;
    const handler = async () => ((ran += 1), {}) as never;
    for (let i = 0; i < RATE_LIMITS[name].max; i++)
      await runContractCall(name, request(payload), handler, value);
    await expect(runContractCall(name, request(payload), handler, value)).rejects.toMatchObject({
      code: 'resource-exhausted',
      details: { reason: 'too-many-requests' },
    });
    expect(ran).toBe(RATE_LIMITS[name].max);
  });
});

describe('signed-out redeemSignInCode and describeSignInCode', () => {
  const code = { code: 'A'.repeat(43) };
  const signedOut = (forwardedFor?: string, socket = '10.0.0.1') =>
    ({
      data: code,
      rawRequest: {
        body: { data: code },
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        socket: { remoteAddress: socket },
      },
    }) as unknown as CallableRequest;

  it.each(['redeemSignInCode', 'describeSignInCode'] as const)(
    '%s is limited per client address, and another address is still served',
    async (name) => {
      const { value } = deps();
      const handler = async () => ({}) as never;
      for (let i = 0; i < RATE_LIMITS[name].max; i++)
        await runContractCall(name, signedOut('203.0.113.7'), handler, value);
      await expect(
        runContractCall(name, signedOut('203.0.113.7'), handler, value),
      ).rejects.toMatchObject({
        code: 'resource-exhausted',
        details: { reason: 'too-many-requests' },
      });
      await expect(
        runContractCall(name, signedOut('198.51.100.2'), handler, value),
      ).resolves.toEqual({});
    },
  );

  it('keys a caller by the address the front end appended, not one the client put before it, and hashes it', () => {
    const key = (forwardedFor?: string, socket?: string) =>
      signedOutCaller(signedOut(forwardedFor, socket), true);
    expect(key('1.1.1.1, 203.0.113.7')).toBe(key('2.2.2.2, 203.0.113.7'));
    expect(key('203.0.113.7')).not.toBe(key('203.0.113.8'));
    expect(key(undefined, '10.0.0.1')).not.toBe(key(undefined, '10.0.0.2'));
    expect(key('203.0.113.7')).not.toContain('203.0.113.7');
  });

  it('reads no X-Forwarded-For where no front end added to it (the emulator): the socket counts', () => {
    const key = (forwardedFor?: string, socket?: string) =>
      signedOutCaller(signedOut(forwardedFor, socket), false);
    expect(key('198.51.100.1', '10.0.0.1')).toBe(key('198.51.100.2', '10.0.0.1'));
    expect(key('203.0.113.7, 198.51.100.1')).toBe(key(undefined));
    expect(key(undefined, '10.0.0.1')).not.toBe(key(undefined, '10.0.0.2'));
  });

  it('counts a caller that varies its X-Forwarded-For in one bucket without a front end', async () => {
    const { value } = deps();
    const emulated = { ...value, behindGoogleFrontEnd: () => false };
    const handler = async () => ({}) as never;
    for (let i = 0; i < RATE_LIMITS.redeemSignInCode.max; i++)
      await runContractCall('redeemSignInCode', signedOut(`198.51.100.${i}`), handler, emulated);
    await expect(
      runContractCall('redeemSignInCode', signedOut('192.0.2.99'), handler, emulated),
    ).rejects.toMatchObject({ code: 'resource-exhausted' });
  });
});
