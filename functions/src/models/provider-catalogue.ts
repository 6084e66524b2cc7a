import {
  CATALOGUE_MAX_ENTRIES,
  isTextModel,
  MODEL_ID_PATTERN,
  type CatalogueEntry,
  type CatalogueProvider,
} from '@core/ai-models';
import type { ProviderId } from '@core/providers';
import { retrying, type Attempt, type RetryDeps } from '../lib/retry';
import {
  classifyHttpFailure,
  transportFailure,
  type ProviderFailure,
} from '../providers/provider-errors';
import { ANTHROPIC_VERSION } from '../integrations/test-integration-key/key-checks';
import { jsonObject, type JsonObject } from '@core/json';

// Reads what a key can use from each provider's models endpoint, filtered to the kinds our calls use:
// OpenAI GET /v1/models, Anthropic GET /v1/models, Gemini GET /v1beta/models (models.list), ElevenLabs
// GET /v1/models (text-to-speech models) and GET /v1/voices.

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const list = (v: unknown): JsonObject[] =>
  Array.isArray(v) ? v.map(jsonObject).filter((x): x is JsonObject => x !== undefined) : [];

export interface CatalogueFetchDeps {
  fetch: typeof fetch;
  baseUrls: Record<ProviderId, string>;
  timeoutMs: number;
  retry: RetryDeps;
}

export type CatalogueFetch =
  | { ok: true; models: CatalogueEntry[]; voices?: CatalogueEntry[] }
  | { ok: false; failure: ProviderFailure };

interface Endpoint {
  path: string;
  headers: (apiKey: string) => Record<string, string>;
  /** One page's models or voices; entries() keeps the valid ones once every page is read. */
  read: (body: unknown) => Array<CatalogueEntry | undefined>;
  /** The next page's path when the answer says there is one (Anthropic and Gemini page their lists). */
  next?: (body: unknown) => string | undefined;
}

/** Pages read at most per list, so a provider that keeps answering "more" cannot hold a call forever. */
const MAX_PAGES = 20;

const label = (id: string, name: unknown) => {
  const text = str(name)?.trim();
  return text ? text.slice(0, 80) : id;
};

function entries(items: Array<CatalogueEntry | undefined>): CatalogueEntry[] {
  const seen = new Set<string>();
  const out: CatalogueEntry[] = [];
  for (const item of items) {
    if (!item || !MODEL_ID_PATTERN.test(item.id) || seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out.sort((a, b) => a.label.localeCompare(b.label)).slice(0, CATALOGUE_MAX_ENTRIES);
}

const endpoints: Record<CatalogueProvider, Endpoint[]> = {
  // {object: 'list', data: [{id, object: 'model', created, owned_by}]}
  openai: [
    {
      path: '/v1/models',
      headers: (k) => ({ authorization: `Bearer ${k}` }),
      read: (b) =>
        list(jsonObject(b)?.data).map((m) =>
          str(m.id) && isTextModel('openai', str(m.id)!)
            ? { id: str(m.id)!, label: str(m.id)! }
            : undefined,
        ),
    },
  ],
  // {data: [{type: 'model', id, display_name, created_at, ...}], has_more, first_id, last_id}; limit up to 1000,
  // the next page from after_id = last_id while has_more.
  anthropic: [
    {
      path: '/v1/models?limit=1000',
      headers: (k) => ({ 'x-api-key': k, 'anthropic-version': ANTHROPIC_VERSION }),
      read: (b) =>
        list(jsonObject(b)?.data).map((m) =>
          str(m.id) && isTextModel('anthropic', str(m.id)!)
            ? { id: str(m.id)!, label: label(str(m.id)!, m.display_name) }
            : undefined,
        ),
      next: (b) => {
        const lastId = str(jsonObject(b)?.last_id);
        return jsonObject(b)?.has_more === true && lastId
          ? `/v1/models?limit=1000&after_id=${encodeURIComponent(lastId)}`
          : undefined;
      },
    },
  ],
  // {models: [{name: 'models/gemini-2.5-flash', displayName, supportedGenerationMethods}], nextPageToken}; pageSize up
  // to 1000, the next page from pageToken = nextPageToken.
  gemini: [
    {
      path: '/v1beta/models?pageSize=1000',
      headers: (k) => ({ 'x-goog-api-key': k }),
      read: (b) =>
        list(jsonObject(b)?.models).map((m) => {
          const id = str(m.name)?.replace(/^models\//, '');
          const methods = Array.isArray(m.supportedGenerationMethods)
            ? m.supportedGenerationMethods.filter((x): x is string => typeof x === 'string')
            : [];
          return id && isTextModel('gemini', id, methods)
            ? { id, label: label(id, m.displayName) }
            : undefined;
        }),
      next: (b) => {
        const token = str(jsonObject(b)?.nextPageToken);
        return token
          ? `/v1beta/models?pageSize=1000&pageToken=${encodeURIComponent(token)}`
          : undefined;
      },
    },
  ],
  // Models: [{model_id, name, can_do_text_to_speech, ...}]; voices: {voices: [{voice_id, name, category}]}.
  elevenlabs: [
    {
      path: '/v1/models',
      headers: (k) => ({ 'xi-api-key': k }),
      read: (b) =>
        list(b).map((m) =>
          str(m.model_id) && m.can_do_text_to_speech === true
            ? { id: str(m.model_id)!, label: label(str(m.model_id)!, m.name) }
            : undefined,
        ),
    },
    {
      path: '/v1/voices',
      headers: (k) => ({ 'xi-api-key': k }),
      read: (b) =>
        list(jsonObject(b)?.voices).map((v) =>
          str(v.voice_id)
            ? { id: str(v.voice_id)!, label: label(str(v.voice_id)!, v.name) }
            : undefined,
        ),
    },
  ],
};

/** One page of a list, retried on 429 and 5xx. */
async function getPage(
  provider: CatalogueProvider,
  endpoint: Endpoint,
  path: string,
  apiKey: string,
  deps: CatalogueFetchDeps,
) {
  const url = `${deps.baseUrls[provider]}${path}`;
  return retrying(async (): Promise<Attempt<unknown, ProviderFailure>> => {
    let response: Response;
    try {
      response = await deps.fetch(url, {
        headers: { accept: 'application/json', ...endpoint.headers(apiKey) },
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
    } catch (error) {
      return {
        ok: false,
        error: transportFailure(
          error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network',
        ),
        retryable: false,
      };
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok)
      return body === undefined
        ? { ok: false, error: transportFailure('malformed'), retryable: false }
        : { ok: true, value: body };
    const failure = classifyHttpFailure(provider, response.status, body, response.headers);
    return {
      ok: false,
      error: failure,
      retryable: failure.retryable,
      retryAfterMs: failure.retryAfterMs,
    };
  }, deps.retry);
}

/** Every page of a list, followed as the provider pages it. */
async function getList(
  provider: CatalogueProvider,
  endpoint: Endpoint,
  apiKey: string,
  deps: CatalogueFetchDeps,
): Promise<{ ok: true; value: CatalogueEntry[] } | { ok: false; error: ProviderFailure }> {
  const items: Array<CatalogueEntry | undefined> = [];
  let path: string | undefined = endpoint.path;
  for (let page = 0; path !== undefined && page < MAX_PAGES; page += 1) {
    const answer = await getPage(provider, endpoint, path, apiKey, deps);
    if (!answer.ok) return { ok: false, error: answer.error };
    items.push(...endpoint.read(answer.value));
    const next = endpoint.next?.(answer.value);
    path = next === path ? undefined : next;
  }
  return { ok: true, value: entries(items) };
}

/** Asks the provider what the key can use; nothing is cached here (./model-catalogue.ts caches). */
export async function fetchProviderCatalogue(
  provider: CatalogueProvider,
  apiKey: string,
  deps: CatalogueFetchDeps,
): Promise<CatalogueFetch> {
  const [models, voices] = endpoints[provider];
  const listed = await getList(provider, models!, apiKey, deps);
  if (!listed.ok) return { ok: false, failure: listed.error };
  if (!voices) return { ok: true, models: listed.value };
  const voiceList = await getList(provider, voices, apiKey, deps);
  if (!voiceList.ok) return { ok: false, failure: voiceList.error };
  return { ok: true, models: listed.value, voices: voiceList.value };
}
