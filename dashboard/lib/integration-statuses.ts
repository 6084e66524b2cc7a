import { useMemo } from 'react';
import { toKeyStatuses, type KeyStatus, type KeyStatuses } from '@core/data/statuses';
import { llmIntegrationTypes, type LlmIntegrationType } from '@core/integrations';
import type { QueryState } from '@core/react/use-live';
import { useUserCollection } from './live';

// The status documents users/{uid}/integrations/{type} ({configured, hint, updatedAt}): all a client ever
// sees of a provider key. Shared because the Integrations page and every AI helper (which model can run) read them.

export type { KeyStatus, KeyStatuses };

/** The signed-in user's key statuses, live; `retry` subscribes again after a load failure. */
export function useKeyStatuses(): { state: QueryState<KeyStatuses>; retry: () => void } {
  return useUserCollection('integrations', toKeyStatuses);
}

/** The LLM providers the user has a key for; null until known. */
export function useConfiguredLlms(): ReadonlySet<LlmIntegrationType> | null {
  const { state } = useKeyStatuses();
  const data = state.status === 'success' ? state.data : null;
  return useMemo(() => (data ? new Set(llmIntegrationTypes.filter((t) => data[t])) : null), [data]);
}
