import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '@core/firestore-paths';
import type { Clock } from '../../lib/clock';
import { log } from '../../lib/log';
import { jobRef } from '../../jobs/runner';
import { newPublishJob, type SocialPostDoc } from '../posts';

export interface PublishDuePostsDeps {
  db: Firestore;
  clock: Clock;
  /** Posts claimed per run; the next run takes the rest. */
  batchSize?: number;
}

type TimestampLike = { toDate(): Date };

/**
 * Claims every scheduled post that is due (also one that fell due while functions were down): in one
 * transaction per post, still 'scheduled' becomes 'queued' and its publish job (id: the post id) is created,
 * which the job runner then runs. Sweeps running at once contend on the same documents, so each post is
 * claimed by exactly one of them.
 */
export async function publishDuePosts(deps: PublishDuePostsDeps): Promise<{ claimed: string[] }> {
  const now = deps.clock.now();
  const due = await deps.db
    .collectionGroup(collections.socialPosts)
    .where('status', '==', 'scheduled')
    .where('scheduledAt', '<=', now)
    .orderBy('scheduledAt')
    .limit(deps.batchSize ?? 100)
    .get();
  const claimed: string[] = [];
  for (const doc of due.docs) {
    const userRef = doc.ref.parent.parent;
    if (!userRef || userRef.parent.id !== collections.users) continue;
    const uid = userRef.id;
    const job = jobRef(deps.db, uid, doc.id);
    const won = await deps.db.runTransaction(async (tx) => {
      const post = (await tx.get(doc.ref)).data() as SocialPostDoc<TimestampLike> | undefined;
      const scheduledAt = post?.scheduledAt?.toDate();
      if (post?.status !== 'scheduled' || !scheduledAt || scheduledAt > now) return false;
      if ((await tx.get(job)).exists) return false;
      tx.update(doc.ref, { status: 'queued', jobId: job.id, updatedAt: now });
      tx.create(job, newPublishJob(doc.id, now));
      return true;
    });
    if (won) claimed.push(doc.ref.path);
  }
  if (claimed.length > 0) log.info('Due posts queued', { count: claimed.length, posts: claimed.slice(0, 20) });
  return { claimed };
}
