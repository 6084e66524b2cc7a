import type {
  DocumentData,
  FirestoreDataConverter,
  QueryDocumentSnapshot,
  SetOptions,
} from 'firebase-admin/firestore';
import type { z } from 'zod';

/**
 * A core schema (core/data) as an Admin SDK converter, so functions read each document through the same schema
 * the clients read it with: `ref.withConverter(converter)` gives typed data, lenient as the clients' (a missing
 * or odd field falls back, never a throw). With `write`, a whole document given to set() or create() through
 * the converted reference is checked against that strict schema first and refused if it does not fit; partial
 * writes (update(), set with merge) go out as written.
 */
export function adminConverter<S extends z.ZodType>(
  read: S,
  write?: z.ZodType<z.output<S>>,
): FirestoreDataConverter<z.output<S>> {
  return {
    fromFirestore: (snapshot: QueryDocumentSnapshot): z.output<S> => read.parse(snapshot.data()),
    toFirestore: (model: unknown, options?: SetOptions): DocumentData =>
      (write && !options ? write.parse(model) : model) as DocumentData,
  } as FirestoreDataConverter<z.output<S>>;
}
