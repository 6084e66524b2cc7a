import pLimit from 'p-limit';
import { FieldPath, Timestamp } from 'firebase-admin/firestore';
import { collections } from '@core/firestore-paths';
import {
  METRIC_WINDOW_GRACE_MS,
  METRIC_WINDOW_MS,
  metricWindows,
  type MetricWindow,
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
// their source and time (core/post-metrics.ts). The due posts are found with one indexed query per window
// (status, publishedAt); a snapshot is written in a transaction only while the post has none for that window,
// so a rerun, or two runs at once, store each snapshot once. A post whose figures cannot be read (gone, refused)
// is logged and tried again at the next run until the window's grace ends; it never stops the others.

export interface PostMetricsDeps extends PlatformProfileDeps {
  /** The scan's now: the scheduled run's time (tests give their own). */
  clock: Clock;
  /** Reads in flight at once. */
  concurrency?: number;
  /** Posts read per window per run. */
  batchSize?: number;
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

/** The posts whose snapshot for `window` is due at `now`: published between its time and its grace ago. */
async function dueFor(
  deps: PostMetricsDeps,
  window: MetricWindow,
  now: number,
): Promise<DueSnapshot[]> {
  const latest = new Date(now - METRIC_WINDOW_MS[window]);
  const earliest = new Date(now - METRIC_WINDOW_MS[window] - METRIC_WINDOW_GRACE_MS[window]);
  const page = await deps.db
    .collectionGroup(collections.socialPosts)
    .where('status', '==', 'published')
    .where('publishedAt', '>=', earliest)
    .where('publishedAt', '<=', latest)
    .orderBy('publishedAt')
    .limit(deps.batchSize ?? 500)
    .withConverter(postConverter)
    .get();
  const due: DueSnapshot[] = [];
  for (const doc of page.docs) {
    const userRef = doc.ref.parent.parent;
    if (!userRef || userRef.parent.id !== collections.users) continue;
    const { platform, platformPostId, metrics, author } = doc.data();
    if (!(publishPlatforms as readonly unknown[]).includes(platform)) continue;
    if (!platformPostId || metrics[window]) continue;
    due.push({
      uid: userRef.id,
      postId: doc.id,
      platform,
      platformPostId,
      author: author?.urn || null,
      window,
    });
  }
  return due;
}

/** One run: finds every due snapshot, reads each post's figures from its platform and stores them once. */
export async function takePostMetrics(deps: PostMetricsDeps): Promise<MetricsRunResult> {
  const now = deps.clock.now().getTime();
  const due = (await Promise.all(metricWindows.map((w) => dueFor(deps, w, now)))).flat();
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
  await Promise.all(
    due.map((item) =>
      limit(async () => {
        try {
          const code = await takeOne(deps, item, now, await credentialsOf(item.uid, item.platform));
          if (code === 'taken') result.taken.push(item);
          else if (code !== 'already') result.failed.push({ ...item, code });
        } catch (error) {
          const code = (error as { details?: { reason?: unknown } }).details?.reason ?? 'error';
          result.failed.push({ ...item, code: String(code) });
        }
      }),
    ),
  );
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
  item: DueSnapshot,
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
    if (current.metrics[item.window]) return 'already';
    tx.update(ref, new FieldPath('metrics', item.window), {
      takenAt: Timestamp.fromMillis(now),
      source: reading.source,
      counts: reading.counts,
    });
    return 'taken';
  });
}
