import { userCollectionPath } from '@core/firestore-paths';
import { inboxStatePath, readInboxState } from '@core/inbox';
import {
  collection,
  doc,
  getCount,
  getDoc,
  orderBy,
  query,
  Timestamp,
  where,
  type QueryConstraint,
  type Firestore,
} from 'firebase/firestore/lite';

// What the extension's badge reads of an account each minute while the side panel is closed (failure-badge.ts):
// its inbox read time (one document) and a count of its failures after it (one aggregation: Firestore bills a
// read per 1,000 index entries counted), never the posts themselves. The count follows the inbox's read rule
// (core/inbox.ts `unreadFailures`): a failed post's event time is its updatedAt, unread when after the read time
// (compared in whole milliseconds, as the inbox's dates are); the query uses the index the inbox's own
// status/updatedAt queries use (firestore.indexes.json).

/** What the badge reads of an account in Firestore (through the Lite SDK), apart from the session. */
export interface BadgeReads {
  /** That account's inbox read time in Firestore (epoch ms; `readInboxState`), null when never read. */
  readReadAt(uid: string): Promise<number | null>;
  /** How many of that account's failures came after `readAt` (null: all): the number on the badge. */
  countUnreadFailures(uid: string, readAt: number | null): Promise<number>;
}

export function firestoreBadgeReads(db: Firestore): BadgeReads {
  return {
    async readReadAt(uid) {
      const snap = await getDoc(doc(db, inboxStatePath(uid)));
      return snap.exists() ? readInboxState(snap.id, snap.data()) : null;
    },
    async countUnreadFailures(uid, readAt) {
      const after: QueryConstraint[] =
        readAt === null ? [] : [where('updatedAt', '>=', Timestamp.fromMillis(readAt + 1))];
      const snap = await getCount(
        query(
          collection(db, userCollectionPath(uid, 'socialPosts')),
          where('status', '==', 'failed'),
          ...after,
          orderBy('updatedAt', 'desc'),
        ),
      );
      return snap.data().count;
    },
  };
}
