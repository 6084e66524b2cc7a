import type { z } from 'zod';
import {
  integrationStatusSchema,
  integrationTypes,
  socialAccountStatusSchema,
  socialPlatforms,
  type IntegrationType,
  type SocialPlatform,
} from '../integrations';

// users/{uid}/integrations/{type} and users/{uid}/socialAccounts/{platform}: the status documents the
// callables write beside each sealed secret (core/integrations.ts). A client sees nothing else of a key.

export interface KeyStatus {
  /** Last 4 characters of the key, or '' for a very short key. */
  hint: string;
  updatedAt: Date;
}
export type KeyStatuses = Partial<Record<IntegrationType, KeyStatus>>;

export interface SocialAccountStatus {
  hints: Record<string, string>;
  values: Record<string, string>;
  connected: boolean;
  /** The platform refused the stored token at the last publish: reconnect in Integrations. */
  needsReconnect?: boolean;
  /** LinkedIn: the member the token posts as, as last seen (getPlatformProfile); null before that. */
  member?: { urn: string; name: string } | null;
  updatedAt: Date;
}
export type SocialAccountStatuses = Partial<Record<SocialPlatform, SocialAccountStatus>>;

export interface RawDoc {
  id: string;
  data: unknown;
}

/** Documents keyed by a known id: unknown ids and documents the schema refuses are skipped, so one bad document never hides the others. */
function keyed<K extends string, S extends z.ZodType, V>(
  docs: readonly RawDoc[],
  ids: readonly K[],
  schema: S,
  toValue: (parsed: z.output<S>) => V,
): Partial<Record<K, V>> {
  const out: Partial<Record<K, V>> = {};
  for (const { id, data } of docs) {
    if (!(ids as readonly string[]).includes(id)) continue;
    const parsed = schema.safeParse(data);
    if (parsed.success) out[id as K] = toValue(parsed.data);
  }
  return out;
}

export function toKeyStatuses(docs: readonly RawDoc[]): KeyStatuses {
  return keyed(docs, integrationTypes, integrationStatusSchema, (s) => ({
    hint: s.hint,
    updatedAt: s.updatedAt.toDate(),
  }));
}

export function toSocialAccountStatuses(docs: readonly RawDoc[]): SocialAccountStatuses {
  return keyed(docs, socialPlatforms, socialAccountStatusSchema, (s) => ({
    hints: s.hints,
    values: s.values,
    connected: s.connected,
    needsReconnect: s.needsReconnect ?? false,
    member: s.member ?? null,
    updatedAt: s.updatedAt.toDate(),
  }));
}
