import { FirebaseError } from 'firebase/app';
import { httpsCallable, type Functions } from 'firebase/functions';
import {
  callableContracts,
  callableErrorReasons,
  needsIntegrations,
  type CallableErrorReason,
  type CallableInput,
  type CallableName,
  type CallableOutput,
} from '../callables';

/**
 * Calls a function by its contract (core/callables.ts): the input is checked with the schema the function
 * uses, so a form error never costs a round trip, and the output is typed.
 */
export async function callFunction<N extends CallableName>(
  functions: Functions,
  name: N,
  input: CallableInput<N>,
): Promise<CallableOutput<N>> {
  const payload: unknown = callableContracts[name].input.parse(input);
  const { data } = await httpsCallable<unknown, CallableOutput<N>>(functions, name)(payload);
  return data;
}

export interface CallableFailure {
  /** The callable error code without the 'functions/' prefix ('failed-precondition', 'internal', ...), or 'invalid-argument' for input the schema refused here. */
  code: string;
  /** The machine reason from the error's details, when the function gave one. */
  reason: CallableErrorReason | null;
  /** What the user reads: the function's message (written for users), or the fallback. */
  message: string;
  /** The user fixes it on the Integrations page. */
  needsIntegrations: boolean;
}

function reasonOf(details: unknown): CallableErrorReason | null {
  const reason =
    typeof details === 'object' && details !== null
      ? (details as { reason?: unknown }).reason
      : undefined;
  return (callableErrorReasons as readonly unknown[]).includes(reason)
    ? (reason as CallableErrorReason)
    : null;
}

/** What a call that got no answer says (the functions could not be reached). */
export const UNREACHABLE =
  "Muse Studio's server could not be reached. Check your connection and try again.";

/**
 * Reads a failed call. Our functions throw HttpsError with user-facing text and a machine reason in its
 * details; the SDK's bare code words ('internal' for a crash) get the fallback, no answer at all UNREACHABLE.
 */
export function readCallableError(error: unknown, fallback: string): CallableFailure {
  if (error instanceof FirebaseError && error.code.startsWith('functions/')) {
    const code = error.code.slice('functions/'.length);
    // No answer at all (functions down, offline): the SDK says 'internal [0]'; the user reads why instead.
    if (/\[0\]$/.test(error.message))
      return { code: 'unavailable', reason: null, message: UNREACHABLE, needsIntegrations: false };
    // The SDK (firebase 12) appends the HTTP status, 'Message. [400]': the user reads the message alone.
    const text = error.message.replace(/\s*\[\d{1,3}\]$/, '').trim();
    const bare = text.toLowerCase() === code || text.toLowerCase().replace(/_/g, '-') === code;
    const reason = reasonOf((error as FirebaseError & { details?: unknown }).details);
    return {
      code,
      reason,
      message: !text || bare ? fallback : text,
      needsIntegrations: needsIntegrations(reason),
    };
  }
  if (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'ZodError'
  ) {
    const first = (error as { issues?: { message?: string }[] }).issues?.[0]?.message;
    return {
      code: 'invalid-argument',
      reason: null,
      message: first || fallback,
      needsIntegrations: false,
    };
  }
  return { code: 'unknown', reason: null, message: fallback, needsIntegrations: false };
}
