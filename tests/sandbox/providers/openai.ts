import type { Context, Hono } from 'hono';
import { bearer, jsonBody, keyKind, roughTokens, sandboxId, sandboxReply } from './shared';

/**
 * OpenAI (api.openai.com/v1): Bearer key; errors as {error: {message, type, param, code}}. Reasoning models (the
 * GPT-5 family, o-series) refuse `max_tokens` (400 unsupported_parameter: use max_completion_tokens) and any
 * `temperature` but 1 (400 unsupported_value), as the real API does. `stream: true` answers server-sent events:
 * chat.completion.chunk objects (role first, then the text in pieces, then finish_reason; the usage last when
 * stream_options.include_usage asks) and `data: [DONE]`.
 */
/** Current chat models; gpt-4o and gpt-4o-mini are retired here, so a call naming them gets 404 model_not_found. */
export const OPENAI_MODELS = ['gpt-5.4', 'gpt-5.4-mini', 'gpt-5-mini', 'gpt-4.1-mini'];
/** Listed too, as the real list does, but not chat models: the catalogue must filter them out. */
export const OPENAI_OTHER_MODELS = ['text-embedding-3-small', 'whisper-1', 'gpt-image-1', 'gpt-realtime', 'gpt-4o-mini-tts', 'omni-moderation-latest'];

/** Whether the model refuses sampling parameters and max_tokens (OpenAI's reasoning models). */
const isReasoningModel = (model: string) => /^(o\d|gpt-5)/.test(model);

const error = (c: Context, status: 400 | 401 | 404 | 429, message: string, type: string, code: string | null, param: string | null = null) => c.json({ error: { message, type, param, code } }, status);

function refuseKey(c: Context): Response | undefined {
  const key = bearer(c.req.header('authorization'));
  const kind = keyKind(key);
  if (kind === 'missing') {
    return error(c, 401, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", 'invalid_request_error', null);
  }
  if (kind === 'bad') {
    // Like the real API, the message echoes part of the key: clients must never pass it on.
    const shown = `${key!.slice(0, 3)}*****${key!.slice(-4)}`;
    return error(c, 401, `Incorrect API key provided: ${shown}. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_request_error', 'invalid_api_key');
  }
  return undefined;
}

export function openaiRoutes(app: Hono): void {
  app.get('/v1/models', (c) => {
    const refused = refuseKey(c);
    if (refused) return refused;
    // Listing models does not check credit, as with the real API.
    return c.json({ object: 'list', data: [...OPENAI_MODELS, ...OPENAI_OTHER_MODELS].map((id) => ({ id, object: 'model', created: 1772668800, owned_by: 'system' })) });
  });

  app.post('/v1/chat/completions', async (c) => {
    const refused = refuseKey(c);
    if (refused) return refused;
    const body = await jsonBody(c.req);
    if (!body) return error(c, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
    const model = body.model;
    const messages = body.messages;
    if (typeof model !== 'string') return error(c, 400, "Missing required parameter: 'model'.", 'invalid_request_error', 'missing_required_parameter', 'model');
    if (!Array.isArray(messages) || messages.length === 0) {
      return error(c, 400, "Missing required parameter: 'messages'.", 'invalid_request_error', 'missing_required_parameter', 'messages');
    }
    if (keyKind(bearer(c.req.header('authorization'))) === 'no_credit') {
      return error(
        c,
        429,
        'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
        'insufficient_quota',
        'insufficient_quota',
      );
    }
    if (!OPENAI_MODELS.includes(model)) return error(c, 404, `The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found');
    if (isReasoningModel(model)) {
      if (body.max_tokens !== undefined && body.max_tokens !== null) {
        return error(c, 400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'invalid_request_error', 'unsupported_parameter', 'max_tokens');
      }
      if (body.temperature !== undefined && body.temperature !== null && body.temperature !== 1) {
        return error(
          c,
          400,
          `Unsupported value: 'temperature' does not support ${JSON.stringify(body.temperature)} with this model. Only the default (1) value is supported.`,
          'invalid_request_error',
          'unsupported_value',
          'temperature',
        );
      }
    }
    const typed = messages as Array<{ role?: string; content?: unknown }>;
    const text = (role: string) =>
      typed
        .filter((m) => m.role === role)
        .map((m) => (typeof m.content === 'string' ? m.content : ''))
        .join('\n');
    const system = text('system') || text('developer');
    const prompt = typed.filter((m) => m.role === 'user').at(-1);
    const content = sandboxReply('openai', model, system, typeof prompt?.content === 'string' ? prompt.content : '');
    const promptTokens = roughTokens(JSON.stringify(messages));
    const completionTokens = roughTokens(content);
    const id = sandboxId('chatcmpl-');
    const created = Math.floor(Date.now() / 1000);
    if (body.stream === true) {
      const options = body.stream_options as { include_usage?: unknown } | undefined;
      const usage = options?.include_usage === true ? { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens } : undefined;
      return streamCompletion(c, { id, created, model, content, usage });
    }
    return c.json({
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      system_fingerprint: 'fp_sandbox',
    });
  });
}

/** The completion as server-sent chat.completion.chunk events, the way the real API streams it. */
function streamCompletion(c: Context, { id, created, model, content, usage }: { id: string; created: number; model: string; content: string; usage?: object }): Response {
  const chunk = (delta: Record<string, unknown>, finishReason: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    system_fingerprint: 'fp_sandbox',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const pieces = content.match(/\S+\s*|\s+/g) ?? [];
  const events: object[] = [chunk({ role: 'assistant', content: '', refusal: null }, null), ...pieces.map((p) => chunk({ content: p }, null)), chunk({}, 'stop')];
  // stream_options.include_usage: one more chunk, with no choices and the usage.
  if (usage) events.push({ ...chunk({}, null), choices: [], usage });
  const text = `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}data: [DONE]\n\n`;
  return c.body(text, 200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
}
