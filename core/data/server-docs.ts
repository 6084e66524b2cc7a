import { z } from 'zod';
import { count, lenientArray, optionalText, text, timestamp } from './fields';

// Documents only functions read and write (firestore.rules closes them to every client), each read through its
// schema as clients read theirs: lenient, a missing or odd field falls back (functions/src/lib/converter.ts).

/** signInCodes/{sha256(code)}: whose one-time sign-in code it is and until when it may be redeemed. */
export const signInCodeSchema = z.object({
  uid: optionalText(),
  createdAt: timestamp(),
  expiresAt: timestamp(),
});

/** oauthNonces/{sha256(state)}: an OAuth state bound to its user, platform, redirect URI and PKCE verifier. */
export const oauthNonceSchema = z.object({
  uid: text(),
  /** As stored: compared with the platform the callback names. */
  platform: text(),
  redirectUri: text(),
  codeVerifier: optionalText(),
  createdAt: timestamp(),
  expiresAt: timestamp(),
  usedAt: timestamp(),
});
export type OAuthNonce = z.output<typeof oauthNonceSchema>;

/**
 * rateLimits/{uid}/limits/{name}: a fixed-window counter (window start in ms since the epoch). `expiresAt` is
 * the window's end, after which the counter counts nothing: the TTL policy on `limits.expiresAt`
 * (firestore.indexes.json) deletes it, so counters of signed-out callers (keyed by address) do not pile up.
 */
export const rateLimitCounterSchema = z.object({
  windowStart: count(0),
  count: count(0),
  expiresAt: timestamp(),
});
/** The counter as written: whole, both figures whole numbers, the expiry a Date (a Firestore timestamp). */
export const rateLimitCounterWrite = z.strictObject({
  windowStart: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
  expiresAt: z.date(),
});

/** secrets/{uid}/refreshLeases/{platform}: who refreshes a platform's token now, until when (ms). */
export const refreshLeaseSchema = z.object({ holder: text(), until: count(0) });
export const refreshLeaseWrite = z.strictObject({
  holder: z.string().min(1),
  until: z.number().int().positive(),
});

/**
 * secrets/{uid}/... : a sealed secret (functions/src/lib/crypto.ts) and when it was saved. A field that is not
 * text is read as missing: opening the value then says it cannot be trusted.
 */
const sealedPart = () => z.string().optional().catch(undefined);
export const sealedSecretSchema = z.object({
  keyId: sealedPart(),
  iv: sealedPart(),
  tag: sealedPart(),
  ciphertext: sealedPart(),
  updatedAt: timestamp(),
});

/** One model or voice of a provider's catalogue, as cached. */
const catalogueEntrySchema = z.looseObject({ id: z.string(), label: text() });
/** modelCatalogues/{uid}/providers/{provider} (server only): a provider's list of models, cached for a day. */
export const modelCatalogueCacheSchema = z.object({
  models: lenientArray(catalogueEntrySchema),
  /** ElevenLabs only: the voices the key can use. */
  voices: z
    .array(z.unknown())
    .optional()
    .catch(undefined)
    .transform((voices) => voices && lenientArray(catalogueEntrySchema).parse(voices)),
  fetchedAt: timestamp(),
  /** When the key this list was made with was saved (ms); 0 when unknown. */
  keySavedAt: count(0),
});
