import pLimit from 'p-limit';
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { collections, scheduledRunPath } from '@core/firestore-paths';
import {
  METRIC_WINDOW_GRACE_MS,
  METRIC_WINDOW_MS,
  metricWindows,
  nextMetricsDue,
  type MetricWindow,
  type PostMetrics,
} from '@core/post-metrics';
import { publishPlatforms, type PublishPlatform } from '@core/social-posts';
import type { StoredSocialCredentials } from '@core/integrations';
import type { Clock } from '../../lib/clock';
import { log } from '../../lib/log';
import {
  usableCredentials,
  type PlatformProfileDeps,
} from '../get-platform-profile/get-platform-profile';
import { adapterOf } from '../platforms';
import { postConverter } from '../posts';
import { runTransaction } from '../../lib/transaction';

// Analytics from the platforms: each published post's figures are read from its platform (through its adapter's
// `metrics`) about 1 hour, 1 day and 7 days after it went out and kept on the post as `metrics.{1h|1d|7d}` with
// their source and time (core/post-metrics.ts). A published post carries when its next snapshot is due
// (`metricsDueAt`: set by publish-run.ts, moved on with each snapshot, removed after the last), so a run reads
// only the posts due now (one indexed query, status and metricsDueAt, paged) and a measured post is never read
// again; posts published before the field existed get it from a one-off backfill the run does first. A snapshot
// is written in a transaction only while the post has none for that window, so a rerun, or two runs at once,
// store each snapshot once. A post whose figures cannot be read (gone, refused) is logged and tried again at the
// next run until the window's grace ends; it never stops the others.

export interface PostMetricsDeps extends PlatformProfileDeps {
  /** The scan's now: the scheduled run's time (tests give their own). */
  clock: Clock;
  /** Reads in flight at once. */
  concurrency?: number;
  /** Posts read per page. */
  batchSize?: number;
  /** Pages of the one-off backfill read per run. */
  backfillPages?: number;
}

export interface DueSnapshot {
  uid: string;
  postId: string;
  platform: PublishPlatform;
  platformPostId: string;
  author: string | null;
  window: MetricWindow;
}

export interface MetricsRunResult {
  taken: DueSnapshot[];
  failed: Array<DueSnapshot & { code: string }>;
}

/** How soon a snapshot that could not be read is tried again: the next run. */
export const METRICS_RETRY_MS = 10 * 60_000;
/** Where the one-off backfill of `metricsDueAt` on posts published before it existed keeps its progress. */
export const METRICS_BACKFILL_PATH = scheduledRunPath('postMetricsBackfill');
/** The oldest a post can be and still have a snapshot due: the last window and its grace. */
const LAST_DUE_MS = Math.max(
  ...metricWindows.map((w) => METRIC_WINDOW_MS[w] + METRIC_WINDOW_GRACE_MS[w]),
);

type PostDoc = QueryDocumentSnapshot<ReturnType<typeof postConverter.fromFirestore>>;
/** A due snapshot with what its post's next due time is computed from. */
type DueItem = DueSnapshot & { publishedAt: number; metrics: PostMetrics };

/** The window a post's snapshot is due for at `now` (begun, grace not ended, not taken), or null. */
function windowDue(publishedAt: number, metrics: PostMetrics, now: number): MetricWindow | null {
  return (
    metricWindows.find((w) => {
      const start = publishedAt + METRIC_WINDOW_MS[w];
      return !metrics[w] && start <= now && now <= start + METRIC_WINDOW_GRACE_MS[w];
    }) ?? null
  );
}

const dueField = (at: number | null) =>
  at === null ? FieldValue.delete() : Timestamp.fromMillis(at);

/** A due post as a snapshot to take, or null (with its due time moved on) when there is none to take. */
async function dueSnapshotOf(doc: PostDoc, now: number): Promise<DueItem | null> {
  const userRef = doc.ref.parent.parent;
  if (!userRef || userRef.parent.id !== collections.users) return null;
  const { platform, platformPostId, metrics, author, publishedAt } = doc.data();
  const window = publishedAt ? windowDue(publishedAt.getTime(), metrics, now) : null;
  if (!window || !platformPostId || !(publishPlatforms as readonly unknown[]).includes(platform)) {
    // Nothing to take now (a post without its platform id, or due times moved by hand): moved on, or out.
    const next =
      publishedAt && platformPostId ? nextMetricsDue(publishedAt.getTime(), metrics, now) : null;
    await doc.ref.update({ metricsDueAt: dueField(next !== null && next <= now ? null : next) });
    return null;
  }
  return {
    uid: userRef.id,
    postId: doc.id,
    platform,
    platformPostId,
    author: author?.urn || null,
    window,
    publishedAt: publishedAt!.getTime(),
    metrics,
  };
}

interface BackfillCursor {
  publishedAt: Timestamp;
  path: string;
}
const isBackfillCursor = (v: unknown): v is BackfillCursor =>
  typeof v === 'object' &&
  v !== null &&
  (v as Partial<BackfillCursor>).publishedAt instanceof Timestamp &&
  typeof (v as Partial<BackfillCursor>).path === 'string';

/**
 * The one-off backfill: posts published before `metricsDueAt` existed get it from their figures so far, a page
 * at a time from where the last run stopped, until every post still in its last window has one; then the
 * run only reads its state document. Only posts whose last window has not ended are read.
 */
async function backfillDueTimes(deps: PostMetricsDeps, now: number): Promise<void> {
  const state = deps.db.doc(METRICS_BACKFILL_PATH);
  const current = await state.get();
  if (current.get('done') === true) return;
  const batchSize = deps.batchSize ?? 500;
  const saved: unknown = current.get('after');
  let after = isBackfillCursor(saved) ? saved : undefined;
  for (let pages = 0; pages < (deps.backfillPages ?? 20); pages++) {
    let query = deps.db
      .collectionGroup(collections.socialPosts)
      .where('status', '==', 'published')
      .where('publishedAt', '>=', new Date(now - LAST_DUE_MS))
      .orderBy('publishedAt')
      .orderBy(FieldPath.documentId());
    if (after) query = query.startAfter(after.publishedAt, after.path);
    const page = await query.limit(batchSize).withConverter(postConverter).get();
    const writer = deps.db.batch();
    for (const doc of page.docs) {
      if (doc.get('metricsDueAt') !== undefined) continue;
      const { publishedAt, metrics } = doc.data();
      const next = publishedAt ? nextMetricsDue(publishedAt.getTime(), metrics, now) : null;
      if (next !== null) writer.update(doc.ref, { metricsDueAt: Timestamp.fromMillis(next) });
    }
    const last = page.docs.at(-1);
    if (last)
      after = { publishedAt: Timestamp.fromDate(last.data().publishedAt!), path: last.ref.path };
    writer.set(state, page.size < batchSize ? { done: true } : { done: false, after });
    await writer.commit();
    if (page.size < batchSize) return;
  }
}

/** The posts whose next snapshot is due at `now` (`metricsDueAt` passed), a page at a time. */
async function* duePages(deps: PostMetricsDeps, now: number): AsyncGenerator<PostDoc[]> {
  const batchSize = deps.batchSize ?? 500;
  let after: PostDoc | undefined;
  for (;;) {
    let query = deps.db
      .collectionGroup(collections.socialPosts)
      .where('status', '==', 'published')
      .where('metricsDueAt', '<=', new Date(now))
      .orderBy('metricsDueAt');
    if (after) query = query.startAfter(after);
    const page = await query.limit(batchSize).withConverter(postConverter).get();
    if (page.docs.length > 0) yield page.docs;
    if (page.size < batchSize) return;
    after = page.docs.at(-1);
  }
}

/** One run: finds every due snapshot, reads each post's figures from its platform and stores them once. */
export async function takePostMetrics(deps: PostMetricsDeps): Promise<MetricsRunResult> {
  const now = deps.clock.now().getTime();
  await backfillDueTimes(deps, now);
  const credentials = new Map<string, Promise<StoredSocialCredentials>>();
  const credentialsOf = (uid: string, platform: PublishPlatform) => {
    const key = `${uid}/${platform}`;
    if (!credentials.has(key)) {
      const read = usableCredentials(deps, uid, platform);
      read.catch(() => undefined);
      credentials.set(key, read);
    }
    return credentials.get(key)!;
  };
  const result: MetricsRunResult = { taken: [], failed: [] };
  // `concurrency` reads in flight, the next starting as soon as one ends.
  const limit = pLimit(deps.concurrency ?? 5);
  const due: DueSnapshot[] = [];
  for await (const page of duePages(deps, now)) {
    {
      await Promise.all(
        page.map((doc) =>
          limit(async () => {
            const found = await dueSnapshotOf(doc, now);
            if (!found) return;
            const { publishedAt, metrics, ...item } = found;
            due.push(item);
            let code: string;
            try {
              code = await takeOne(deps, found, now, await credentialsOf(item.uid, item.platform));
            } catch (error) {
              code = String(
                (error as { details?: { reason?: unknown } }).details?.reason ?? 'error',
              );
            }
            if (code === 'taken') result.taken.push(item);
            else if (code !== 'already') {
              result.failed.push({ ...item, code });
              // Tried again at the next run while the window's grace lasts, then at the next window.
              const next = nextMetricsDue(publishedAt, metrics, now + METRICS_RETRY_MS);
              await doc.ref.update({ metricsDueAt: dueField(next) }).catch(() => undefined);
            }
          }),
        ),
      );
    }
  }
  if (due.length > 0)
    log.info('Post metrics taken', {
      due: due.length,
      taken: result.taken.length,
      failed: result.failed.length,
    });
  for (const f of result.failed)
    log.warn('Post metrics not read', {
      uid: f.uid,
      postId: f.postId,
      platform: f.platform,
      window: f.window,
      code: f.code,
    });
  return result;
}

async function takeOne(
  deps: PostMetricsDeps,
  item: DueItem,
  now: number,
  stored: StoredSocialCredentials,
): Promise<string> {
  const reading = await adapterOf(item.platform).metrics(
    { stored, baseUrl: deps.baseUrls[item.platform], fetch: deps.fetch, now: deps.now ?? Date.now },
    { platformPostId: item.platformPostId, author: item.author },
  );
  if (!reading.ok) return reading.failure.code;
  const ref = deps.db.doc(
    `${collections.users}/${item.uid}/${collections.socialPosts}/${item.postId}`,
  );
  return runTransaction(deps.db, async (tx) => {
    const current = (await tx.get(ref.withConverter(postConverter))).data();
    if (!current || current.status !== 'published') return 'gone';
    const next = (metrics: PostMetrics) => dueField(nextMetricsDue(item.publishedAt, metrics, now));
    if (current.metrics[item.window]) {
      tx.update(ref, { metricsDueAt: next(current.metrics) });
      return 'already';
    }
    const snapshot = {
      takenAt: Timestamp.fromMillis(now),
      source: reading.source,
      counts: reading.counts,
    };
    // The snapshot and the post's next due time (the next window, or none after the last) together.
    tx.update(
      ref,
      new FieldPath('metrics', item.window),
      snapshot,
      'metricsDueAt',
      next({ ...current.metrics, [item.window]: snapshot }),
    );
    return 'taken';
  });
}
