import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { CLOSED_TRANSACTION_RETRIES, runTransaction } from './transaction';

const closed = Object.assign(new Error('3 INVALID_ARGUMENT: Transaction is invalid or closed.'), {
  code: 3,
});
const otherInvalid = Object.assign(
  new Error('3 INVALID_ARGUMENT: Value for argument "data" is not a valid Firestore document.'),
  { code: 3 },
);

/** A database whose transactions answer `failures` in turn, then run the body. */
function database(failures: Error[]) {
  let calls = 0;
  const db: Pick<Firestore, 'runTransaction'> = {
    runTransaction: (async (body: (tx: Transaction) => Promise<unknown>) => {
      const failure = failures[calls++];
      if (failure) throw failure;
      return body({} as Transaction);
    }) as Firestore['runTransaction'],
  };
  return { db, calls: () => calls };
}

describe('runTransaction', () => {
  const waits: number[] = [];
  const wait = async (ms: number) => void waits.push(ms);

  it('runs a transaction the emulator closed under contention again, after a wait', async () => {
    const { db, calls } = database([closed, closed]);
    await expect(runTransaction(db, async () => 'claimed', wait)).resolves.toBe('claimed');
    expect(calls()).toBe(3);
    expect(waits.splice(0)).toHaveLength(2);
  });

  it('passes any other error on at once', async () => {
    const { db, calls } = database([otherInvalid]);
    await expect(runTransaction(db, async () => 'claimed', wait)).rejects.toBe(otherInvalid);
    expect(calls()).toBe(1);
  });

  it('gives up after its retries and passes the last answer on', async () => {
    const { db, calls } = database(
      Array.from({ length: CLOSED_TRANSACTION_RETRIES + 1 }, () => closed),
    );
    await expect(runTransaction(db, async () => 'claimed', wait)).rejects.toBe(closed);
    expect(calls()).toBe(CLOSED_TRANSACTION_RETRIES + 1);
  });
});
