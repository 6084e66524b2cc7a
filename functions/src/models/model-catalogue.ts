import { HttpsError } from 'firebase-functions/v2/https';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  DEFAULT_MODELS,
  MODEL_CATALOGUE_TTL_MS,
  type CatalogueEntry,
  type CatalogueProvider,
  type ModelCatalogue,
} from '@core/ai-models';
import { modelCatalogueCacheSchema } from '@core/data/server-docs';
import { modelCataloguePath } from '@core/firestore-paths';
import { integrationLabel } from '@core/integrations';
import { unreadableKeyMessage } from '../integrations/messages';
import { readIntegrationKey, type SecretStoreDeps } from '../integrations/secret-store';
import { reasonedError, withFallbackError } from '../lib/callable';
import type { Clock } from '../lib/clock';
import { adminConverter } from '../lib/converter';
import { log } from '../lib/log';
import type { ProviderFailure } from '../providers/provider-errors';
import type { CatalogueFetch } from './provider-catalogue';

// Each user's catalogue per provider, cached a day at modelCatalogues/{uid}/providers/{provider} (server only:
// the rules deny every client). A cache made with another key (saved since) is never served.

export type CatalogueFetcher = (
  provider: CatalogueProvider,
  apiKey: string,
) => Promise<CatalogueFetch>;

export interface CatalogueDeps {
  db: Firestore;
  clock: Clock;
  fetchCatalogue: CatalogueFetcher;
}

interface CacheDoc {
  models: CatalogueEntry[];
  voices?: CatalogueEntry[];
  fetchedAt: Timestamp;
  /** When the key this list was made with was saved (ms); 0 when unknown. */
  keySavedAt: number;
}

export type CatalogueRead =
  | { ok: true; catalogue: ModelCatalogue; cached: boolean }
  | { ok: false; failure: ProviderFailure; stale?: ModelCatalogue };

const cacheConverter = adminConverter(modelCatalogueCacheSchema);

function catalogueOf(
  provider: CatalogueProvider,
  doc: { models: CatalogueEntry[]; voices?: CatalogueEntry[]; fetchedAt: Date | null },
): ModelCatalogue {
  return {
    provider,
    models: doc.models,
    ...(doc.voices ? { voices: doc.voices } : {}),
    defaultModel: DEFAULT_MODELS[provider],
    fetchedAt: doc.fetchedAt?.getTime() ?? 0,
  };
}

/** The cached catalogue while it is younger than a day and made with the current key, else a fresh one (then cached). */
export async function cachedCatalogue(
  deps: CatalogueDeps,
  uid: string,
  provider: CatalogueProvider,
  key: { value: string; savedAt?: number },
): Promise<CatalogueRead> {
  const ref = deps.db.doc(modelCataloguePath(uid, provider));
  const cached = (await ref.withConverter(cacheConverter).get()).data();
  const now = deps.clock.now();
  const keySavedAt = key.savedAt ?? 0;
  const usable = cached && cached.keySavedAt === keySavedAt;
  if (
    usable &&
    cached.fetchedAt &&
    now.getTime() - cached.fetchedAt.getTime() < MODEL_CATALOGUE_TTL_MS
  )
    return { ok: true, catalogue: catalogueOf(provider, cached), cached: true };
  const fetched = await deps.fetchCatalogue(provider, key.value);
  if (!fetched.ok)
    return {
      ok: false,
      failure: fetched.failure,
      ...(usable ? { stale: catalogueOf(provider, cached) } : {}),
    };
  const doc: CacheDoc = {
    models: fetched.models,
    ...(fetched.voices ? { voices: fetched.voices } : {}),
    fetchedAt: Timestamp.fromDate(now),
    keySavedAt,
  };
  await ref.set(doc);
  return { ok: true, catalogue: catalogueOf(provider, { ...doc, fetchedAt: now }), cached: false };
}

/**
 * The catalogue a call checks its model against: null when it cannot be had right now, so the call goes
 * ahead with the model as chosen (the provider's own answer then decides).
 */
export async function offeredCatalogue(
  deps: CatalogueDeps,
  uid: string,
  provider: CatalogueProvider,
  key: { value: string; savedAt?: number },
): Promise<ModelCatalogue | null> {
  try {
    const read = await cachedCatalogue(deps, uid, provider, key);
    if (read.ok) return read.catalogue;
    log.warn('Model catalogue unavailable', {
      uid,
      provider,
      reason: read.failure.reason,
      providerStatus: read.failure.status,
    });
    return read.stale ?? null;
  } catch (error) {
    log.warn('Model catalogue unavailable', {
      uid,
      provider,
      error: error instanceof Error ? error.name : 'unknown',
    });
    return null;
  }
}

export interface ListModelsDeps extends CatalogueDeps, Pick<SecretStoreDeps, 'keyring'> {}

/** The listModels callable: what the user's key for `provider` can use, for the pickers. */
export async function listModels(
  uid: string,
  provider: CatalogueProvider,
  deps: ListModelsDeps,
): Promise<ModelCatalogue> {
  const label = integrationLabel(provider);
  return withFallbackError(`Failed to list ${label} models`, { uid, provider }, async () => {
    const key = await readIntegrationKey(deps, uid, provider);
    if (!key.found)
      throw reasonedError(
        'failed-precondition',
        `Add your ${label} API key in Integrations to see its models.`,
        { reason: 'missing-key', provider },
      );
    if (!key.readable)
      throw reasonedError('failed-precondition', unreadableKeyMessage(provider), {
        reason: 'invalid-key',
        provider,
      });
    const read = await cachedCatalogue(deps, uid, provider, key);
    if (read.ok) return read.catalogue;
    if (read.failure.reason === 'invalid_key')
      throw reasonedError(
        'failed-precondition',
        `Your ${label} API key is invalid. Update it in Integrations.`,
        { reason: 'invalid-key', provider },
      );
    if (read.stale) return read.stale;
    if (read.failure.reason === 'rate_limited')
      throw reasonedError(
        'resource-exhausted',
        `${label} is busy right now (rate limited). Please try again in a minute.`,
        { reason: 'rate-limited', provider },
      );
    throw new HttpsError(
      'unavailable',
      `${label} did not list its models right now. Please try again later.`,
    );
  });
}
