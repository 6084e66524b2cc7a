import { getDb } from '../lib/admin';
import { systemClock } from '../lib/clock';
import { providerBaseUrls, providerRetry } from '../integrations/deps';
import type { CatalogueDeps } from './model-catalogue';
import { fetchProviderCatalogue } from './provider-catalogue';

const CATALOGUE_TIMEOUT_MS = 10_000;

/** The real catalogue dependencies, built per request (nothing at import time). */
export function catalogueDeps(): CatalogueDeps {
  const settings = {
    fetch: globalThis.fetch,
    baseUrls: providerBaseUrls(),
    timeoutMs: CATALOGUE_TIMEOUT_MS,
    retry: providerRetry(),
  };
  return {
    db: getDb(),
    clock: systemClock,
    fetchCatalogue: (provider, apiKey) => fetchProviderCatalogue(provider, apiKey, settings),
  };
}
