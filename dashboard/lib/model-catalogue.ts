import { useEffect, useState } from 'react';
import type { CatalogueProvider, ModelCatalogue } from '@core/ai-models';
import { call } from './call';

/**
 * The models (and ElevenLabs voices) the user's key for `provider` can use, from the listModels callable,
 * which caches them a day on the server; null until loaded, while disabled (no key) or when it failed (the
 * pickers then offer the defaults and the server still checks every call).
 */
export function useModelCatalogue(provider: CatalogueProvider, enabled: boolean): ModelCatalogue | null {
  const [loaded, setLoaded] = useState<ModelCatalogue | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    call('listModels', { provider }).then(
      (catalogue) => live && setLoaded(catalogue),
      () => live && setLoaded(null),
    );
    return () => {
      live = false;
    };
  }, [provider, enabled]);
  return enabled && loaded?.provider === provider ? loaded : null;
}
