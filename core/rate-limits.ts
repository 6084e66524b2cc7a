import type { CallableName } from './callables';

// Per-user limits on the callables that write or spend (a provider call, a job, a stored file, a
// document): a fixed window per user and callable, counted by the functions in a server-only document
// (functions/src/lib/rate-limit.ts). Change limits here only.

export interface RateLimit {
  /** Calls allowed in one window. */
  max: number;
  windowSeconds: number;
}

export const RATE_LIMITS = {
  generateText: { max: 20, windowSeconds: 60 },
  startJob: { max: 20, windowSeconds: 60 },
  publishPost: { max: 10, windowSeconds: 60 },
  retryPost: { max: 10, windowSeconds: 60 },
  addLibraryFile: { max: 30, windowSeconds: 60 },
  sendFeedback: { max: 5, windowSeconds: 600 },
  testIntegrationKey: { max: 10, windowSeconds: 60 },
  listModels: { max: 30, windowSeconds: 60 },
  getPlatformProfile: { max: 20, windowSeconds: 60 },
  getSubredditFlairs: { max: 30, windowSeconds: 60 },
  startSocialOAuth: { max: 10, windowSeconds: 60 },
  createSignInCode: { max: 10, windowSeconds: 60 },
  // Writes of the user's own documents: room for every click a person makes (a calendar dragged about,
  // a library cleared one item at a time), none for a script rewriting them in a loop.
  saveIntegrationKey: { max: 10, windowSeconds: 60 },
  deleteIntegrationKey: { max: 10, windowSeconds: 60 },
  saveSocialCredentials: { max: 10, windowSeconds: 60 },
  deleteSocialCredentials: { max: 10, windowSeconds: 60 },
  completeSocialOAuth: { max: 10, windowSeconds: 60 },
  updateScheduledPost: { max: 30, windowSeconds: 60 },
  cancelPost: { max: 30, windowSeconds: 60 },
  cancelJob: { max: 30, windowSeconds: 60 },
  deleteGeneration: { max: 60, windowSeconds: 60 },
  // Open to signed-out callers: counted per uid when signed in, else per client address
  // (functions/src/lib/callable.ts, signedOutCaller).
  describeSignInCode: { max: 30, windowSeconds: 60 },
  redeemSignInCode: { max: 30, windowSeconds: 60 },
} as const satisfies Partial<Record<CallableName, RateLimit>>;

export type RateLimitedCallable = keyof typeof RATE_LIMITS;

export function rateLimitOf(name: CallableName): RateLimit | undefined {
  return (RATE_LIMITS as Partial<Record<CallableName, RateLimit>>)[name];
}

/** The refusal users read; `seconds` is when the window ends, rounded up. */
export function tooManyRequestsMessage(seconds: number): string {
  return `Too many requests, try again in ${seconds} s`;
}
