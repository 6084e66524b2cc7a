import { doc, serverTimestamp, setDoc, Timestamp, type Firestore } from 'firebase/firestore';
import { inboxStatePath } from '../inbox';

/**
 * Marks the inbox read for every front door: `readAt` is the server's time (the only value firestore.rules
 * accepts), and `seenAt` the newest event the user had in front of them (its server time, `readMarkOf` in
 * core/inbox.ts; none when the inbox was empty), which readInboxState takes as the read time. Offline, the SDK
 * keeps the write; when it lands, only what was seen is read.
 */
export function markInboxRead(db: Firestore, uid: string, seenAt: number | null): Promise<void> {
  return setDoc(doc(db, inboxStatePath(uid)), {
    readAt: serverTimestamp(),
    ...(seenAt === null ? {} : { seenAt: Timestamp.fromMillis(seenAt) }),
  });
}
