import { AI_TEXT_MODELS, DEFAULT_AI_TEXT_MODEL } from '@core/constants';
import { modelProvider, type AiTextModelId } from '@core/ai-text';
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

/** The LLM providers the user has a key for (null until known) and the model to offer first. */
export function useTextModels(db: Firestore, uid: string): { configured: ReadonlySet<LlmIntegrationType> | null; preferred: AiTextModelId } {
  const state = useLiveQuery(collection(db, userCollectionPath(uid, 'integrations')), rawDoc);
  const docs = state.status === 'success' ? state.data : null;
  return useMemo(() => {
    if (!docs) return { configured: null, preferred: DEFAULT_AI_TEXT_MODEL };
    const statuses = toKeyStatuses(docs);
    const configured = new Set(llmIntegrationTypes.filter((t) => statuses[t]));
    const preferred = configured.has(modelProvider(DEFAULT_AI_TEXT_MODEL)) ? DEFAULT_AI_TEXT_MODEL : (AI_TEXT_MODELS.find((m) => configured.has(m.provider))?.id ?? DEFAULT_AI_TEXT_MODEL);
    return { configured, preferred };
  }, [docs]);
}

const EMPTY: Draft[] = [];
