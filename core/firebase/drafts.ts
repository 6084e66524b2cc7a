import { toDraft, toDraftWrite, type Draft, type DraftFields } from '../data/draft';
import { userCollectionPath } from '../firestore-paths';
import {
  collection,
  deleteDoc,
  doc,
  documentId,
  getDoc,
  query,
  runTransaction,
  serverTimestamp,
  updateDoc,
  where,
  type Firestore,
  type Query,
} from 'firebase/firestore';

// Writes to users/{uid}/drafts from the side panel and the dashboard's composers (firestore.rules checks
// the shape; toDraftWrite keeps every field within it).

/** How many drafts a user keeps: new drafts take slot ids d000..d999, the only ids firestore.rules lets a create use. */
export const DRAFT_SLOTS = 1000;
const SLOT_ID = /^d\d{3}$/;
/** How many taken slots a create tries past before it gives up and says the drafts are full. */
const SLOT_TRIES = 40;

export class DraftsFullError extends Error {
  constructor() {
    super(
      `You have too many drafts (up to ${DRAFT_SLOTS.toLocaleString('en-US')}). Delete some to save a new one.`,
    );
    this.name = 'DraftsFullError';
  }
}

/** A random slot id for a new draft ('d042'); writeDraft moves to another when it is taken. */
export function newDraftId(): string {
  return `d${String(Math.floor(Math.random() * DRAFT_SLOTS)).padStart(3, '0')}`;
}

/**
 * Creates the draft when `created` is false, else updates it; an update of a draft deleted elsewhere creates
 * it again. A create claims a free slot in a transaction (a taken one is never overwritten), starting at
 * `id` when it is a slot id; resolves to the id written, which differs from `id` when that slot was taken.
 */
export async function writeDraft(
  db: Firestore,
  uid: string,
  id: string,
  fields: DraftFields,
  created: boolean,
): Promise<string> {
  const data = toDraftWrite(fields);
  if (created) {
    try {
      await updateDoc(doc(db, userCollectionPath(uid, 'drafts'), id), {
        ...data,
        updatedAt: serverTimestamp(),
      });
      return id;
    } catch (error) {
      // A draft deleted elsewhere: the rules answer permission-denied (they read its createdAt) where
      // Firestore alone would say not-found. Either way it is saved again in a free slot below; a draft
      // the rules refuse for its content is refused there too.
      const code = (error as { code?: string }).code;
      if (code !== 'not-found' && code !== 'permission-denied') throw error;
    }
  }
  const tried = new Set<string>();
  let candidate = SLOT_ID.test(id) ? id : newDraftId();
  for (let i = 0; i < SLOT_TRIES; i++) {
    tried.add(candidate);
    const ref = doc(db, userCollectionPath(uid, 'drafts'), candidate);
    const claimed = await runTransaction(db, async (tx) => {
      if ((await tx.get(ref)).exists()) return false;
      tx.set(ref, { ...data, createdAt: serverTimestamp(), updatedAt: serverTimestamp() });
      return true;
    });
    if (claimed) return candidate;
    while (tried.has(candidate) && tried.size < DRAFT_SLOTS) candidate = newDraftId();
  }
  throw new DraftsFullError();
}

export async function readDraft(db: Firestore, uid: string, id: string): Promise<Draft | null> {
  const snap = await getDoc(doc(db, userCollectionPath(uid, 'drafts'), id));
  return snap.exists() ? toDraft(snap.id, snap.data()) : null;
}

export function deleteDraft(db: Firestore, uid: string, id: string): Promise<void> {
  return deleteDoc(doc(db, userCollectionPath(uid, 'drafts'), id));
}

/** Firestore's cap on the values of one `in` filter. */
export const IN_VALUES = 30;

/**
 * The library records (users/{uid}/generations) of the media ids given, as one query: what a reader shows
 * about a draft's media. Null when there are none; ids past 30 (one `in` filter's cap) are left out.
 */
export function draftMediaQuery(db: Firestore, uid: string, ids: readonly string[]): Query | null {
  const unique = [...new Set(ids)].slice(0, IN_VALUES);
  return unique.length
    ? query(
        collection(db, userCollectionPath(uid, 'generations')),
        where(documentId(), 'in', unique),
      )
    : null;
}
