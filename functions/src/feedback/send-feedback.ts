import type { Firestore } from 'firebase-admin/firestore';
import { FieldValue } from 'firebase-admin/firestore';
import { userCollectionPath } from '@core/firestore-paths';
import type { CallablePayload } from '@core/callables';

export interface SendFeedbackDeps {
  db: Firestore;
}

const MAX_USER_AGENT = 300;

/** Stores one feedback message for the caller. Validation failures throw before anything is written. */
export async function sendFeedback(
  uid: string,
  input: CallablePayload<'sendFeedback'>,
  userAgent: string | undefined,
  deps: SendFeedbackDeps,
): Promise<{ id: string }> {
  const ref = deps.db.collection(userCollectionPath(uid, 'feedback')).doc();
  await ref.set({
    text: input.text,
    page: input.page ?? null,
    userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT) : null,
    createdAt: FieldValue.serverTimestamp(),
  });
  return { id: ref.id };
}
