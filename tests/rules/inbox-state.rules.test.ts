import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  deleteDoc,
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markInboxRead } from '../../core/firebase/inbox';
import { inboxStatePath, readInboxState } from '../../core/inbox';
import { emulatorHost, projectId, readRules } from './emulators';

// users/{uid}/inbox/state: the inbox's read time that the dashboard, the side panel and the extension's badge
// share (core/inbox.ts). Only its owner writes it, only as the request's own time, so it only moves forward.

const earlier = Timestamp.fromDate(new Date('2026-01-01T00:00:00Z'));
const PATH = inboxStatePath('alice');

let env: RulesTestEnvironment;

beforeAll(async () => {
  setLogLevel('error'); // every denied write would otherwise log a stream warning
  const { host, port } = emulatorHost('FIRESTORE_EMULATOR_HOST', '127.0.0.1:18080');
  env = await initializeTestEnvironment({
    projectId,
    firestore: { host, port, rules: readRules('firestore.rules') },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled((context) =>
    setDoc(doc(context.firestore(), PATH), { readAt: earlier }),
  );
});

const as = (who: 'alice' | 'bob', verified = true) =>
  env.authenticatedContext(who, { email_verified: verified }).firestore() as unknown as Firestore;
async function stored(): Promise<DocumentData | undefined> {
  let data: DocumentData | undefined;
  await env.withSecurityRulesDisabled(async (context) => {
    data = (await getDoc(doc(context.firestore(), PATH))).data();
  });
  return data;
}

/** The owner's own mark goes through first: the refusals below are of this document's rules, not of a closed path. */
async function ownerMarks(): Promise<DocumentData | undefined> {
  await assertSucceeds(markInboxRead(as('alice'), 'alice', null));
  const data = await stored();
  expect(readInboxState('state', data)).toBeGreaterThan(earlier.toMillis());
  return data;
}

describe('the inbox read time', () => {
  it('the owner marks it read as the server time (markInboxRead), reads it back, and moves it forward again', async () => {
    const db = as('alice');
    const first = readInboxState('state', await ownerMarks());
    await assertSucceeds(getDoc(doc(db, PATH)));
    await assertSucceeds(updateDoc(doc(db, PATH), { readAt: serverTimestamp() }));
    expect(readInboxState('state', await stored())).toBeGreaterThanOrEqual(first!);
  });

  it('the owner marks what was on screen (seenAt, an event time before the mark), which is the read time from then on', async () => {
    const seen = Date.now() - 60_000;
    await assertSucceeds(markInboxRead(as('alice'), 'alice', seen));
    const data = await stored();
    expect(readInboxState('state', data)).toBe(seen);
    expect((data?.readAt as Timestamp).toMillis()).toBeGreaterThan(seen);
    // An event the functions stamped a moment ahead of Firestore's own clock still goes through.
    await assertSucceeds(markInboxRead(as('alice'), 'alice', Date.now() + 30_000));
  });

  it('the owner creates it on the first mark', async () => {
    await env.clearFirestore();
    await assertSucceeds(markInboxRead(as('alice'), 'alice', null));
    expect(readInboxState('state', await stored())).not.toBeNull();
  });

  it('nobody else reads or writes it, signed in or not, nor an unconfirmed owner', async () => {
    const before = await ownerMarks();
    const bob = as('bob');
    const anonymous = env.unauthenticatedContext().firestore() as unknown as Firestore;
    await assertFails(getDoc(doc(bob, PATH)));
    await assertFails(markInboxRead(bob, 'alice', null));
    await assertFails(getDoc(doc(anonymous, PATH)));
    await assertFails(setDoc(doc(anonymous, PATH), { readAt: serverTimestamp() }));
    await assertFails(markInboxRead(as('alice', false), 'alice', null));
    expect(await stored()).toEqual(before);
  });

  it.each<[string, string, DocumentData]>([
    [
      'a time of the client (moved back)',
      PATH,
      { readAt: Timestamp.fromDate(new Date('2025-01-01T00:00:00Z')) },
    ],
    [
      'a time of the client (far ahead, which would hide every failure to come)',
      PATH,
      { readAt: Timestamp.fromDate(new Date('2099-01-01T00:00:00Z')) },
    ],
    ['a number instead of a timestamp', PATH, { readAt: Date.now() }],
    ['a string', PATH, { readAt: 'now' }],
    ['no readAt', PATH, {}],
    ['another key beside it', PATH, { readAt: serverTimestamp(), unread: 0 }],
    [
      'a seen time far ahead (which would hide every failure to come)',
      PATH,
      { readAt: serverTimestamp(), seenAt: Timestamp.fromDate(new Date('2099-01-01T00:00:00Z')) },
    ],
    [
      'a seen time that is not a timestamp',
      PATH,
      { readAt: serverTimestamp(), seenAt: Date.now() },
    ],
    [
      'another document of the collection',
      'users/alice/inbox/other',
      { readAt: serverTimestamp() },
    ],
  ])('refuses %s', async (_title, path, data) => {
    const before = await ownerMarks();
    await assertFails(setDoc(doc(as('alice'), path), data));
    expect(await stored()).toEqual(before);
  });

  it('the owner cannot delete it', async () => {
    await ownerMarks();
    await assertFails(deleteDoc(doc(as('alice'), PATH)));
  });
});
