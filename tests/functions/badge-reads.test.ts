import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { emulatorPortSets } from '@core/firebase/config';
import { userCollectionPath } from '@core/firestore-paths';
import { inboxStatePath } from '@core/inbox';
import { firestoreBadgeReads } from '../../entrypoints/background/badge-reads';
import { adminDb, closeAdmin, projectId } from './support';

// What the extension's badge reads each minute with the side panel closed (entrypoints/background/badge-reads.ts,
// through the Firestore Lite SDK as the signed-in user, against the emulator's rules): its reads are counted on
// the SDK's requests the way Firestore bills them (a query: the documents it returns, at least one; a count:
// one per 1,000 index entries counted, at least one; a get: one).

vi.setConfig({ testTimeout: 60_000 });
afterAll(closeAdmin);

/** Documents read by the Lite SDK's requests since it was made (by Firestore's billing). */
function countedFetch() {
  let reads = 0;
  const plain = globalThis.fetch;
  const counted: typeof fetch = async (input, init) => {
    const res = await plain(input, init);
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    ).pathname;
    if (!res.ok) return res;
    const body = (await res.clone().json()) as unknown;
    const items = Array.isArray(body) ? (body as Record<string, unknown>[]) : [body as object];
    if (url.endsWith(':runAggregationQuery')) {
      for (const item of items) {
        const fields = (item as { result?: { aggregateFields?: Record<string, unknown> } }).result
          ?.aggregateFields;
        const count = Number(
          (Object.values(fields ?? {})[0] as { integerValue?: string } | undefined)?.integerValue ??
            0,
        );
        if (fields) reads += Math.max(1, Math.ceil(count / 1000));
      }
    } else if (url.endsWith(':runQuery')) {
      reads += Math.max(1, items.filter((i) => 'document' in i).length);
    } else if (url.endsWith(':batchGet')) {
      reads += items.filter((i) => 'found' in i || 'missing' in i).length;
    } else if (init?.method === undefined || init.method === 'GET') {
      reads += 1;
    }
    return res;
  };
  return { fetch: counted, reads: () => reads, reset: () => (reads = 0) };
}

describe('the extension badge’s reads', () => {
  it('counts every unread failure with two reads a minute, however many posts the account has', async () => {
    const uid = `u${randomUUID().slice(0, 12)}`;
    const db = adminDb();
    const readAt = Date.parse('2026-11-25T12:00:00Z');
    const posts = db.collection(userCollectionPath(uid, 'socialPosts'));
    const writer = db.bulkWriter();
    const add = (status: string, at: number) =>
      void writer.set(posts.doc(randomUUID()), {
        platform: 'x',
        status,
        text: `Post at ${at}`,
        error: status === 'failed' ? { code: 'platform_error', message: 'refused' } : null,
        createdAt: Timestamp.fromMillis(at),
        updatedAt: Timestamp.fromMillis(at),
        ...(status === 'published' ? { publishedAt: Timestamp.fromMillis(at) } : {}),
      });
    // 34 failures after the read time, 3 before it, and published posts and scheduled ones besides.
    for (let i = 0; i < 34; i++) add('failed', readAt + (i + 1) * 60_000);
    for (let i = 0; i < 3; i++) add('failed', readAt - (i + 1) * 60_000);
    for (let i = 0; i < 20; i++) add('published', readAt + i * 30_000);
    for (let i = 0; i < 20; i++) add('scheduled', readAt + i * 45_000);
    await writer.close();
    await db.doc(inboxStatePath(uid)).set({ readAt: Timestamp.fromMillis(readAt) });

    const counting = countedFetch();
    const app = initializeApp({ projectId, apiKey: 'fake-api-key' }, `badge-${uid}`);
    const previous = globalThis.fetch;
    globalThis.fetch = counting.fetch;
    try {
      const lite = getFirestore(app);
      connectFirestoreEmulator(lite, '127.0.0.1', emulatorPortSets.test.firestore, {
        mockUserToken: { sub: uid, user_id: uid },
      });
      const reads = firestoreBadgeReads(lite);
      // One minute's alarm: the account's read time, then its failures after it.
      const shared = await reads.readReadAt(uid);
      expect(shared).toBe(readAt);
      expect(await reads.countUnreadFailures(uid, shared)).toBe(34);
      expect(counting.reads()).toBe(2);

      // Never read: every failure.
      counting.reset();
      expect(await reads.countUnreadFailures(uid, null)).toBe(37);
      expect(counting.reads()).toBe(1);
    } finally {
      globalThis.fetch = previous;
      await deleteApp(app);
    }
  });
});
