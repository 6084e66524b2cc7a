import {
  onSnapshot,
  type DocumentReference,
  type Query,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';

// The one place clients listen to Firestore. Screens use the hooks in core/react/use-live.ts; the
// library feed uses subscribeQuery directly for its cursor-anchored head. Server timestamps still in
// flight read as the local estimate, so a new item sorts and dates correctly at once.

export type DocConverter<T> = (id: string, data: unknown) => T;

export function subscribeQuery<T>(
  q: Query,
  convert: DocConverter<T>,
  onData: (items: T[], docs: QueryDocumentSnapshot[]) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(
    q,
    (snap) =>
      onData(
        snap.docs.map((d) => convert(d.id, d.data({ serverTimestamps: 'estimate' }))),
        snap.docs,
      ),
    onError,
  );
}

/** A document, or null while it does not exist; `options` says how a server timestamp still in flight reads (the estimate unless told). */
export function subscribeDoc<T>(
  ref: DocumentReference,
  convert: DocConverter<T>,
  onData: (item: T | null) => void,
  onError: (error: Error) => void,
  options: SnapshotOptions = { serverTimestamps: 'estimate' },
): () => void {
  return onSnapshot(
    ref,
    (snap) => onData(snap.exists() ? convert(snap.id, snap.data(options)) : null),
    onError,
  );
}
