import { collection, onSnapshot, type DocumentData, type Firestore } from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { userCollectionPath } from '@core/firestore-paths';
import { integrationStatusSchema, integrationTypes, llmIntegrationTypes, type IntegrationType, type LlmIntegrationType } from '@core/integrations';
import { useAuth } from './auth';
import { getFirebase } from './firebase';
import type { QueryState } from './query-state';

// The status documents users/{uid}/integrations/{type} ({configured, hint, updatedAt}): all a client ever
// sees of a provider key. Shared because the Integrations page and every AI helper (which model can run) read them.

export interface KeyStatus {
  /** Last 4 characters of the key, or '' for a very short key. */
  hint: string;
  updatedAt: Date;
}

export type KeyStatuses = Partial<Record<IntegrationType, KeyStatus>>;

/** Reads the collection leniently: unknown types and malformed documents are skipped. */
export function toKeyStatuses(docs: { id: string; data: DocumentData }[]): KeyStatuses {
  const out: KeyStatuses = {};
  for (const { id, data } of docs) {
    if (!(integrationTypes as readonly string[]).includes(id)) continue;
    const parsed = integrationStatusSchema.safeParse(data);
    if (parsed.success) out[id as IntegrationType] = { hint: parsed.data.hint, updatedAt: parsed.data.updatedAt.toDate() };
  }
  return out;
}

export function subscribeToKeyStatuses(db: Firestore, uid: string, onData: (statuses: KeyStatuses) => void, onError: (error: Error) => void): () => void {
  return onSnapshot(
    collection(db, userCollectionPath(uid, 'integrations')),
    (snap) => onData(toKeyStatuses(snap.docs.map((d) => ({ id: d.id, data: d.data({ serverTimestamps: 'estimate' }) })))),
    onError,
  );
}

/** The signed-in user's key statuses, live; `retry` subscribes again after a load failure. */
export function useKeyStatuses(): { state: QueryState<KeyStatuses>; retry: () => void } {
  const { user } = useAuth();
  const uid = user?.uid;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<QueryState<KeyStatuses>>({ status: 'loading' });

  useEffect(() => {
    if (!uid) return;
    setState({ status: 'loading' });
    return subscribeToKeyStatuses(
      getFirebase().db,
      uid,
      (data) => setState({ status: 'success', data }),
      (error) => setState({ status: 'error', error }),
    );
  }, [uid, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}

/** The LLM providers the user has a key for; null until known. */
export function useConfiguredLlms(): ReadonlySet<LlmIntegrationType> | null {
  const { state } = useKeyStatuses();
  const data = state.status === 'success' ? state.data : null;
  return useMemo(() => (data ? new Set(llmIntegrationTypes.filter((t) => data[t])) : null), [data]);
}
