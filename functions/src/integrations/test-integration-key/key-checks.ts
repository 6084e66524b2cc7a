import { integrationProvider, type IntegrationType, type KeyTestStatus } from '@core/integrations';
import type { ProviderId } from '@core/providers';
import { retrying, type Attempt, type RetryDeps } from '../../lib/retry';
import {
  classifyHttpFailure,
  transportFailure,
  type FailureReason,
  type ProviderFailure,
} from '../../providers/provider-errors';

// The cheapest documented call per provider that proves a key: account or credit endpoints where the
// provider has one (so "out of credit" shows before a generation fails), the model list otherwise.

type Json = Record<string, unknown>;
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

interface KeyCheck {
  path: string;
  headers: (apiKey: string) => Record<string, string>;
  /** Reads a 200 answer: whether the account can still spend. */
  balance?: (body: Json) => 'ok' | 'no_credit';
}

export const ANTHROPIC_VERSION = '2023-06-01';

export const keyChecks: Record<IntegrationType, KeyCheck> = {
  // GET /v1/credits -> {credits}
  blackforest: {
    path: '/v1/credits',
    headers: (k) => ({ 'x-key': k }),
    balance: (b) => ((num(b.credits) ?? 1) <= 0 ? 'no_credit' : 'ok'),
  },
  // GET /dream-machine/v1/credits -> {credit_balance} (cents)
  lumaai: {
    path: '/dream-machine/v1/credits',
    headers: (k) => ({ authorization: `Bearer ${k}` }),
    balance: (b) => ((num(b.credit_balance) ?? 1) <= 0 ? 'no_credit' : 'ok'),
  },
  // GET /v1/user -> {subscription: {character_count, character_limit, ...}}
  elevenlabs: {
    path: '/v1/user',
    headers: (k) => ({ 'xi-api-key': k }),
    balance: (b) => {
      const s = (b.subscription ?? {}) as Json;
      const used = num(s.character_count);
      const limit = num(s.character_limit);
      return used !== undefined && limit !== undefined && used >= limit ? 'no_credit' : 'ok';
    },
  },
  openai: { path: '/v1/models', headers: (k) => ({ authorization: `Bearer ${k}` }) },
  anthropic: {
    path: '/v1/models',
    headers: (k) => ({ 'x-api-key': k, 'anthropic-version': ANTHROPIC_VERSION }),
  },
  gemini: { path: '/v1beta/models', headers: (k) => ({ 'x-goog-api-key': k }) },
};

export interface KeyCheckDeps {
  fetch: typeof fetch;
  baseUrls: Record<ProviderId, string>;
  timeoutMs: number;
  retry: RetryDeps;
}

const statusOf: Record<FailureReason, KeyTestStatus> = {
  invalid_key: 'invalid',
  no_credit: 'no_credit',
  rate_limited: 'rate_limited',
  unavailable: 'unavailable',
  rejected: 'unavailable',
};

export interface KeyCheckResult {
  status: KeyTestStatus;
  attempts: number;
  failure?: ProviderFailure;
}

export async function checkKey(
  type: IntegrationType,
  apiKey: string,
  deps: KeyCheckDeps,
): Promise<KeyCheckResult> {
  const provider = integrationProvider[type];
  const check = keyChecks[type];
  const url = `${deps.baseUrls[provider]}${check.path}`;
  const result = await retrying(async (): Promise<Attempt<'ok' | 'no_credit', ProviderFailure>> => {
    let response: Response;
    try {
      response = await deps.fetch(url, {
        headers: { accept: 'application/json', ...check.headers(apiKey) },
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
    } catch (error) {
      return {
        ok: false,
        error: transportFailure(
          error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network',
        ),
        retryable: false,
      };
    }
    const body = (await response.json().catch(() => undefined)) as Json | undefined;
    if (response.ok) {
      if (!body || typeof body !== 'object')
        return { ok: false, error: transportFailure('malformed'), retryable: false };
      return { ok: true, value: check.balance?.(body) ?? 'ok' };
    }
    // A restricted ElevenLabs key may not read the account: the key itself was accepted.
    if (
      type === 'elevenlabs' &&
      response.status === 401 &&
      (body?.detail as Json | undefined)?.status === 'missing_permissions'
    )
      return { ok: true, value: 'ok' };
    const failure = classifyHttpFailure(provider, response.status, body, response.headers);
    return {
      ok: false,
      error: failure,
      retryable: failure.retryable,
      retryAfterMs: failure.retryAfterMs,
    };
  }, deps.retry);
  return result.ok
    ? { status: result.value, attempts: result.attempts }
    : { status: statusOf[result.error.reason], attempts: result.attempts, failure: result.error };
}
