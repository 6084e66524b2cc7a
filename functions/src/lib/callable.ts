import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import type { z } from 'zod';
import { log } from './log';

/** The signed-in caller's uid, or the spec's 'User not authenticated' as an unauthenticated error. */
export function requireUid(request: Pick<CallableRequest, 'auth'>): string {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError('unauthenticated', 'User not authenticated');
  return uid;
}

/** Parses a callable payload; the first schema message becomes the user-facing error, nothing is written. */
export function parsePayload<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new HttpsError('invalid-argument', first?.message ?? 'Invalid request');
  }
  return result.data;
}

/**
 * Runs a handler so that only HttpsErrors reach the caller: anything unexpected is logged by name and
 * becomes `internal` with the spec's message for that action (e.g. 'Failed to save API key').
 */
export async function withFallbackError<T>(message: string, context: Record<string, unknown>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    // Only the error's name and message: no payloads, which may hold a secret.
    log.error(message, { ...context, error: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown' });
    throw new HttpsError('internal', message);
  }
}
