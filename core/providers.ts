// Every external service the functions call, with the real base URL they use by default.
// Tests and the local stack override these with the sandbox (tests/sandbox) via environment variables.
export const providers = {
  bfl: { label: 'Black Forest Labs', baseUrl: 'https://api.bfl.ai', env: 'BFL_BASE_URL' },
  luma: { label: 'Luma', baseUrl: 'https://api.lumalabs.ai', env: 'LUMA_BASE_URL' },
  elevenlabs: {
    label: 'ElevenLabs',
    baseUrl: 'https://api.elevenlabs.io',
    env: 'ELEVENLABS_BASE_URL',
  },
  openai: { label: 'OpenAI', baseUrl: 'https://api.openai.com', env: 'OPENAI_BASE_URL' },
  anthropic: {
    label: 'Anthropic',
    baseUrl: 'https://api.anthropic.com',
    env: 'ANTHROPIC_BASE_URL',
  },
  gemini: {
    label: 'Gemini',
    baseUrl: 'https://generativelanguage.googleapis.com',
    env: 'GEMINI_BASE_URL',
  },
  x: { label: 'X', baseUrl: 'https://api.x.com', env: 'X_BASE_URL' },
  linkedin: { label: 'LinkedIn', baseUrl: 'https://api.linkedin.com', env: 'LINKEDIN_BASE_URL' },
  reddit: { label: 'Reddit', baseUrl: 'https://oauth.reddit.com', env: 'REDDIT_BASE_URL' },
  google: {
    label: 'Google OAuth and YouTube',
    baseUrl: 'https://www.googleapis.com',
    env: 'GOOGLE_BASE_URL',
  },
} as const;

export type ProviderId = keyof typeof providers;
export const providerIds = Object.keys(providers) as ProviderId[];

/**
 * Further hosts of a provider, each with its own env name: OAuth lives apart from the API (Reddit's
 * authorize and token endpoints on www.reddit.com, Google's on accounts.google.com and oauth2.googleapis.com).
 * The sandbox serves them from the provider's own server, so their paths never collide with the API's.
 */
export const providerHosts = {
  redditAccounts: {
    provider: 'reddit',
    baseUrl: 'https://www.reddit.com',
    env: 'REDDIT_ACCOUNTS_BASE_URL',
  },
  googleAccounts: {
    provider: 'google',
    baseUrl: 'https://accounts.google.com',
    env: 'GOOGLE_ACCOUNTS_BASE_URL',
  },
  googleOAuth: {
    provider: 'google',
    baseUrl: 'https://oauth2.googleapis.com',
    env: 'GOOGLE_OAUTH_BASE_URL',
  },
} as const satisfies Record<string, { provider: ProviderId; baseUrl: string; env: string }>;

export type ProviderHostId = keyof typeof providerHosts;
export const providerHostIds = Object.keys(providerHosts) as ProviderHostId[];
