import {
  DocumentReference,
  Query,
  QuerySnapshot,
  Transaction,
  type DocumentSnapshot,
} from 'firebase-admin/firestore';

// Documents read through the Admin SDK while a function runs: what Firestore bills as reads. Counted on the
// SDK's classes (as scripts/bench/social-burst.ts counts round trips): a query is the documents it returned (at
// least one, as Firestore bills an empty answer), a get one document, a transaction's getAll one per reference.

export interface ReadCount {
  /** Documents read so far. */
  docs(): number;
  /** Documents read so far from queries, by the collection (group) each queried. */
  byCollection(): Record<string, number>;
  stop(): void;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

export function countReads(): ReadCount {
  let docs = 0;
  const byCollection: Record<string, number> = {};
  const restore: (() => void)[] = [];
  function wrap(proto: object, name: string, after: (self: unknown, result: unknown) => void) {
    const target = proto as Record<string, Method>;
    const original = target[name]!;
    target[name] = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      if (result instanceof Promise)
        void result.then(
          (r) => after(this, r),
          () => undefined,
        );
      else after(this, result);
      return result;
    };
    restore.push(() => (target[name] = original));
  }
  wrap(Query.prototype, 'get', (self, result) => {
    const size = Math.max(1, (result as QuerySnapshot).size);
    docs += size;
    // The collection id a query reads (a collection group's is its id).
    const id =
      ((self as { _queryOptions?: { collectionId?: string } })._queryOptions?.collectionId ??
        '?') ||
      '?';
    byCollection[id] = (byCollection[id] ?? 0) + size;
  });
  wrap(DocumentReference.prototype, 'get', () => docs++);
  wrap(Transaction.prototype, 'get', (_self, result) => {
    docs += result instanceof QuerySnapshot ? Math.max(1, result.size) : 1;
  });
  wrap(Transaction.prototype, 'getAll', (_self, result) => {
    docs += (result as DocumentSnapshot[]).length;
  });
  return {
    docs: () => docs,
    byCollection: () => ({ ...byCollection }),
    stop: () => restore.splice(0).forEach((r) => r()),
  };
}
