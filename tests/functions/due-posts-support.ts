import pLimit from 'p-limit';
import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { userCollectionPath } from '@core/firestore-paths';
import type { SecretStoreDeps } from '../../functions/src/integrations/secret-store';
import type { Clock } from '../../functions/src/lib/clock';
import { sandboxUrl } from './integrations-support';
import { queuedXPost, saveCredentials } from './publish-support';

// Many scheduled X posts in a project of the caller's own, where the caller runs the scheduler and the jobs
// in-process as the triggers would: the stuck-post check (tests/functions/stuck-posts.ts) and the burst of
// `npm run bench -- social` (scripts/bench/social-burst.ts).

export interface PostState {
  path: string;
  uid: string;
  id: string;
  text: string;
  status: string;
  jobId: string | null;
  scheduledAt: number;
  platformPostId: string | null;
  error: { message?: string } | null;
  checkingUntil: unknown;
  publishedAt: number | null;
  /** Times the sweep started the post's job again after its run died. */
  restarts: number;
}

/** A clock stopped at `at`, as the scheduler's clock is the schedule time of its run. */
export const fixedClock = (at: number): Clock => ({ now: () => new Date(at) });

/** Runs `run` over `items`, at most `size` at once. */
export async function inPool<T>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<unknown>,
): Promise<void> {
  const limit = pLimit(size);
  await Promise.all(items.map((item) => limit(() => run(item))));
}

/** Every post of these users, as the scheduler and the jobs left it. */
export async function readPosts(
  db: Firestore,
  uids: readonly string[],
  concurrency = 8,
): Promise<PostState[]> {
  const lists: PostState[][] = [];
  await inPool(uids, concurrency, async (uid) => {
    lists.push(
      (await db.collection(userCollectionPath(uid, 'socialPosts')).get()).docs.map((d) => ({
        path: d.ref.path,
        uid,
        id: d.id,
        text: d.get('text') as string,
        status: d.get('status') as string,
        jobId: (d.get('jobId') as string | null) ?? null,
        scheduledAt: (d.get('scheduledAt') as { toMillis(): number }).toMillis(),
        platformPostId: (d.get('platformPostId') as string | null) ?? null,
        error: (d.get('error') as { message?: string } | null) ?? null,
        checkingUntil: d.get('checkingUntil') ?? null,
        publishedAt: (d.get('publishedAt') as { toMillis(): number } | null)?.toMillis() ?? null,
        restarts: (d.get('restarts') as number | undefined) ?? 0,
      })),
    );
  });
  return lists.flat();
}

/** `count` users, each with X credentials of a sandbox account of their own (tests/sandbox/README.md, "X"). */
export async function xUsers(
  store: SecretStoreDeps,
  count: number,
  concurrency = 8,
): Promise<string[]> {
  const uids = Array.from({ length: count }, () => `u${randomUUID().slice(0, 12)}`);
  await inPool(uids, concurrency, async (uid) => {
    const account = 100_000_000 + Math.floor(Math.random() * 800_000_000);
    await saveCredentials(store, uid, 'x', {
      consumerKey: 'muse-app',
      consumerSecret: 'muse-app-secret',
      accessToken: `${account}-token`,
      accessTokenSecret: `${account}-token-secret`,
    });
  });
  return uids;
}

/** `count` scheduled X posts, `<marker> post <i>`, spread round-robin over the users, due at `dueAt(i)`, written in bulk. */
export async function seedScheduledXPosts(
  db: Firestore,
  uids: readonly string[],
  count: number,
  marker: string,
  dueAt: (i: number) => number,
): Promise<void> {
  const writer = db.bulkWriter();
  const now = new Date();
  for (let i = 0; i < count; i++) {
    const uid = uids[i % uids.length]!;
    void writer.create(
      db.doc(`${userCollectionPath(uid, 'socialPosts')}/${randomUUID()}`),
      queuedXPost(null, `${marker} post ${i}`, now, {
        status: 'scheduled',
        scheduledAt: new Date(dueAt(i)),
      }),
    );
  }
  await writer.close();
}

/** How many times X holds each text that starts with `marker`. */
export async function tweetsOnX(marker: string): Promise<Map<string, number>> {
  const { tweets } = (await (await fetch(`${sandboxUrl('x')}/__sandbox/x/tweets`)).json()) as {
    tweets: { text: string }[];
  };
  const onX = new Map<string, number>();
  for (const t of tweets)
    if (t.text.startsWith(marker)) onX.set(t.text, (onX.get(t.text) ?? 0) + 1);
  return onX;
}
