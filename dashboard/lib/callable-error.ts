import { FirebaseError } from 'firebase/app';

export interface CallableFailure {
  /** The callable error code without the 'functions/' prefix ('failed-precondition', 'internal', ...). */
  code: string;
  /** What the user reads: the function's HttpsError message (written for users), or the fallback. */
  message: string;
  /** The message sends the user to Integrations (no key, or a key the provider refused). */
  needsIntegrations: boolean;
}

/**
 * Reads a failed callable. Our functions throw HttpsError with the spec's user-facing text, so that text is
 * shown as is; the SDK's bare code words ('internal' for a network failure or a crash) get the fallback.
 */
export function readCallableError(error: unknown, fallback: string): CallableFailure {
  if (error instanceof FirebaseError && error.code.startsWith('functions/')) {
    const code = error.code.slice('functions/'.length);
    // The SDK (firebase 12) appends the HTTP status, 'Message. [400]': the user reads the message alone.
    const text = error.message.replace(/\s*\[\d{3}\]$/, '').trim();
    const bare = text.toLowerCase() === code || text.toLowerCase().replace(/_/g, '-') === code;
    const message = !text || bare ? fallback : text;
    return { code, message, needsIntegrations: code === 'failed-precondition' && /\bIntegrations\b/.test(message) };
  }
  return { code: 'unknown', message: fallback, needsIntegrations: false };
}
