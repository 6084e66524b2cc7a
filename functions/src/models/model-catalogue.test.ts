import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { MODEL_CATALOGUE_TTL_MS } from '@core/ai-models';
import { transportFailure } from '../providers/provider-errors';
import { cachedCatalogue, offeredCatalogue, type CatalogueFetcher } from './model-catalogue';
import type { CatalogueFetch } from './provider-catalogue';

// The per-user cache in front of the providers' models endpoints, with an injected clock and a map for Firestore.

function memoryDb() {
  const docs = new Map<string, unknown>();
  type Converter = { fromFirestore(snapshot: { data(): unknown }): unknown };
  // A reference as the Admin SDK's: withConverter() reads through the converter.
  const refTo = (path: string, converter?: Converter): object => ({
    get: async () => ({
      data: () =>
        docs.get(path) === undefined || !converter
          ? docs.get(path)
          : converter.fromFirestore({ data: () => docs.get(path) }),
    }),
    set: async (data: unknown) => void docs.set(path, data),
    withConverter: (c: Converter) => refTo(path, c),
  });
  const db = { doc: (path: string) => refTo(path) };
  return { db: db as unknown as Firestore, docs };
}

function setup(answers: CatalogueFetch[]) {
  const { db, docs } = memoryDb();
  let now = Date.parse('2026-11-23T10:00:00Z');
  const asked: string[] = [];
  const fetchCatalogue: CatalogueFetcher = async (provider) => {
    asked.push(provider);
    return answers.shift() ?? { ok: false, failure: transportFailure('network') };
  };
  return {
    deps: { db, clock: { now: () => new Date(now) }, fetchCatalogue },
    docs,
    asked,
    advance: (ms: number) => (now += ms),
  };
}

const listed = (...ids: string[]): CatalogueFetch => ({
  ok: true,
  models: ids.map((id) => ({ id, label: id })),
});
const key = { value: 'sk-live', savedAt: 1000 };

describe('a user’s model catalogue', () => {
  it('asks the provider once, then serves the cached list for a day', async () => {
    const { deps, docs, asked, advance } = setup([listed('gpt-5.4-mini'), listed('gpt-5.4')]);
    expect(await cachedCatalogue(deps, 'u1', 'openai', key)).toMatchObject({
      ok: true,
      cached: false,
      catalogue: {
        provider: 'openai',
        models: [{ id: 'gpt-5.4-mini' }],
        defaultModel: 'gpt-5.4-mini',
      },
    });
    expect([...docs.keys()]).toEqual(['modelCatalogues/u1/providers/openai']);
    advance(MODEL_CATALOGUE_TTL_MS - 1);
    expect(await cachedCatalogue(deps, 'u1', 'openai', key)).toMatchObject({
      ok: true,
      cached: true,
      catalogue: { models: [{ id: 'gpt-5.4-mini' }] },
    });
    expect(asked).toEqual(['openai']);
    advance(1);
    expect(await cachedCatalogue(deps, 'u1', 'openai', key)).toMatchObject({
      ok: true,
      cached: false,
      catalogue: { models: [{ id: 'gpt-5.4' }] },
    });
    expect(asked).toEqual(['openai', 'openai']);
  });

  it('asks again as soon as the key is replaced', async () => {
    const { deps, asked } = setup([listed('gpt-5.4-mini'), listed('gpt-5.4')]);
    await cachedCatalogue(deps, 'u1', 'openai', key);
    expect(
      await cachedCatalogue(deps, 'u1', 'openai', { value: 'sk-other', savedAt: 2000 }),
    ).toMatchObject({ ok: true, cached: false, catalogue: { models: [{ id: 'gpt-5.4' }] } });
    expect(asked).toHaveLength(2);
  });

  it('keeps users apart', async () => {
    const { deps, asked } = setup([listed('gpt-5.4-mini'), listed('gpt-5.4')]);
    await cachedCatalogue(deps, 'u1', 'openai', key);
    expect(await cachedCatalogue(deps, 'u2', 'openai', key)).toMatchObject({
      catalogue: { models: [{ id: 'gpt-5.4' }] },
    });
    expect(asked).toHaveLength(2);
  });

  it('falls back to the stale list, or to none, when the provider cannot answer, so a call is never refused for it', async () => {
    const { deps, advance } = setup([listed('gpt-5.4-mini')]);
    expect(await offeredCatalogue(deps, 'u1', 'openai', key)).toMatchObject({
      models: [{ id: 'gpt-5.4-mini' }],
    });
    advance(MODEL_CATALOGUE_TTL_MS);
    expect(await offeredCatalogue(deps, 'u1', 'openai', key)).toMatchObject({
      models: [{ id: 'gpt-5.4-mini' }],
    });
    expect(await offeredCatalogue(deps, 'u2', 'openai', key)).toBeNull();
  });
});
