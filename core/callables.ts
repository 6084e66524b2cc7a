import type { z } from 'zod';
import type { ModelCatalogue } from './ai-models';
import { generateTextSchema, type GenerateTextResult } from './ai-text';
import {
  integrationTypeInputSchema,
  saveIntegrationKeySchema,
  saveSocialCredentialsSchema,
  socialPlatformInputSchema,
  type DeleteResult,
  type SaveIntegrationKeyResult,
  type SaveSocialCredentialsResult,
  type TestIntegrationKeyResult,
} from './integrations';
import {
  deleteGenerationSchema,
  jobIdSchema,
  startJobSchema,
  type CancelJobResult,
  type DeleteGenerationResult,
  type StartJobResult,
} from './jobs';
import { addLibraryFileSchema, type AddLibraryFileResult } from './library-files';
import { listModelsSchema } from './list-models';
import { feedbackInputSchema } from './schemas';
import {
  createSignInCodeSchema,
  describeSignInCodeSchema,
  redeemSignInCodeSchema,
  type CreateSignInCodeResult,
  type DescribeSignInCodeResult,
  type RedeemSignInCodeResult,
} from './sign-in-codes';
import {
  completeSocialOAuthSchema,
  startSocialOAuthSchema,
  type CompleteSocialOAuthResult,
  type StartSocialOAuthResult,
} from './social-oauth';
import {
  cancelPostSchema,
  platformProfileSchema,
  publishPostSchema,
  retryPostSchema,
  subredditFlairsSchema,
  updateScheduledPostSchema,
  type PlatformProfile,
  type PublishPostResult,
  type SubredditFlairs,
} from './social-posts';

// Every callable function in one map: its name (the export in functions/src/index.ts), the input schema
// both sides validate with, the output type, and the machine reasons its errors may carry. Clients call
// through core/firebase/call.ts, functions serve through functions/src/lib/callable.ts; neither names a
// callable by a string of its own. docs/architecture.md ("Callables") describes the flow.

/**
 * Why a call failed, in HttpsError details ({reason, provider?, retryAfterSeconds?}), so a screen decides
 * from the reason, never from the message text. The message stays the user-facing words.
 */
export const callableErrorReasons = [
  /** No key saved for the provider the call needs: fix in Integrations. */
  'missing-key',
  /** The provider refused the saved key, or it can no longer be read: fix in Integrations. */
  'invalid-key',
  'out-of-credit',
  'rate-limited',
  /** The provider does not offer the chosen model to this key. */
  'model-unavailable',
  /** Saved social credentials can no longer be read: save them again. */
  'unreadable-credentials',
  /** No credentials saved for the platform the call needs: fix in Integrations. */
  'missing-credentials',
  /** The platform refused the stored token or signature: reconnect in Integrations. */
  'needs-reconnect',
  /** The post is no longer in a state that allows this (claimed, published, cancelled). */
  'post-state',
  /** An OAuth return whose state is unknown, reused, expired or another user's: start Connect again. */
  'oauth-state',
  /** The account's email address is not verified yet: the user follows the link in the verification email. */
  'email-unverified',
  /** This user made too many of these calls in a short time (our own limit, core/rate-limits.ts); retryAfterSeconds says when to try again. */
  'too-many-requests',
  /** A one-time sign-in code that does not exist, was used already or expired: sign in again. */
  'invalid-code',
] as const;
export type CallableErrorReason = (typeof callableErrorReasons)[number];

/** Every callable refuses an account whose email address is not confirmed (the rules refuse its writes too). */
export const UNVERIFIED_EMAIL_CALL_MESSAGE =
  'Please confirm your email address first: open the link in the confirmation email we sent you, then sign in again.';

export interface CallableErrorDetails {
  reason: CallableErrorReason;
  /** The integration the reason is about ('openai', 'blackforest', ...). */
  provider?: string;
  retryAfterSeconds?: number;
}

/** Reasons the user fixes on the Integrations page. */
export function needsIntegrations(reason: string | null | undefined): boolean {
  return (
    reason === 'missing-key' ||
    reason === 'invalid-key' ||
    reason === 'unreadable-credentials' ||
    reason === 'missing-credentials' ||
    reason === 'needs-reconnect'
  );
}

export interface CallableContract<S extends z.ZodType = z.ZodType, O = unknown> {
  input: S;
  /** Reasons this callable's errors may carry (documentation and tests; the client reads any). */
  reasons: readonly CallableErrorReason[];
  /** Signed-out callers may call it (only describeSignInCode and redeemSignInCode: a signed-out client is what they are for). */
  allowSignedOut?: boolean;
  /** Type-only: the output. */
  readonly output?: O;
}

function contract<O>() {
  return <S extends z.ZodType>(
    input: S,
    reasons: readonly CallableErrorReason[] = [],
    options: { allowSignedOut?: boolean } = {},
  ): CallableContract<S, O> => ({ input, reasons, ...options });
}

export interface SendFeedbackResult {
  id: string;
}

export const callableContracts = {
  sendFeedback: contract<SendFeedbackResult>()(feedbackInputSchema),
  saveIntegrationKey: contract<SaveIntegrationKeyResult>()(saveIntegrationKeySchema),
  deleteIntegrationKey: contract<DeleteResult>()(integrationTypeInputSchema),
  testIntegrationKey: contract<TestIntegrationKeyResult>()(integrationTypeInputSchema, [
    'missing-key',
    'invalid-key',
  ]),
  saveSocialCredentials: contract<SaveSocialCredentialsResult>()(saveSocialCredentialsSchema, [
    'unreadable-credentials',
  ]),
  deleteSocialCredentials: contract<DeleteResult>()(socialPlatformInputSchema),
  generateText: contract<GenerateTextResult>()(generateTextSchema, [
    'missing-key',
    'invalid-key',
    'out-of-credit',
    'rate-limited',
    'model-unavailable',
  ]),
  startJob: contract<StartJobResult>()(startJobSchema, ['missing-key', 'invalid-key']),
  cancelJob: contract<CancelJobResult>()(jobIdSchema),
  deleteGeneration: contract<DeleteGenerationResult>()(deleteGenerationSchema),
  addLibraryFile: contract<AddLibraryFileResult>()(addLibraryFileSchema),
  publishPost: contract<PublishPostResult>()(publishPostSchema, [
    'missing-credentials',
    'unreadable-credentials',
    'needs-reconnect',
  ]),
  updateScheduledPost: contract<PublishPostResult>()(updateScheduledPostSchema, ['post-state']),
  cancelPost: contract<PublishPostResult>()(cancelPostSchema, ['post-state']),
  retryPost: contract<PublishPostResult>()(retryPostSchema, [
    'post-state',
    'missing-credentials',
    'unreadable-credentials',
    'needs-reconnect',
  ]),
  getPlatformProfile: contract<PlatformProfile>()(platformProfileSchema, [
    'missing-credentials',
    'unreadable-credentials',
    'needs-reconnect',
  ]),
  getSubredditFlairs: contract<SubredditFlairs>()(subredditFlairsSchema, [
    'missing-credentials',
    'unreadable-credentials',
    'needs-reconnect',
  ]),
  startSocialOAuth: contract<StartSocialOAuthResult>()(startSocialOAuthSchema, [
    'missing-credentials',
    'unreadable-credentials',
  ]),
  completeSocialOAuth: contract<CompleteSocialOAuthResult>()(completeSocialOAuthSchema, [
    'missing-credentials',
    'unreadable-credentials',
    'oauth-state',
  ]),
  listModels: contract<ModelCatalogue>()(listModelsSchema, [
    'missing-key',
    'invalid-key',
    'rate-limited',
  ]),
  createSignInCode: contract<CreateSignInCodeResult>()(createSignInCodeSchema),
  describeSignInCode: contract<DescribeSignInCodeResult>()(
    describeSignInCodeSchema,
    ['invalid-code', 'too-many-requests'],
    { allowSignedOut: true },
  ),
  redeemSignInCode: contract<RedeemSignInCodeResult>()(
    redeemSignInCodeSchema,
    ['invalid-code', 'too-many-requests'],
    { allowSignedOut: true },
  ),
} as const;

export type CallableName = keyof typeof callableContracts;
export const callableNames = Object.keys(callableContracts) as CallableName[];
type SchemaOf<N extends CallableName> = (typeof callableContracts)[N]['input'];
/** What a client passes (defaults may be left out). */
export type CallableInput<N extends CallableName> = z.input<SchemaOf<N>>;
/** What the handler receives after the schema ran. */
export type CallablePayload<N extends CallableName> = z.output<SchemaOf<N>>;
export type CallableOutput<N extends CallableName> = NonNullable<
  (typeof callableContracts)[N]['output']
>;
