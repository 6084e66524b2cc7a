import { doc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore';
import { inboxStatePath } from '../inbox';

/**
 * Marks the inbox read for every front door: the server's time, the only value firestore.rules accepts.
 * Offline, the SDK keeps the write and its listeners see the local estimate at once.
 */
export function markInboxRead(db: Firestore, uid: string): Promise<void> {
  return setDoc(doc(db, inboxStatePath(uid)), { readAt: serverTimestamp() });
}
