import type { ProviderId } from '@core/providers';
import { isRetryableStatus, parseRetryAfter, type HeadersLike } from '../lib/retry';
import { jsonObject } from '@core/json';

// One reading of every provider's documented error answers, shared by the key test and the text
// generators. classifyHttpFailure matches provider messages but never passes them on: some echo part of
// the key. Media jobs show a provider's message field through providerMessage, masked and cut short.

export type FailureReason =
  'invalid_key' | 'no_credit' | 'rate_limited' | 'unavailable' | 'rejected';

export interface ProviderFailure {
  reason: FailureReason;
  retryable: boolean;
  retryAfterMs?: number;
  /** HTTP status, when there was an answer. */
  status?: number;
  /** The provider's error type or code (e.g. "insufficient_quota"): safe to log, never a message. */
  code?: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const SAFE_CODE = /^[A-Za-z0-9_.:-]{1,64}$/;
const safe = (v: string | undefined) => (v && SAFE_CODE.test(v) ? v : undefined);

/** Google APIs: {error: {code, message, status, details: [{"@type": ...RetryInfo, retryDelay: "12s"}, {...ErrorInfo, reason}]}} */
function googleDetails(body: unknown): {
  status?: string;
  reason?: string;
  retryDelayMs?: number;
  message: string;
} {
  const error = jsonObject(jsonObject(body)?.error);
  const details = Array.isArray(error?.details) ? error.details.map(jsonObject) : [];
  let reason: string | undefined;
  let retryDelayMs: number | undefined;
  for (const d of details) {
    const type = str(d?.['@type']) ?? '';
    if (type.endsWith('google.rpc.ErrorInfo')) reason = str(d?.reason);
    if (type.endsWith('google.rpc.RetryInfo')) {
      const m = /^(\d+(?:\.\d+)?)s$/.exec(str(d?.retryDelay) ?? '');
      if (m) retryDelayMs = Math.round(Number(m[1]) * 1000);
    }
  }
  return { status: str(error?.status), reason, retryDelayMs, message: str(error?.message) ?? '' };
}

export function classifyHttpFailure(
  provider: ProviderId,
  status: number,
  body: unknown,
  headers?: HeadersLike,
  now = Date.now(),
): ProviderFailure {
  const retryAfterMs = parseRetryAfter(headers, now);
  const base = (
    reason: FailureReason,
    code?: string,
    retryable = isRetryableStatus(status) && reason !== 'no_credit',
  ): ProviderFailure => ({
    reason,
    retryable,
    status,
    code: safe(code),
    ...(retryable && retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
  const generic = (code?: string): ProviderFailure => {
    if (status === 401 || status === 403) return base('invalid_key', code);
    if (status === 402) return base('no_credit', code);
    if (status === 429) return base('rate_limited', code);
    if (status >= 500) return base('unavailable', code);
    return base('rejected', code);
  };

  switch (provider) {
    case 'openai': {
      // {error: {message, type, param, code}}; out of credit is a 429 with code insufficient_quota, which no wait fixes.
      const error = jsonObject(jsonObject(body)?.error);
      const code = str(error?.code) ?? str(error?.type);
      if (
        status === 429 &&
        (code === 'insufficient_quota' || str(error?.type) === 'insufficient_quota')
      )
        return base('no_credit', 'insufficient_quota', false);
      return generic(code);
    }
    case 'anthropic': {
      // {type: "error", error: {type, message, details?: {error_code}}}; 402 billing_error (older accounts: a 400
      // "credit balance is too low"); a 429 for a reached spend limit; 529 overloaded.
      const error = jsonObject(jsonObject(body)?.error);
      const type = str(error?.type);
      const errorCode = str(jsonObject(error?.details)?.error_code);
      if (status === 402 || type === 'billing_error')
        return base('no_credit', errorCode ?? type ?? 'billing_error', false);
      if (status === 429 && errorCode && /spend_limit_reached$/.test(errorCode))
        return base('no_credit', errorCode, false);
      if (status === 400 && /credit balance is too low/i.test(str(error?.message) ?? ''))
        return base('no_credit', 'credit_balance_too_low', false);
      return generic(type);
    }
    case 'gemini': {
      // An invalid key is a 400 INVALID_ARGUMENT with reason API_KEY_INVALID; 429 RESOURCE_EXHAUSTED carries RetryInfo
      // while it is a per-minute limit, and none once the quota (free tier or billing) is used up.
      const g = googleDetails(body);
      const code = g.reason ?? g.status;
      if (
        g.reason === 'API_KEY_INVALID' ||
        (status === 400 && /api key not valid/i.test(g.message))
      )
        return base('invalid_key', 'API_KEY_INVALID');
      if (status === 429) {
        if (g.retryDelayMs !== undefined)
          return {
            reason: 'rate_limited',
            retryable: true,
            status,
            code: safe(code),
            retryAfterMs: g.retryDelayMs,
          };
        if (g.status === 'RESOURCE_EXHAUSTED' && /quota|billing/i.test(g.message))
          return base('no_credit', code, false);
      }
      return generic(code);
    }
    case 'elevenlabs': {
      // {detail: {status, message}}; running out of characters is a 401 quota_exceeded.
      const detail = jsonObject(jsonObject(body)?.detail);
      const code = str(detail?.status);
      if (code === 'quota_exceeded') return base('no_credit', code, false);
      return generic(code);
    }
    default:
      return generic();
  }
}

/** A call that got no usable answer: refused connection, timeout, unreadable body. */
export function transportFailure(code: 'network' | 'timeout' | 'malformed'): ProviderFailure {
  return { reason: 'unavailable', retryable: false, code };
}

/** The longest provider text a job error shows. */
export const PROVIDER_TEXT_MAX = 200;

/** A provider's text fit for a user: the key masked wherever it appears, one line, at most PROVIDER_TEXT_MAX characters; '' when blank. */
export function providerText(text: string, apiKey: string): string {
  let out = text;
  if (apiKey.length >= 4) out = out.split(apiKey).join('****');
  out = out.replace(/\s+/g, ' ').trim();
  return out.length > PROVIDER_TEXT_MAX ? `${out.slice(0, PROVIDER_TEXT_MAX - 3)}...` : out;
}

/** A JSON answer's body, or undefined when it is not JSON (an HTML error page, a truncated answer). */
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The message field of a provider's error body, cleaned by providerText; '' when it has none. Never the body
 * itself: a body can be an HTML page, a stack trace or an echo of the request. Shapes read: {message},
 * {error: string | {message}}, {detail: string | {message} | [{msg}]} (FastAPI validation errors).
 */
export function providerMessage(body: unknown, apiKey: string): string {
  const root = jsonObject(body);
  if (!root) return '';
  const error = root.error;
  const detail = root.detail;
  const candidates = [
    str(root.message),
    str(error),
    str(jsonObject(error)?.message),
    str(detail),
    str(jsonObject(detail)?.message),
    Array.isArray(detail)
      ? detail
          .map((d) => str(jsonObject(d)?.msg) ?? '')
          .filter(Boolean)
          .join('; ')
      : undefined,
  ];
  const found = candidates.find((c) => c !== undefined && c.trim() !== '');
  return found ? providerText(found, apiKey) : '';
}
