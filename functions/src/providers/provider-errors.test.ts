import { describe, expect, it } from 'vitest';
import type { ProviderId } from '@core/providers';
import {
  classifyHttpFailure,
  providerMessage,
  providerText,
  PROVIDER_TEXT_MAX,
} from './provider-errors';

const headers = (values: Record<string, string>) => ({
  get: (name: string) => values[name] ?? null,
});
const gemini = (code: number, status: string, message: string, details: unknown[] = []) => ({
  error: { code, status, message, details },
});

describe('reading provider error answers', () => {
  it.each<[string, ProviderId, number, unknown, object]>([
    [
      'an OpenAI bad key',
      'openai',
      401,
      {
        error: {
          type: 'invalid_request_error',
          code: 'invalid_api_key',
          message: 'Incorrect API key provided: sk-ab***1234.',
        },
      },
      { reason: 'invalid_key', retryable: false, code: 'invalid_api_key' },
    ],
    [
      'OpenAI out of quota (a 429 that waiting does not fix)',
      'openai',
      429,
      { error: { type: 'insufficient_quota', code: 'insufficient_quota' } },
      { reason: 'no_credit', retryable: false },
    ],
    [
      'an OpenAI rate limit',
      'openai',
      429,
      { error: { type: 'requests', code: 'rate_limit_exceeded' } },
      { reason: 'rate_limited', retryable: true },
    ],
    [
      'an OpenAI server error',
      'openai',
      500,
      { error: { type: 'server_error' } },
      { reason: 'unavailable', retryable: true },
    ],
    [
      'an OpenAI unknown model',
      'openai',
      404,
      { error: { code: 'model_not_found' } },
      { reason: 'rejected', retryable: false, status: 404 },
    ],
    [
      'an Anthropic bad key',
      'anthropic',
      401,
      { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
      { reason: 'invalid_key', retryable: false },
    ],
    [
      'an Anthropic billing error',
      'anthropic',
      402,
      {
        type: 'error',
        error: { type: 'billing_error', message: 'Your credit balance is too low' },
      },
      { reason: 'no_credit', retryable: false },
    ],
    [
      'an older Anthropic low-credit 400',
      'anthropic',
      400,
      {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: 'Your credit balance is too low to access the Anthropic API.',
        },
      },
      { reason: 'no_credit' },
    ],
    [
      'an Anthropic spend limit',
      'anthropic',
      429,
      {
        type: 'error',
        error: {
          type: 'rate_limit_error',
          message: 'limit',
          details: { error_code: 'enforced_spend_limit_reached' },
        },
      },
      { reason: 'no_credit', retryable: false },
    ],
    [
      'Anthropic overloaded',
      'anthropic',
      529,
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      { reason: 'unavailable', retryable: true },
    ],
    [
      'an Anthropic bad request',
      'anthropic',
      400,
      {
        type: 'error',
        error: { type: 'invalid_request_error', message: 'max_tokens: Field required' },
      },
      { reason: 'rejected', retryable: false },
    ],
    [
      'a Gemini bad key (a 400)',
      'gemini',
      400,
      gemini(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
        { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' },
      ]),
      { reason: 'invalid_key', code: 'API_KEY_INVALID' },
    ],
    [
      'a Gemini missing key',
      'gemini',
      403,
      gemini(403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers"),
      { reason: 'invalid_key' },
    ],
    [
      'a Gemini per-minute limit with RetryInfo',
      'gemini',
      429,
      gemini(429, 'RESOURCE_EXHAUSTED', 'Resource exhausted', [
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' },
      ]),
      { reason: 'rate_limited', retryable: true, retryAfterMs: 7000 },
    ],
    [
      'a used-up Gemini quota',
      'gemini',
      429,
      gemini(
        429,
        'RESOURCE_EXHAUSTED',
        'You exceeded your current quota, please check your plan and billing details.',
      ),
      { reason: 'no_credit', retryable: false },
    ],
    [
      'a Gemini 503',
      'gemini',
      503,
      gemini(503, 'UNAVAILABLE', 'The model is overloaded.'),
      { reason: 'unavailable', retryable: true },
    ],
    [
      'an ElevenLabs bad key',
      'elevenlabs',
      401,
      { detail: { status: 'invalid_api_key', message: 'Invalid API key' } },
      { reason: 'invalid_key', code: 'invalid_api_key' },
    ],
    [
      'ElevenLabs out of characters (a 401)',
      'elevenlabs',
      401,
      { detail: { status: 'quota_exceeded', message: 'This request exceeds your quota.' } },
      { reason: 'no_credit', retryable: false },
    ],
    [
      'a BFL bad key (a 403)',
      'bfl',
      403,
      { detail: 'Not authenticated - Invalid Authentication' },
      { reason: 'invalid_key' },
    ],
    [
      'BFL out of credit',
      'bfl',
      402,
      { detail: 'Insufficient credits' },
      { reason: 'no_credit', retryable: false },
    ],
    ['a Luma bad key', 'luma', 401, { detail: 'Invalid API key' }, { reason: 'invalid_key' }],
    ['a body that is not JSON', 'luma', 502, undefined, { reason: 'unavailable', retryable: true }],
  ])('%s', (_label, provider, status, body, expected) => {
    expect(classifyHttpFailure(provider, status, body)).toMatchObject(expected);
  });

  it('keeps the Retry-After of a retryable answer only', () => {
    expect(classifyHttpFailure('openai', 429, {}, headers({ 'retry-after': '3' }))).toMatchObject({
      retryAfterMs: 3000,
    });
    expect(
      classifyHttpFailure('openai', 401, {}, headers({ 'retry-after': '3' })).retryAfterMs,
    ).toBeUndefined();
  });

  it('keeps codes that are safe to log and drops anything else', () => {
    expect(
      classifyHttpFailure('openai', 401, { error: { code: 'Incorrect key sk-live-123 provided' } })
        .code,
    ).toBeUndefined();
  });
});

describe('the provider message a job error shows', () => {
  const KEY = 'sk-secret-0001';
  it.each<[string, unknown, string]>([
    ['a top-level message', { message: 'Prompt too long' }, 'Prompt too long'],
    ['an error string', { error: 'sandbox fault 500' }, 'sandbox fault 500'],
    ['an error object', { error: { type: 'invalid_request', message: 'Bad size' } }, 'Bad size'],
    ['a detail string', { detail: 'Internal Server Error' }, 'Internal Server Error'],
    [
      'an ElevenLabs detail object',
      { detail: { status: 'text_too_long', message: 'Text is too long' } },
      'Text is too long',
    ],
    [
      'FastAPI validation errors',
      {
        detail: [
          { loc: ['body', 'steps'], msg: 'Input should be at most 50', type: 'x' },
          { msg: 'Field required' },
        ],
      },
      'Input should be at most 50; Field required',
    ],
    ['a message holding the key', { message: `key ${KEY} refused` }, 'key **** refused'],
    ['a message over several lines', { message: 'one\n  two\tthree' }, 'one two three'],
    ['a body without a message field', { id: 'x', status: 'Error', result: null }, ''],
    ['a blank message', { message: '   ' }, ''],
    [
      'a body that is a bare string, such as an HTML page',
      '<html><body>Bad Gateway</body></html>',
      '',
    ],
    ['a body that is not JSON at all', undefined, ''],
    ['a list', [{ message: 'x' }], ''],
  ])('reads %s', (_label, body, expected) => {
    expect(providerMessage(body, KEY)).toBe(expected);
  });

  it(`cuts a long message to ${PROVIDER_TEXT_MAX} characters`, () => {
    const message = providerMessage({ message: 'word '.repeat(500) }, KEY);
    expect(message).toHaveLength(PROVIDER_TEXT_MAX);
    expect(message.endsWith('...')).toBe(true);
  });

  it('masks the key in any provider text and keeps it short', () => {
    expect(providerText(`bad key ${KEY} refused`, KEY)).toBe('bad key **** refused');
    expect(providerText('x'.repeat(400), KEY)).toHaveLength(PROVIDER_TEXT_MAX);
    expect(providerText('  ', KEY)).toBe('');
  });
});
