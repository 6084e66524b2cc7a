import type {
  DocumentData,
  DocumentReference,
  Firestore,
  Transaction,
} from 'firebase-admin/firestore';

/** Runs of a body after the first, when the database closed its transaction under contention. */
export const CLOSED_TRANSACTION_RETRIES = 4;

/** The answer of a transaction closed while it waited for a document another transaction held. */
export function isClosedTransaction(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === 3 &&
    typeof e.message === 'string' &&
    e.message.includes('Transaction is invalid or closed')
  );
}

/**
 * Every Firestore transaction in functions runs through here (eslint.config.js holds the rest to it).
 * It is `Firestore.runTransaction`, which already runs the body again on ABORTED, the answer Firestore
 * gives a transaction that lost a contended document. The Firestore emulator answers some of those
 * INVALID_ARGUMENT "Transaction is invalid or closed" instead, which the Admin SDK passes on: two sweeps
 * claiming the same due posts then failed locally where Firestore would have retried. That answer is run
 * again here too, after a short random wait so the contenders part. Each body reads what it decides on
 * inside the transaction, so a body run again decides afresh, as the SDK's own retries assume.
 */
export async function runTransaction<T>(
  db: Pick<Firestore, 'runTransaction'>,
  body: (tx: Transaction) => Promise<T>,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await db.runTransaction(body);
    } catch (e) {
      if (!isClosedTransaction(e) || retry >= CLOSED_TRANSACTION_RETRIES) throw e;
      await wait((retry + 1) * (20 + Math.random() * 80));
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type Read<R> = R extends DocumentReference<infer A, DocumentData> ? A | undefined : never;

/**
 * Reads documents in one round trip of the transaction (Transaction.getAll) instead of one each, each through
 * its own reference's converter; undefined for a document that does not exist. A publish run reads its job and
 * its post together in every transaction, and a burst of scheduled posts runs thousands of them
 * (docs/architecture.md, "A burst: 10,000 posts due in the same minute").
 */
export async function readAll<const R extends readonly DocumentReference<unknown, DocumentData>[]>(
  tx: Pick<Transaction, 'getAll'>,
  ...refs: R
): Promise<{ -readonly [K in keyof R]: Read<R[K]> }> {
  const snapshots = await tx.getAll(...refs);
  return snapshots.map((s) => s.data()) as { -readonly [K in keyof R]: Read<R[K]> };
}
