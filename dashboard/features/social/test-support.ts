import { FirebaseError } from 'firebase/app';
import type { CallableErrorReason } from '@core/callables';
import type { RawDoc } from '@core/data/statuses';

// Shared by this feature's tests: Firestore-like documents and callable failures as the SDK throws them.

export const timestampOf = (iso: string) => ({ toDate: () => new Date(iso) });

export function postDoc(id: string, data: Record<string, unknown>): RawDoc {
  return { id, data: { platform: 'x', text: `Post ${id}`, createdAt: timestampOf('2026-11-23T10:00:00Z'), timeZone: 'Europe/Berlin', ...data } };
}

export function callableError(code: string, message: string, reason?: CallableErrorReason): FirebaseError {
  return Object.assign(new FirebaseError(`functions/${code}`, message), reason ? { details: { reason } } : {});
}
