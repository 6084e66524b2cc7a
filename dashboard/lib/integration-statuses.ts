import { useMemo } from 'react';
import { integrationStatusSchema, integrationTypes, llmIntegrationTypes, type IntegrationType, type LlmIntegrationType } from '@core/integrations';
import { parseKeyedDocs, useLiveUserCollection, type RawDoc } from './live-user-collection';
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
export function toKeyStatuses(docs: RawDoc[]): KeyStatuses {
  return parseKeyedDocs(docs, integrationTypes, integrationStatusSchema, (s) => ({ hint: s.hint, updatedAt: s.updatedAt.toDate() }));
}

/** The signed-in user's key statuses, live; `retry` subscribes again after a load failure. */
export function useKeyStatuses(): { state: QueryState<KeyStatuses>; retry: () => void } {
  return useLiveUserCollection('integrations', toKeyStatuses);
}

/** The LLM providers the user has a key for; null until known. */
export function useConfiguredLlms(): ReadonlySet<LlmIntegrationType> | null {
  const { state } = useKeyStatuses();
  const data = state.status === 'success' ? state.data : null;
  return useMemo(() => (data ? new Set(llmIntegrationTypes.filter((t) => data[t])) : null), [data]);
}
