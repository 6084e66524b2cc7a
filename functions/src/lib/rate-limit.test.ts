import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, tooManyRequestsMessage } from '@core/rate-limits';
import { takeRateLimit } from './rate-limit';

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

/** Firestore as far as the counter uses it: documents in a map, a transaction applying its writes at the end. */
function memoryTransactions() {
  const docs = new Map<string, unknown>();
  const db = {
    doc: (path: string) => refTo(path),
    runTransaction: async <T>(run: (tx: unknown) => Promise<T>): Promise<T> => {
      const writes: [string, unknown][] = [];
      const tx = {
        get: async (ref: Ref) => ({ data: () => read(ref, docs.get(ref.path)) }),
        set: (ref: Ref, data: unknown) => void writes.push([ref.path, stored(ref, data)]),
      };
      const result = await run(tx);
      for (const [path, data] of writes) docs.set(path, data);
      return result;
    },
  };
  return { db: db as unknown as Firestore, docs };
}

function setup() {
  const { db, docs } = memoryTransactions();
  let now = Date.parse('2026-11-23T10:00:00Z');
  return {
    deps: { db, clock: { now: () => new Date(now) } },
    docs,
    advance: (ms: number) => (now += ms),
  };
}

const limit = { max: 3, windowSeconds: 60 };

describe('a per-user fixed-window limit', () => {
  it('allows max calls in a window, then says how long until it ends', async () => {
    const { deps, advance } = setup();
    for (const remaining of [2, 1, 0])
      expect(await takeRateLimit(deps, 'u1', 'generateText', limit)).toEqual({
        ok: true,
        remaining,
      });
    advance(15_500);
    expect(await takeRateLimit(deps, 'u1', 'generateText', limit)).toEqual({
      ok: false,
      retryAfterSeconds: 45,
    });
    advance(44_000);
    expect(await takeRateLimit(deps, 'u1', 'generateText', limit)).toEqual({
      ok: false,
      retryAfterSeconds: 1,
    });
  });

  it('starts a new window once the old one ended', async () => {
    const { deps, advance } = setup();
    for (let i = 0; i < 3; i++) await takeRateLimit(deps, 'u1', 'startJob', limit);
    advance(60_000);
    expect(await takeRateLimit(deps, 'u1', 'startJob', limit)).toEqual({ ok: true, remaining: 2 });
  });

  it('counts each user and each limit apart, in a server-only document', async () => {
    const { deps, docs } = setup();
    for (let i = 0; i < 3; i++) await takeRateLimit(deps, 'u1', 'startJob', limit);
    expect(await takeRateLimit(deps, 'u2', 'startJob', limit)).toMatchObject({ ok: true });
    expect(await takeRateLimit(deps, 'u1', 'generateText', limit)).toMatchObject({ ok: true });
    expect([...docs.keys()].sort()).toEqual([
      'rateLimits/u1/limits/generateText',
      'rateLimits/u1/limits/startJob',
      'rateLimits/u2/limits/startJob',
    ]);
  });

  it("writes the window's end as the counter's expiry, for its TTL policy", async () => {
    const { deps, docs, advance } = setup();
    const start = deps.clock.now().getTime();
    await takeRateLimit(deps, 'u1', 'startJob', limit);
    advance(10_000);
    await takeRateLimit(deps, 'u1', 'startJob', limit);
    expect(docs.get('rateLimits/u1/limits/startJob')).toEqual({
      windowStart: start,
      count: 2,
      expiresAt: new Date(start + 60_000),
    });
    advance(60_000);
    await takeRateLimit(deps, 'u1', 'startJob', limit);
    expect(docs.get('rateLimits/u1/limits/startJob')).toMatchObject({
      expiresAt: new Date(start + 70_000 + 60_000),
    });
  });

  it('does not count refused calls', async () => {
    const { deps, docs } = setup();
    for (let i = 0; i < 5; i++) await takeRateLimit(deps, 'u1', 'sendFeedback', limit);
    expect(docs.get('rateLimits/u1/limits/sendFeedback')).toMatchObject({ count: 3 });
  });

  it('treats a counter from the future (a clock step back) as a new window', async () => {
    const { deps, advance } = setup();
    for (let i = 0; i < 3; i++) await takeRateLimit(deps, 'u1', 'startJob', limit);
    advance(-5_000);
    expect(await takeRateLimit(deps, 'u1', 'startJob', limit)).toEqual({ ok: true, remaining: 2 });
  });
});

describe('the limits', () => {
  it('cover every callable that spends or stores, and refuse in plain words', () => {
    expect(Object.keys(RATE_LIMITS)).toEqual(
      expect.arrayContaining([
        'generateText',
        'startJob',
        'publishPost',
        'addLibraryFile',
        'sendFeedback',
        'listModels',
        'testIntegrationKey',
      ]),
    );
    expect(tooManyRequestsMessage(42)).toBe('Too many requests, try again in 42 s');
  });
});
