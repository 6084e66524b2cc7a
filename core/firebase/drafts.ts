import { toDraft, toDraftWrite, type Draft, type DraftFields } from '../data/draft';
import { userCollectionPath } from '../firestore-paths';
import { collection, deleteDoc, doc, getDoc, serverTimestamp, setDoc, updateDoc, type Firestore } from 'firebase/firestore';

// Writes to users/{uid}/drafts from the side panel and the dashboard's composers (firestore.rules checks
// the shape; toDraftWrite keeps every field within it).

export function newDraftId(db: Firestore, uid: string): string {
  return doc(collection(db, userCollectionPath(uid, 'drafts'))).id;
}

/** Creates the draft when `created` is false, else updates it; an update of a draft deleted elsewhere creates it again. */
export async function writeDraft(db: Firestore, uid: string, id: string, fields: DraftFields, created: boolean): Promise<void> {
  const ref = doc(db, userCollectionPath(uid, 'drafts'), id);
  const data = toDraftWrite(fields);
  if (created) {
    try {
      await updateDoc(ref, { ...data, updatedAt: serverTimestamp() });
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'not-found') throw error;
    }
  }
  await setDoc(ref, { ...data, createdAt: serverTimestamp(), updatedAt: serverTimestamp() });
}

export async function readDraft(db: Firestore, uid: string, id: string): Promise<Draft | null> {
  const snap = await getDoc(doc(db, userCollectionPath(uid, 'drafts'), id));
  return snap.exists() ? toDraft(snap.id, snap.data()) : null;
}

export function deleteDraft(db: Firestore, uid: string, id: string): Promise<void> {
  return deleteDoc(doc(db, userCollectionPath(uid, 'drafts'), id));
}
