import {
  deleteDoc,
  doc,
  runTransaction,
  serverTimestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { toComposeDraftWrite, type ComposeDraftFields } from '../data/compose-draft';
import { userCollectionPath } from '../firestore-paths';
import { DRAFT_SLOTS, DraftsFullError } from './drafts';

// Writes to users/{uid}/composeDrafts from the one composer (firestore.rules, isValidComposeDraft). New drafts
// take slot ids c000..c999, as the per-platform drafts take d000..d999 (./drafts.ts).

const SLOT_TRIES = 40;
const slotId = () => `c${String(Math.floor(Math.random() * DRAFT_SLOTS)).padStart(3, '0')}`;

/** Saves into draft `id` when given (a draft deleted elsewhere is saved again in a free slot), else a free slot; resolves to the id. */
export async function writeComposeDraft(
  db: Firestore,
  uid: string,
  id: string | null,
  fields: ComposeDraftFields,
): Promise<string> {
  const data = toComposeDraftWrite(fields);
  const path = userCollectionPath(uid, 'composeDrafts');
  if (id) {
    try {
      await updateDoc(doc(db, path, id), { ...data, updatedAt: serverTimestamp() });
      return id;
    } catch (error) {
      // Deleted elsewhere: the rules answer permission-denied (they read its createdAt), Firestore alone not-found.
      const code = (error as { code?: string }).code;
      if (code !== 'not-found' && code !== 'permission-denied') throw error;
    }
  }
  const tried = new Set<string>();
  for (let i = 0; i < SLOT_TRIES && tried.size < DRAFT_SLOTS; i++) {
    let candidate = slotId();
    while (tried.has(candidate)) candidate = slotId();
    tried.add(candidate);
    const ref = doc(db, path, candidate);
    const claimed = await runTransaction(db, async (tx) => {
      if ((await tx.get(ref)).exists()) return false;
      tx.set(ref, { ...data, createdAt: serverTimestamp(), updatedAt: serverTimestamp() });
      return true;
    });
    if (claimed) return candidate;
  }
  throw new DraftsFullError();
}

export function deleteComposeDraft(db: Firestore, uid: string, id: string): Promise<void> {
  return deleteDoc(doc(db, userCollectionPath(uid, 'composeDrafts'), id));
}
