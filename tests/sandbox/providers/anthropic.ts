import type { Context, Hono } from 'hono';
import { bearer, jsonBody, keyKind, roughTokens, sandboxId, sandboxReply } from './shared';

/**
 * Anthropic (api.anthropic.com/v1): the key in `x-api-key` (or `Authorization: Bearer`, which the current
 * SDK sends) and an `anthropic-version` header, both required; errors as {type: "error", error: {type, message}}.
 */
export const ANTHROPIC_MODELS = [
  { id: 'claude-sonnet-4-5-20250929', display_name: 'Claude Sonnet 4.5', created_at: '2025-09-29T00:00:00Z' },
  { id: 'claude-haiku-4-5-20251001', display_name: 'Claude Haiku 4.5', created_at: '2025-10-01T00:00:00Z' },
  { id: 'claude-opus-4-5-20251101', display_name: 'Claude Opus 4.5', created_at: '2025-11-01T00:00:00Z' },
];

/** The list holds dated snapshots; messages also take their aliases ('claude-haiku-4-5'). The 3.5 models are retired: 404 not_found_error. */
export function servesAnthropicModel(model: string): boolean {
  return ANTHROPIC_MODELS.some((m) => m.id === model || m.id.replace(/-\d{8}$/, '') === model);
}

const error = (c: Context, status: 400 | 401 | 402 | 404, type: string, message: string) => c.json({ type: 'error', error: { type, message }, request_id: sandboxId('req_') }, status);

const keyOf = (c: Context) => c.req.header('x-api-key') ?? bearer(c.req.header('authorization'));

function refuse(c: Context): Response | undefined {
  const kind = keyKind(keyOf(c));
  if (kind === 'missing') return error(c, 401, 'authentication_error', 'x-api-key header is required');
  if (kind === 'bad') return error(c, 401, 'authentication_error', 'invalid x-api-key');
  if (!c.req.header('anthropic-version')) return error(c, 400, 'invalid_request_error', 'anthropic-version: header is required');
  return undefined;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((b: { type?: string; text?: unknown }) => (b?.type === 'text' && typeof b.text === 'string' ? b.text : '')).join('');
}

export function anthropicRoutes(app: Hono): void {
  app.get('/v1/models', (c) => {
    const refused = refuse(c);
    if (refused) return refused;
    const data = ANTHROPIC_MODELS.map((m) => ({ type: 'model', id: m.id, display_name: m.display_name, created_at: m.created_at }));
    return c.json({ data, has_more: false, first_id: data[0]!.id, last_id: data.at(-1)!.id });
  });

  app.post('/v1/messages', async (c) => {
    const refused = refuse(c);
    if (refused) return refused;
    const body = await jsonBody(c.req);
    if (!body) return error(c, 400, 'invalid_request_error', 'The request body is not valid JSON.');
    if (typeof body.model !== 'string') return error(c, 400, 'invalid_request_error', 'model: Field required');
    if (!Number.isInteger(body.max_tokens)) return error(c, 400, 'invalid_request_error', 'max_tokens: Field required');
    const messages = body.messages;
    if (!Array.isArray(messages) || messages.length === 0) return error(c, 400, 'invalid_request_error', 'messages: Field required');
    if (keyKind(keyOf(c)) === 'no_credit') {
      return error(c, 402, 'billing_error', 'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.');
    }
    const model = body.model;
    if (!servesAnthropicModel(model)) return error(c, 404, 'not_found_error', `model: ${model}`);
    const last = (messages as Array<{ role?: string; content?: unknown }>).filter((m) => m.role === 'user').at(-1);
    const text = sandboxReply('anthropic', model, textOf(body.system), textOf(last?.content));
    return c.json({
      id: sandboxId('msg_'),
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: roughTokens(JSON.stringify(messages)), output_tokens: roughTokens(text) },
    });
  });
}
