import { DEFAULT_MODEL_LABELS, DEFAULT_MODELS } from '@core/ai-models';
import type { AiTextModelId } from '@core/ai-text';
import { toDraft, type Draft } from '@core/data/draft';
import { toGeneration, type Generation } from '@core/data/generation';
import { draftMediaQuery } from '@core/firebase/drafts';
import { toProfile } from '@core/data/profile';
import { toKeyStatuses, type RawDoc } from '@core/data/statuses';
import { userCollectionPath, userDocPath } from '@core/firestore-paths';
import {
  llmIntegrationTypes,
  type LlmIntegrationType,
  type SocialPlatform,
} from '@core/integrations';
import { useLiveDoc, useLiveQuery } from '@core/react/use-live';
import { userTimeZone } from '@core/schedule';
import { toSocialConnections, type SocialConnection } from '@core/social-connections';
import { collection, doc, limit, orderBy, query, type Firestore } from 'firebase/firestore';
import { useMemo } from 'react';

/** How many recent drafts the panel offers to open. */
export const PANEL_DRAFTS = 10;

/** The user's newest drafts, live. */
export function useRecentDrafts(db: Firestore, uid: string): Draft[] {
  const state = useLiveQuery(
    query(
      collection(db, userCollectionPath(uid, 'drafts')),
      orderBy('updatedAt', 'desc'),
      limit(PANEL_DRAFTS),
    ),
    toDraft,
  );
  return state.status === 'success' ? state.data : EMPTY;
}

/**
 * The library records of drafts' media ids, live; undefined while they load. Everything the panel shows or
 * checks about a draft's media comes from these records (written by functions), never from the draft.
 */
export function useDraftMediaRecords(
  db: Firestore,
  uid: string,
  ids: readonly string[],
): Generation[] | undefined {
  const state = useLiveQuery(draftMediaQuery(db, uid, ids), toGeneration);
  return state.status === 'success'
    ? state.data
    : state.status === 'error'
      ? NO_RECORDS
      : undefined;
}

const NO_RECORDS: Generation[] = [];

const rawDoc = (id: string, data: unknown): RawDoc => ({ id, data });

/**
 * The models the panel offers: each LLM provider's current default (core/ai-models.ts). generateText
 * swaps a model the user's key no longer lists for that default, so these never fail for being retired.
 */
export const PANEL_TEXT_MODELS = llmIntegrationTypes.map((provider) => ({
  id: DEFAULT_MODELS[provider],
  label: DEFAULT_MODEL_LABELS[provider],
  provider,
}));

/** The LLM providers the user has a key for (null until known) and the model to offer first. */
export function useTextModels(
  db: Firestore,
  uid: string,
): { configured: ReadonlySet<LlmIntegrationType> | null; preferred: AiTextModelId } {
  const state = useLiveQuery(collection(db, userCollectionPath(uid, 'integrations')), rawDoc);
  const docs = state.status === 'success' ? state.data : null;
  return useMemo(() => {
    if (!docs) return { configured: null, preferred: DEFAULT_MODELS.openai };
    const statuses = toKeyStatuses(docs);
    const configured = new Set(llmIntegrationTypes.filter((t) => statuses[t]));
    const preferred: AiTextModelId =
      PANEL_TEXT_MODELS.find((m) => configured.has(m.provider))?.id ?? DEFAULT_MODELS.openai;
    return { configured, preferred };
  }, [docs]);
}

/** Each channel's connection state (users/{uid}/socialAccounts, core/social-connections.ts), live; null until known. */
export function useChannelConnections(
  db: Firestore,
  uid: string,
): Record<SocialPlatform, SocialConnection> | null {
  const state = useLiveQuery(collection(db, userCollectionPath(uid, 'socialAccounts')), rawDoc);
  const docs = state.status === 'success' ? state.data : null;
  return useMemo(() => (docs ? toSocialConnections(docs, new Date()) : null), [docs]);
}

const readProfile = (_id: string, data: unknown) => toProfile(data);

/**
 * The workspace's time zone (users/{uid}.scheduling.timeZone, set in the dashboard's Settings), else the
 * browser's: the zone the panel reads and shows schedule times in, as every dashboard schedule field does.
 */
export function useWorkspaceTimeZone(db: Firestore, uid: string): string {
  const profile = useLiveDoc(doc(db, userDocPath(uid)), readProfile);
  const browser = useMemo(userTimeZone, []);
  return (profile.status === 'success' ? profile.data?.scheduling.timeZone : null) ?? browser;
}

const EMPTY: Draft[] = [];
