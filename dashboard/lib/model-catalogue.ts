import { useQuery } from '@tanstack/react-query';
import type { CatalogueProvider, ModelCatalogue } from '@core/ai-models';
import { callableReads } from '@core/react/query-client';
import { call } from './call';

/**
 * The models (and ElevenLabs voices) the user's key for `provider` can use, from the listModels callable,
 * which caches them a day on the server; null until loaded, while disabled (no key) or when it failed (the
 * pickers then offer the defaults and the server still checks every call). Pickers shown together share one
 * request (core/react/query-client.ts); each new screen asks again, since a key saved meanwhile may reach
 * other models, and shows the last answer until the new one arrives.
 */
export function useModelCatalogue(
  provider: CatalogueProvider,
  enabled: boolean,
): ModelCatalogue | null {
  const query = useQuery(
    {
      queryKey: ['listModels', provider],
      queryFn: () => call('listModels', { provider }),
      enabled,
    },
    callableReads,
  );
  return enabled && query.data?.provider === provider && !query.isError ? query.data : null;
}
