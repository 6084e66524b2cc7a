import { z } from 'zod';
import { platformAccountLabels } from './platforms/facts';
import { providers, type ProviderId } from './providers';

// Integrations: the user's own provider
// keys and social credentials. Clients only ever write them through callables and only ever read the
// status documents described at the end of this file.

export const generationIntegrationTypes = ['blackforest', 'lumaai', 'elevenlabs'] as const;
export const llmIntegrationTypes = ['openai', 'anthropic', 'gemini'] as const;
export const integrationTypes = [...generationIntegrationTypes, ...llmIntegrationTypes] as const;
export type GenerationIntegrationType = (typeof generationIntegrationTypes)[number];
export type LlmIntegrationType = (typeof llmIntegrationTypes)[number];
export type IntegrationType = (typeof integrationTypes)[number];

/** The provider (core/providers.ts: base URL, env name, label) behind each integration card. */
export const integrationProvider = {
  blackforest: 'bfl',
  lumaai: 'luma',
  elevenlabs: 'elevenlabs',
  openai: 'openai',
  anthropic: 'anthropic',
  gemini: 'gemini',
} as const satisfies Record<IntegrationType, ProviderId>;

/** The name users know the provider by, used in every message about its key. */
export function integrationLabel(type: IntegrationType): string {
  return providers[integrationProvider[type]].label;
}

export const socialPlatforms = ['x', 'linkedin', 'youtube', 'reddit'] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];

/** Platform names as the messages use them ('Failed to save Twitter credentials'). */
export const socialPlatformLabels = platformAccountLabels satisfies Record<SocialPlatform, string>;

export interface CredentialField {
  label: string;
  /** Secret fields are stored encrypted and shown only as a 4-character hint; the others are shown in full. */
  secret: boolean;
  /** Needed the first time a platform is saved; later saves may leave it blank to keep the stored value. */
  required: boolean;
  maxLength: number;
  /** User agents are free text; keys, ids and tokens never contain spaces. */
  allowSpaces?: boolean;
  /** A format the platform requires, checked when saved. */
  format?: { pattern: RegExp; message: string };
}

export const KEY_MAX_CHARS = 512;
export const TOKEN_MAX_CHARS = 2048;

const key = (label: string, secret: boolean, required = true): CredentialField => ({
  label,
  secret,
  required,
  maxLength: KEY_MAX_CHARS,
});
const token = (label: string, required: boolean): CredentialField => ({
  label,
  secret: true,
  required,
  maxLength: TOKEN_MAX_CHARS,
});

/**
 * Reddit's required User-Agent: `<platform>:<app ID>:<version string> (by /u/<reddit username>)`.
 * Generic agents are throttled hard, so saving refuses anything else.
 */
export const REDDIT_USER_AGENT =
  /^[A-Za-z0-9._-]+:[A-Za-z0-9._-]+:[A-Za-z0-9._-]+ \(by \/?u\/[A-Za-z0-9_-]{3,20}\)$/;
export const redditUserAgentMessage =
  'User Agent must look like platform:app-id:version (by /u/username), e.g. web:muse-studio:1.0 (by /u/yourname)';

/** The credential forms. Access and refresh tokens of YouTube and Reddit arrive through Connect. */
export const socialCredentialFields = {
  x: {
    consumerKey: key('Consumer Key', true),
    consumerSecret: key('Consumer Secret', true),
    accessToken: token('Access Token', true),
    accessTokenSecret: token('Access Token Secret', true),
  },
  linkedin: {
    clientId: key('Client ID', false, false),
    clientSecret: key('Client Secret', true, false),
    accessToken: token('Access Token', true),
    refreshToken: token('Refresh Token', false),
  },
  youtube: {
    clientId: key('Client ID', false),
    clientSecret: key('Client Secret', true),
    channelId: { label: 'Channel ID', secret: false, required: false, maxLength: 128 },
  },
  reddit: {
    clientId: key('Client ID', false),
    clientSecret: key('Client Secret', true),
    userAgent: {
      label: 'User Agent',
      secret: false,
      required: true,
      maxLength: 256,
      allowSpaces: true,
      format: { pattern: REDDIT_USER_AGENT, message: redditUserAgentMessage },
    },
  },
} as const satisfies Record<SocialPlatform, Record<string, CredentialField>>;

export type SocialCredentialField<P extends SocialPlatform> =
  keyof (typeof socialCredentialFields)[P] & string;
export type SocialCredentials<P extends SocialPlatform = SocialPlatform> = Partial<
  Record<SocialCredentialField<P>, string>
>;

/**
 * Everything the server keeps sealed for a platform: the form's fields plus what Connect adds
 * (YouTube and Reddit tokens, expiry), so one encrypted document holds the whole account.
 */
export type StoredSocialCredentials = Record<string, string>;

export function credentialFieldsOf(platform: SocialPlatform): Record<string, CredentialField> {
  return socialCredentialFields[platform];
}

/** The short hint a client may see of a secret: its last 4 characters, or nothing when that would reveal too much of it. */
export function secretHint(value: string): string {
  return value.length >= 8 ? value.slice(-4) : '';
}

// ---------------------------------------------------------------------------------------------------
// Callable payloads. Every schema is strict (unknown keys are refused) and trims strings before checks.

const NO_SPACES = /^[\x21-\x7e]+$/;
const PRINTABLE = /^[\x20-\x7e]+$/;
const REQUEST_MESSAGE = 'Invalid request';

function requestObject<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `Unknown field: ${iss.keys.slice(0, 3).join(', ').slice(0, 80)}`
        : REQUEST_MESSAGE,
  });
}

export const integrationTypeSchema = z.enum(integrationTypes, {
  error: (iss) =>
    iss.input === undefined
      ? 'Please choose an integration'
      : iss.input === 'suno'
        ? 'Suno has no public API: use ElevenLabs for music'
        : `Unknown integration type. Use one of: ${integrationTypes.join(', ')}`,
});

export const socialPlatformSchema = z.enum(socialPlatforms, {
  error: (iss) =>
    iss.input === undefined
      ? 'Please choose a platform'
      : `Unknown platform. Use one of: ${socialPlatforms.join(', ')}`,
});

export const apiKeySchema = z
  .string({ error: 'Please enter an API key' })
  .trim()
  .min(1, 'Please enter an API key')
  .max(KEY_MAX_CHARS, `API key must be ${KEY_MAX_CHARS} characters or fewer`)
  .regex(NO_SPACES, 'API key must not contain spaces or special characters');

export const saveIntegrationKeySchema = requestObject({
  type: integrationTypeSchema,
  apiKey: apiKeySchema,
});
export const integrationTypeInputSchema = requestObject({ type: integrationTypeSchema });
export type SaveIntegrationKeyInput = z.input<typeof saveIntegrationKeySchema>;
export type IntegrationTypeInput = z.input<typeof integrationTypeInputSchema>;

function credentialValueSchema(field: CredentialField) {
  return z
    .string({ error: `${field.label} must be text` })
    .trim()
    .max(field.maxLength, `${field.label} must be ${field.maxLength} characters or fewer`)
    .refine(
      (v) => v === '' || (field.allowSpaces ? PRINTABLE : NO_SPACES).test(v),
      `${field.label} contains characters that are not allowed`,
    )
    .refine(
      (v) => v === '' || !field.format || field.format.pattern.test(v),
      field.format?.message ?? '',
    )
    .optional();
}

function credentialsSchema<P extends SocialPlatform>(platform: P) {
  const fields = socialCredentialFields[platform] as Record<string, CredentialField>;
  const shape = Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, credentialValueSchema(field)]),
  );
  return z
    .strictObject(shape, {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `Unknown ${socialPlatformLabels[platform]} credential: ${iss.keys.slice(0, 3).join(', ').slice(0, 80)}`
          : 'Please enter your credentials',
    })
    .transform((values) => {
      // Blank means "keep what is stored": only filled fields travel on.
      const filled: Record<string, string> = {};
      for (const [name, value] of Object.entries(values))
        if (typeof value === 'string' && value !== '') filled[name] = value;
      return filled as SocialCredentials<P>;
    })
    .refine((filled) => Object.keys(filled).length > 0, 'Please enter at least one credential');
}

function socialRequest<P extends SocialPlatform>(platform: P) {
  return requestObject({ platform: z.literal(platform), credentials: credentialsSchema(platform) });
}

export const saveSocialCredentialsSchema = z.discriminatedUnion(
  'platform',
  [
    socialRequest('x'),
    socialRequest('linkedin'),
    socialRequest('youtube'),
    socialRequest('reddit'),
  ],
  {
    error: (iss) => {
      // A payload that is not an object arrives here as invalid_type, though the typings only list invalid_union.
      const code: string = iss.code;
      if (code === 'invalid_type') return REQUEST_MESSAGE;
      if (code !== 'invalid_union') return undefined;
      const given =
        typeof iss.input === 'object' && iss.input !== null
          ? (iss.input as { platform?: unknown }).platform
          : undefined;
      return given === undefined
        ? 'Please choose a platform'
        : `Unknown platform. Use one of: ${socialPlatforms.join(', ')}`;
    },
  },
);

export type SaveSocialCredentialsInput = z.input<typeof saveSocialCredentialsSchema>;
export type SaveSocialCredentialsPayload = z.output<typeof saveSocialCredentialsSchema>;
export const socialPlatformInputSchema = requestObject({ platform: socialPlatformSchema });
export type SocialPlatformInput = z.input<typeof socialPlatformInputSchema>;

/** Fields the first save of a platform must fill (later saves may leave any of them blank). */
export function missingRequiredFields(
  platform: SocialPlatform,
  merged: Record<string, string | undefined>,
): string[] {
  return Object.entries(credentialFieldsOf(platform))
    .filter(([name, field]) => field.required && !merged[name])
    .map(([, field]) => field.label);
}

// ---------------------------------------------------------------------------------------------------
// What clients see. The callables write these documents; rules let the owner read them, nobody write.

/** Firestore Timestamp from either SDK. */
const timestampLike = z.custom<{ toDate: () => Date }>(
  (v) =>
    typeof v === 'object' && v !== null && typeof (v as { toDate?: unknown }).toDate === 'function',
);

/** users/{uid}/integrations/{type} */
export const integrationStatusSchema = z.object({
  configured: z.literal(true),
  hint: z.string().max(4),
  updatedAt: timestampLike,
});
export type IntegrationStatus = z.output<typeof integrationStatusSchema>;

/** users/{uid}/socialAccounts/{platform} */
export const socialAccountStatusSchema = z.object({
  configured: z.literal(true),
  /** Secret fields that are set, by field name: last 4 characters (or '' for very short values). */
  hints: z.record(z.string(), z.string().max(4)),
  /** Non-secret fields that are set (client id, channel id, user agent), in full. */
  values: z.record(z.string(), z.string()),
  /** True once the account holds an access token (entered, or from Connect). */
  connected: z.boolean(),
  /** Set by a publish the platform refused for the token (401); cleared by the next success or a save. */
  needsReconnect: z.boolean().optional().catch(undefined),
  /** LinkedIn: the member the saved token posts as, kept by getPlatformProfile so Post From offers it at once. */
  member: z
    .object({ urn: z.string().max(200), name: z.string().max(200) })
    .nullable()
    .optional()
    .catch(undefined),
  updatedAt: timestampLike,
});
export type SocialAccountStatus = z.output<typeof socialAccountStatusSchema>;

// Callable results (timestamps as ISO strings).
export interface SaveIntegrationKeyResult {
  hint: string;
  updatedAt: string;
}
export interface DeleteResult {
  deleted: true;
}
export const keyTestStatuses = [
  'ok',
  'invalid',
  'no_credit',
  'rate_limited',
  'unavailable',
] as const;
export type KeyTestStatus = (typeof keyTestStatuses)[number];
export interface TestIntegrationKeyResult {
  status: KeyTestStatus;
  message: string;
}
export interface SaveSocialCredentialsResult {
  configured: true;
  hints: Record<string, string>;
  values: Record<string, string>;
  connected: boolean;
  updatedAt: string;
}
