// The providers the sandbox serves, one server each on consecutive ports in this order, with the environment
// variable that points the functions' client at it, and the further hosts each provider's server also answers
// for. The sandbox keeps its own list so that it imports nothing from the product (the lint holds all of
// tests/sandbox to that); tests/unit/sandbox/contract.test.ts checks that it matches core/providers.ts.

export const sandboxProviders = {
  bfl: { env: 'BFL_BASE_URL' },
  luma: { env: 'LUMA_BASE_URL' },
  elevenlabs: { env: 'ELEVENLABS_BASE_URL' },
  openai: { env: 'OPENAI_BASE_URL' },
  anthropic: { env: 'ANTHROPIC_BASE_URL' },
  gemini: { env: 'GEMINI_BASE_URL' },
  x: { env: 'X_BASE_URL' },
  linkedin: { env: 'LINKEDIN_BASE_URL' },
  reddit: { env: 'REDDIT_BASE_URL' },
  google: { env: 'GOOGLE_BASE_URL' },
} as const;

export type ProviderId = keyof typeof sandboxProviders;
export const providerIds = Object.keys(sandboxProviders) as ProviderId[];

/** OAuth hosts apart from a provider's API (www.reddit.com, accounts.google.com, oauth2.googleapis.com), served by that provider's server. */
export const sandboxHosts = {
  redditAccounts: { provider: 'reddit', env: 'REDDIT_ACCOUNTS_BASE_URL' },
  googleAccounts: { provider: 'google', env: 'GOOGLE_ACCOUNTS_BASE_URL' },
  googleOAuth: { provider: 'google', env: 'GOOGLE_OAUTH_BASE_URL' },
} as const satisfies Record<string, { provider: ProviderId; env: string }>;
