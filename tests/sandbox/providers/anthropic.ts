import type { Context, Hono } from 'hono';
import { randomBytes } from 'node:crypto';
import {
  bearer,
  jsonBody,
  keyKind,
  minuteWindows,
  roughTokens,
  sandboxId,
  sandboxReply,
} from './shared';

/**
 * Anthropic (api.anthropic.com/v1): the key in `x-api-key` (or `Authorization: Bearer`, which the current
 * SDK sends) and an `anthropic-version` header, both required; errors as {type: "error", error: {type, message}}.
 */
type Support = { supported: boolean };
const yes: Support = { supported: true };
const no: Support = { supported: false };

/** Capabilities as GET /v1/models describes them (every key present, as the SDK's ModelCapabilities types it). */
function capabilities(kind: 'adaptive-always' | 'adaptive' | 'extended'): Record<string, unknown> {
  const adaptive = kind !== 'extended';
  return {
    batch: yes,
    citations: yes,
    code_execution: yes,
    context_management: {
      supported: true,
      clear_thinking_20251015: yes,
      clear_tool_uses_20250919: yes,
      compact_20260112: adaptive ? yes : null,
    },
    effort: adaptive
      ? {
          supported: true,
          low: yes,
          medium: yes,
          high: yes,
          max: yes,
          xhigh: kind === 'adaptive-always' ? yes : no,
        }
      : { supported: false, low: no, medium: no, high: no, max: no, xhigh: null },
    image_input: yes,
    pdf_input: yes,
    server_tools: { supported: true, code_execution: yes, web_search: yes },
    structured_outputs: yes,
    thinking: {
      supported: true,
      types: {
        adaptive: adaptive ? yes : no,
        between_tools: adaptive ? yes : no,
        disabled: kind === 'adaptive-always' ? no : yes,
        enabled: adaptive ? no : yes,
      },
    },
  };
}

interface AnthropicModel {
  id: string;
  display_name: string;
  line: 'haiku' | 'sonnet' | 'opus' | 'fable';
  created_at: string;
  lifecycle: 'active' | 'deprecated';
  deprecated_at: string | null;
  retires_at: string | null;
  max_input_tokens: number;
  max_tokens: number;
  capabilities: Record<string, unknown>;
}

const model = (
  id: string,
  display_name: string,
  line: AnthropicModel['line'],
  created: string,
  context: number,
  output: number,
  thinking: Parameters<typeof capabilities>[0],
  retiring?: { deprecated: string; retires: string },
): AnthropicModel => ({
  id,
  display_name,
  line,
  created_at: `${created}T00:00:00Z`,
  lifecycle: retiring ? 'deprecated' : 'active',
  deprecated_at: retiring ? `${retiring.deprecated}T00:00:00Z` : null,
  retires_at: retiring ? `${retiring.retires}T00:00:00Z` : null,
  max_input_tokens: context,
  max_tokens: output,
  capabilities: capabilities(thinking),
});

/**
 * The models GET /v1/models lists by default (active and deprecated; retired ones only on request), newest
 * first, as Anthropic's models pages give them: the current Claude 5.5 line and Fable 5.1; Opus 4.5 and Haiku
 * 4.5 (legacy, still active); Sonnet 4.5 (deprecated, retiring on 30 November 2026). The 3.x models are retired.
 */
export const ANTHROPIC_MODELS: AnthropicModel[] = [
  model(
    'claude-haiku-5-5',
    'Claude Haiku 5.5',
    'haiku',
    '2026-10-20',
    1_000_000,
    128_000,
    'adaptive',
  ),
  model(
    'claude-sonnet-5-5',
    'Claude Sonnet 5.5',
    'sonnet',
    '2026-09-28',
    1_000_000,
    128_000,
    'adaptive',
  ),
  model(
    'claude-fable-5-1',
    'Claude Fable 5.1',
    'fable',
    '2026-09-24',
    1_000_000,
    128_000,
    'adaptive-always',
  ),
  model(
    'claude-opus-5-5',
    'Claude Opus 5.5',
    'opus',
    '2026-09-24',
    1_000_000,
    128_000,
    'adaptive-always',
  ),
  model(
    'claude-opus-4-5-20251101',
    'Claude Opus 4.5',
    'opus',
    '2025-11-24',
    200_000,
    64_000,
    'extended',
  ),
  model(
    'claude-haiku-4-5-20251001',
    'Claude Haiku 4.5',
    'haiku',
    '2025-10-15',
    200_000,
    64_000,
    'extended',
  ),
  model(
    'claude-sonnet-4-5-20250929',
    'Claude Sonnet 4.5',
    'sonnet',
    '2025-09-29',
    200_000,
    64_000,
    'extended',
    { deprecated: '2026-09-28', retires: '2026-11-30' },
  ),
];

const modelInfo = (m: AnthropicModel) => ({
  type: 'model',
  id: m.id,
  display_name: m.display_name,
  created_at: m.created_at,
  lifecycle: m.lifecycle,
  deprecated_at: m.deprecated_at,
  retires_at: m.retires_at,
  line: m.line,
  max_input_tokens: m.max_input_tokens,
  max_tokens: m.max_tokens,
  capabilities: m.capabilities,
});

/** Older models are listed as dated snapshots; messages also take their aliases ('claude-haiku-4-5'). Retired models (3.x): 404 not_found_error. */
export function servesAnthropicModel(model: string): boolean {
  return ANTHROPIC_MODELS.some((m) => m.id === model || m.id.replace(/-\d{8}$/, '') === model);
}

const error = (c: Context, status: 400 | 401 | 402 | 404, type: string, message: string) =>
  c.json({ type: 'error', error: { type, message }, request_id: sandboxId('req_') }, status);

const keyOf = (c: Context) => c.req.header('x-api-key') ?? bearer(c.req.header('authorization'));

function refuse(c: Context): Response | undefined {
  const kind = keyKind(keyOf(c));
  if (kind === 'missing')
    return error(c, 401, 'authentication_error', 'x-api-key header is required');
  if (kind === 'bad') return error(c, 401, 'authentication_error', 'invalid x-api-key');
  if (!c.req.header('anthropic-version'))
    return error(c, 400, 'invalid_request_error', 'anthropic-version: header is required');
  return undefined;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b: { type?: string; text?: unknown }) =>
      b?.type === 'text' && typeof b.text === 'string' ? b.text : '',
    )
    .join('');
}

/**
 * What every API answer carries (docs.anthropic.com/en/api/errors, "Request id": the request-id header; and
 * docs.anthropic.com/en/api/rate-limits, "Response headers"): request-id, then per limit its -limit,
 * -remaining and -reset (RFC 3339) for requests, tokens, input-tokens and output-tokens, as
 * anthropic-ratelimit-requests-limit and so on. The figures are Tier 1's (50 requests, 30,000 input and
 * 8,000 output tokens a minute); a request counts its body at 4 bytes a token as input.
 */
export const ANTHROPIC_RATE_LIMITS = { requests: 50, input: 30_000, output: 8_000 } as const;

export function anthropicRoutes(app: Hono): void {
  const requests = minuteWindows();
  const inputSpent = new Map<string, number>();
  app.use('/v1/*', async (c, next) => {
    await next();
    const key = keyOf(c) ?? '';
    const window = requests(key);
    if (window.used === 1) inputSpent.set(key, 0);
    const input =
      (inputSpent.get(key) ?? 0) + Math.ceil(Number(c.req.header('content-length') ?? 0) / 4);
    inputSpent.set(key, input);
    const reset = new Date(window.resetAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const h = c.res.headers;
    h.set('request-id', `req_${randomBytes(12).toString('base64url')}`);
    const limit = (name: string, max: number, left: number) => {
      h.set(`anthropic-ratelimit-${name}-limit`, String(max));
      h.set(`anthropic-ratelimit-${name}-remaining`, String(Math.max(0, left)));
      h.set(`anthropic-ratelimit-${name}-reset`, reset);
    };
    const { requests: rpm, input: itpm, output: otpm } = ANTHROPIC_RATE_LIMITS;
    limit('requests', rpm, rpm - window.used);
    limit('input-tokens', itpm, itpm - input);
    limit('output-tokens', otpm, otpm);
    limit('tokens', itpm + otpm, itpm + otpm - input);
  });
  // GET /v1/models: newest first, paged like the real list: limit 1-1000 (default 20), after_id or before_id
  // as the cursor, has_more in the direction asked, first_id and last_id of the page.
  app.get('/v1/models', (c) => {
    const refused = refuse(c);
    if (refused) return refused;
    const rawLimit = c.req.query('limit');
    const limit = rawLimit === undefined ? 20 : Number(rawLimit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      return error(
        c,
        400,
        'invalid_request_error',
        `limit: Input should be ${Number.isInteger(limit) ? (limit < 1 ? 'greater than or equal to 1' : 'less than or equal to 1000') : 'a valid integer'}`,
      );
    }
    const afterId = c.req.query('after_id');
    const beforeId = c.req.query('before_id');
    if (afterId && beforeId)
      return error(c, 400, 'invalid_request_error', 'Cannot specify both after_id and before_id');
    const ids = ANTHROPIC_MODELS.map((m) => m.id);
    const cursor = afterId ?? beforeId;
    const at = cursor === undefined ? -1 : ids.indexOf(cursor);
    if (cursor !== undefined && at < 0)
      return error(
        c,
        400,
        'invalid_request_error',
        `${afterId ? 'after_id' : 'before_id'}: no model with id ${cursor}`,
      );
    let start: number;
    let end: number;
    let hasMore: boolean;
    if (beforeId) {
      end = at;
      start = Math.max(0, end - limit);
      hasMore = start > 0;
    } else {
      start = at + 1;
      end = Math.min(ids.length, start + limit);
      hasMore = end < ids.length;
    }
    const data = ANTHROPIC_MODELS.slice(start, end).map(modelInfo);
    return c.json({
      data,
      has_more: hasMore,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
    });
  });

  // GET /v1/models/{model_id}: one model, by id or alias.
  app.get('/v1/models/:id', (c) => {
    const refused = refuse(c);
    if (refused) return refused;
    const id = c.req.param('id');
    const found = ANTHROPIC_MODELS.find((m) => m.id === id || m.id.replace(/-\d{8}$/, '') === id);
    return found ? c.json(modelInfo(found)) : error(c, 404, 'not_found_error', `model: ${id}`);
  });

  app.post('/v1/messages', async (c) => {
    const refused = refuse(c);
    if (refused) return refused;
    const body = await jsonBody(c.req);
    if (!body) return error(c, 400, 'invalid_request_error', 'The request body is not valid JSON.');
    if (typeof body.model !== 'string')
      return error(c, 400, 'invalid_request_error', 'model: Field required');
    if (!Number.isInteger(body.max_tokens))
      return error(c, 400, 'invalid_request_error', 'max_tokens: Field required');
    const messages = body.messages;
    if (!Array.isArray(messages) || messages.length === 0)
      return error(c, 400, 'invalid_request_error', 'messages: Field required');
    if (keyKind(keyOf(c)) === 'no_credit') {
      return error(
        c,
        402,
        'billing_error',
        'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
      );
    }
    const model = body.model;
    if (!servesAnthropicModel(model)) return error(c, 404, 'not_found_error', `model: ${model}`);
    const last = (messages as Array<{ role?: string; content?: unknown }>)
      .filter((m) => m.role === 'user')
      .at(-1);
    const text = sandboxReply('anthropic', model, textOf(body.system), textOf(last?.content));
    return c.json({
      id: sandboxId('msg_'),
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text, citations: null }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      stop_details: null,
      container: null,
      diagnostics: null,
      usage: {
        input_tokens: roughTokens(JSON.stringify(messages)),
        output_tokens: roughTokens(text),
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        output_tokens_details: null,
        server_tool_use: null,
        service_tier: 'standard',
        inference_geo: null,
        speed: 'standard',
      },
    });
  });
}
