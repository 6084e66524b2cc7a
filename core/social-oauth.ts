import { z } from 'zod';
import { socialPlatformLabels } from './integrations';
import { platformFacts, type PublishPlatform } from './platforms/facts';

// Connecting Reddit and YouTube (OAuth 2.0 authorization code). The browser only ever sees the authorize URL
// and the code the platform sends back: the client secret, the PKCE verifier and the tokens stay in the
// functions. The state is a random single-use nonce the functions keep (server-only, 10 minutes, bound to
// the user), so a tampered, reused, expired or foreign state is refused and nothing is stored.

export const oauthPlatforms = ['reddit', 'youtube'] as const;
export type OAuthPlatform = (typeof oauthPlatforms)[number];

/** Whether this platform's account connects through OAuth (core/platforms/facts.ts). */
export function isOAuthPlatform(platform: PublishPlatform): platform is OAuthPlatform {
  return platformFacts[platform].oauth;
}

/** How long a started Connect may take before its state is refused. */
export const OAUTH_NONCE_TTL_MS = 10 * 60_000;
/** An access token that expires within this is refreshed before it is used. */
export const ACCESS_TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;

/** Reddit's scopes for the features here: the account, posting, flairs and reading posts back. */
export const REDDIT_SCOPES = ['identity', 'submit', 'flair', 'read'] as const;
/** YouTube: uploads, reading the channel (statistics, uploads), and a first comment (commentThreads.insert needs youtube.force-ssl). */
export const YOUTUBE_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube.force-ssl',
] as const;

const platform = z.enum(oauthPlatforms, { error: 'Please choose Reddit or YouTube' });
/** 32 random bytes, base64url. */
const state = z
  .string({ error: 'Invalid request' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid request');
const code = z
  .string({ error: 'No authorization code received' })
  .trim()
  .min(1, 'No authorization code received')
  .max(2048, 'Invalid request')
  .regex(/^[\x21-\x7e]+$/, 'Invalid request');

export const startSocialOAuthSchema = z.strictObject({ platform });
export const completeSocialOAuthSchema = z.strictObject({ platform, code, state });
export type StartSocialOAuthInput = z.input<typeof startSocialOAuthSchema>;
export type CompleteSocialOAuthInput = z.input<typeof completeSocialOAuthSchema>;

export interface StartSocialOAuthResult {
  authorizeUrl: string;
}
export interface CompleteSocialOAuthResult {
  connected: true;
}

/** Why a returned state was refused; each refusal stores nothing. */
export const oauthStateRefusals = ['unknown', 'reused', 'expired', 'other-user'] as const;
export type OAuthStateRefusal = (typeof oauthStateRefusals)[number];

const refusalWords: Record<OAuthStateRefusal, string> = {
  unknown: 'this connection request is not valid',
  reused: 'this connection request was already used',
  expired: 'this connection request has expired',
  'other-user': 'this connection request was started by another account',
};

/**
 * The words of each OAuth platform's Connect button on its page: a first connect, and an account whose last
 * refresh was refused (YouTube's page says Authenticate either way), and what the page says before a first
 * connect. Read by the page and by the functions' "connect again" messages, so both name the same button.
 */
export const oauthButtons: Record<
  OAuthPlatform,
  { connect: string; reconnect: string; notConnected: string }
> = {
  reddit: {
    connect: 'Connect Reddit Account',
    reconnect: 'Reconnect Reddit Account',
    notConnected: 'Your Reddit app is saved: connect your Reddit account to post.',
  },
  youtube: {
    connect: 'Authenticate with YouTube',
    reconnect: 'Authenticate with YouTube',
    notConnected: 'Please authenticate with YouTube first',
  },
};

export const oauthMessages = {
  connectingTitle: (p: OAuthPlatform) => `Connecting ${socialPlatformLabels[p]} Account`,
  connectingBody: 'Please wait while we finish connecting your account.',
  failedTitle: 'Authentication Failed',
  deniedBody: (p: OAuthPlatform, error: string) =>
    `Failed to connect ${socialPlatformLabels[p]} account: ${error}`,
  noCode: 'No authorization code received',
  completeFailed: (p: OAuthPlatform) =>
    `Failed to complete ${socialPlatformLabels[p]} authentication`,
  stateRefused: (p: OAuthPlatform, why: OAuthStateRefusal) =>
    `Failed to complete ${socialPlatformLabels[p]} authentication: ${refusalWords[why]}. Please connect again.`,
  startFailed: (p: OAuthPlatform) => `Failed to start ${socialPlatformLabels[p]} authentication.`,
  connected: (p: OAuthPlatform) => `${socialPlatformLabels[p]} account connected`,
} as const;
