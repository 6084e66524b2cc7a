import { createHash } from 'node:crypto';
import {
  HttpsError,
  onCall,
  type CallableOptions,
  type CallableRequest,
} from 'firebase-functions/v2/https';
import type { Firestore } from 'firebase-admin/firestore';
import type { z } from 'zod';
import {
  callableContracts,
  UNVERIFIED_EMAIL_CALL_MESSAGE,
  type CallableErrorDetails,
  type CallableName,
  type CallableOutput,
  type CallablePayload,
} from '@core/callables';
import { rateLimitOf, tooManyRequestsMessage } from '@core/rate-limits';
import { loadConfig } from '../config';
import { getDb } from './admin';
import { systemClock, type Clock } from './clock';
import { log } from './log';
import { payloadProblem, payloadProblemMessages } from './payload-guard';
import { takeRateLimit } from './rate-limit';

/** The signed-in caller's uid, or 'User not authenticated' as an unauthenticated error. */
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

/** An HttpsError whose details carry the machine reason the client branches on (core/callables.ts). */
export function reasonedError(
  code: 'failed-precondition' | 'resource-exhausted' | 'permission-denied' | 'not-found',
  message: string,
  details: CallableErrorDetails,
): HttpsError {
  return new HttpsError(code, message, details);
}

export interface ContractCall<N extends CallableName> {
  /** The signed-in caller; '' only for a contract that allows signed-out callers (allowSignedOut). */
  uid: string;
  input: CallablePayload<N>;
  request: CallableRequest;
}

/** The caller's email address is confirmed (the ID token's email_verified claim), or 'email-unverified'. */
export function requireVerifiedEmail(request: Pick<CallableRequest, 'auth'>): void {
  if (request.auth?.token?.email_verified !== true)
    throw reasonedError('permission-denied', UNVERIFIED_EMAIL_CALL_MESSAGE, {
      reason: 'email-unverified',
    });
}

/**
 * The rate-limit key of a signed-out caller: its network address, hashed (rateLimits/{key} must not hold
 * addresses in clear). Behind Google's front end (a deployed function) the address is the last
 * X-Forwarded-For entry: the front end appends the address of the client it served, and whatever the
 * client sent in the header stays in front of it (docs/architecture.md, "One sign-in", has the sources).
 * Without that front end (the emulator) every entry is the caller's own, so the header is not read at all
 * and the socket's address counts. Codes are 256 random bits, so no rate makes guessing one feasible: the
 * limit bounds what one source can make us spend. A global ceiling is left out on purpose: one source
 * flooding it would lock every signed-out user out of one-click sign-in.
 */
export function signedOutCaller(
  request: Pick<CallableRequest, 'rawRequest'>,
  behindGoogleFrontEnd: boolean,
): string {
  const raw = request.rawRequest as
    { headers?: Record<string, unknown>; socket?: { remoteAddress?: string } } | undefined;
  const forwarded = behindGoogleFrontEnd ? raw?.headers?.['x-forwarded-for'] : undefined;
  const hops = (
    Array.isArray(forwarded) ? forwarded.join(',') : typeof forwarded === 'string' ? forwarded : ''
  )
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const address = hops.at(-1) ?? raw?.socket?.remoteAddress ?? 'unknown';
  return `signed-out-${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;
}

/** What every contract call reads besides its request: the counters of core/rate-limits.ts and the time. */
export interface ContractCallDeps {
  db: () => Firestore;
  clock: Clock;
  /** Whether requests come through Google's front end (deployed), not straight from the caller (the emulator). */
  behindGoogleFrontEnd?: () => boolean;
}

const contractCallDeps: ContractCallDeps = {
  db: getDb,
  clock: systemClock,
  behindGoogleFrontEnd: () => !loadConfig().emulated,
};

/**
 * Serves a callable of core/callables.ts: the caller must be signed in with a confirmed email address
 * (unless the contract allows signed-out callers), the payload must be free of prototype keys and
 * ill-formed text (./payload-guard.ts) and pass the contract's schema (the same one the client checked),
 * and the caller must be within the callable's rate limit (core/rate-limits.ts) before the handler runs,
 * so bad input writes nothing and costs no provider call.
 */
export async function runContractCall<N extends CallableName>(
  name: N,
  request: CallableRequest,
  handler: (call: ContractCall<N>) => Promise<CallableOutput<N>>,
  deps: ContractCallDeps = contractCallDeps,
): Promise<CallableOutput<N>> {
  const signedOutAllowed =
    (callableContracts[name] as { allowSignedOut?: boolean }).allowSignedOut === true;
  const uid = signedOutAllowed ? (request.auth?.uid ?? '') : requireUid(request);
  if (!signedOutAllowed) requireVerifiedEmail(request);
  const raw: unknown = (request.rawRequest?.body as { data?: unknown } | undefined)?.data;
  const problem = payloadProblem(raw ?? request.data) ?? payloadProblem(request.data);
  if (problem) throw new HttpsError('invalid-argument', payloadProblemMessages[problem]);
  const input = parsePayload(callableContracts[name].input, request.data) as CallablePayload<N>;
  const limit = rateLimitOf(name);
  if (limit) {
    const taken = await takeRateLimit(
      { db: deps.db(), clock: deps.clock },
      uid || signedOutCaller(request, deps.behindGoogleFrontEnd?.() ?? true),
      name,
      limit,
    );
    if (!taken.ok) {
      log.warn('Rate limit reached', {
        uid,
        callable: name,
        retryAfterSeconds: taken.retryAfterSeconds,
      });
      throw reasonedError('resource-exhausted', tooManyRequestsMessage(taken.retryAfterSeconds), {
        reason: 'too-many-requests',
        retryAfterSeconds: taken.retryAfterSeconds,
      });
    }
  }
  return handler({ uid, input, request });
}

type CallableTrigger = ReturnType<typeof onCall>;
type HttpHandler = (
  req: { body?: unknown },
  res: { status(code: number): { send(body: unknown): unknown } },
) => unknown;

/**
 * firebase-functions decodes the whole body recursively before any hook of ours runs (its authPolicy comes
 * after the decode), so a body nested a few thousand levels deep overflows its stack and answers 500. The
 * exported function checks the raw body first (./payload-guard.ts walks it without recursion) and answers
 * 400 as the library would; everything the library reads from its function (__endpoint, run) is kept.
 */
export function refuseDeepBodies<T extends CallableTrigger>(trigger: T): T {
  const call = trigger as unknown as HttpHandler;
  const guarded: HttpHandler = (req, res) => {
    const data = (req.body as { data?: unknown } | undefined)?.data;
    if (payloadProblem(data) === 'too-deep') {
      log.warn('Callable body refused before decoding', { problem: 'too-deep' });
      return res.status(400).send({
        error: { status: 'INVALID_ARGUMENT', message: payloadProblemMessages['too-deep'] },
      });
    }
    return call(req, res);
  };
  Object.defineProperties(guarded, Object.getOwnPropertyDescriptors(trigger));
  return guarded as unknown as T;
}

/** The trigger of a contract callable; functions/src/index.ts exports it under `name`. */
export function onContractCall<N extends CallableName>(
  name: N,
  options: CallableOptions,
  handler: (call: ContractCall<N>) => Promise<CallableOutput<N>>,
) {
  return refuseDeepBodies(onCall(options, (request) => runContractCall(name, request, handler)));
}

/**
 * Runs a handler so that only HttpsErrors reach the caller: anything unexpected is logged by name and
 * becomes `internal` with the action's failure message (e.g. 'Failed to save API key').
 */
export async function withFallbackError<T>(
  message: string,
  context: Record<string, unknown>,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    // Only the error's name and message: no payloads, which may hold a secret.
    log.error(message, {
      ...context,
      error: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown',
    });
    throw new HttpsError('internal', message);
  }
}
