import { DEFAULT_MODEL_LABELS, DEFAULT_MODELS } from '@core/ai-models';
import type { AiTextModelId } from '@core/ai-text';
import { toDraft, type Draft } from '@core/data/draft';
import { toKeyStatuses, type RawDoc } from '@core/data/statuses';
import { userCollectionPath } from '@core/firestore-paths';
import { llmIntegrationTypes, type LlmIntegrationType } from '@core/integrations';
import { useLiveQuery } from '@core/react/use-live';
import { collection, limit, orderBy, query, type Firestore } from 'firebase/firestore';
import { useMemo } from 'react';

/** How many recent drafts the panel offers to open. */
export const PANEL_DRAFTS = 10;

/** The user's newest drafts, live. */
export function useRecentDrafts(db: Firestore, uid: string): Draft[] {
  const state = useLiveQuery(query(collection(db, userCollectionPath(uid, 'drafts')), orderBy('updatedAt', 'desc'), limit(PANEL_DRAFTS)), toDraft);
  return state.status === 'success' ? state.data : EMPTY;
}

const rawDoc = (id: string, data: unknown): RawDoc => ({ id, data });

/**
 * The models the panel offers: each LLM provider's current default (core/ai-models.ts). generateText
 * swaps a model the user's key no longer lists for that default, so these never fail for being retired.
 */
export const PANEL_TEXT_MODELS = llmIntegrationTypes.map((provider) => ({ id: DEFAULT_MODELS[provider], label: DEFAULT_MODEL_LABELS[provider], provider }));

/** The LLM providers the user has a key for (null until known) and the model to offer first. */
export function useTextModels(db: Firestore, uid: string): { configured: ReadonlySet<LlmIntegrationType> | null; preferred: AiTextModelId } {
  const state = useLiveQuery(collection(db, userCollectionPath(uid, 'integrations')), rawDoc);
  const docs = state.status === 'success' ? state.data : null;
  return useMemo(() => {
    if (!docs) return { configured: null, preferred: DEFAULT_MODELS.openai };
    const statuses = toKeyStatuses(docs);
    const configured = new Set(llmIntegrationTypes.filter((t) => statuses[t]));
    const preferred: AiTextModelId = PANEL_TEXT_MODELS.find((m) => configured.has(m.provider))?.id ?? DEFAULT_MODELS.openai;
    return { configured, preferred };
  }, [docs]);
}

const EMPTY: Draft[] = [];
