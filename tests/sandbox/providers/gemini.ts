import type { Context, Hono } from 'hono';
import { jsonBody, keyKind, roughTokens, sandboxId, sandboxReply } from './shared';

/**
 * Gemini API (generativelanguage.googleapis.com/v1beta): key in `x-goog-api-key` or `?key=`; errors as
 * {error: {code, message, status, details}}. A bad key is a 400 with reason API_KEY_INVALID, as for real.
 */
/** Current text models (gemini-2.0-flash-exp is retired: 404 NOT_FOUND). */
export const GEMINI_MODELS = ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.5-flash-lite'];
const GEMINI_LISTED = [
  ...GEMINI_MODELS.map((id) => ({
    id,
    displayName: `Gemini ${id.slice('gemini-'.length).replace(/-/g, ' ')}`,
    methods: ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'],
  })),
  // Listed, but not for our text calls: the catalogue must filter them out.
  {
    id: 'gemini-2.5-flash-preview-tts',
    displayName: 'Gemini 2.5 Flash Preview TTS',
    methods: ['countTokens', 'generateContent'],
  },
  {
    id: 'gemini-embedding-001',
    displayName: 'Gemini Embedding 001',
    methods: ['embedContent', 'countTextTokens', 'countTokens'],
  },
];

const googleError = (
  c: Context,
  code: 400 | 403 | 404 | 429,
  status: string,
  message: string,
  details?: unknown[],
) => c.json({ error: { code, message, status, ...(details ? { details } : {}) } }, code);

function refuse(c: Context): Response | undefined {
  const kind = keyKind(c.req.header('x-goog-api-key') ?? c.req.query('key'));
  if (kind === 'missing') {
    return googleError(
      c,
      403,
      'PERMISSION_DENIED',
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    );
  }
  if (kind === 'bad') {
    return googleError(
      c,
      400,
      'INVALID_ARGUMENT',
      'API key not valid. Please pass a valid API key.',
      [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
          metadata: { service: 'generativelanguage.googleapis.com' },
        },
      ],
    );
  }
  return undefined;
}

/** The offset an opaque page token stands for, or undefined for a token this list never gave. */
function pageTokenOffset(token: string): number | undefined {
  const m = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
  return m ? Number(m[1]) : undefined;
}

type Content = { role?: string; parts?: Array<{ text?: unknown }> };
const textOf = (content: Content | undefined) =>
  (content?.parts ?? []).map((p) => (typeof p.text === 'string' ? p.text : '')).join('');

export function geminiRoutes(app: Hono): void {
  // models.list: pages of pageSize (default 50, at most 1000: a larger size is cut to 1000, as documented), the
  // next page's pageToken in nextPageToken (absent on the last page). A token this list never gave is refused.
  app.get('/v1beta/models', (c) => {
    const refused = refuse(c);
    if (refused) return refused;
    const rawSize = c.req.query('pageSize');
    const size = rawSize === undefined || rawSize === '' ? 50 : Number(rawSize);
    if (!Number.isInteger(size) || size < 0)
      return googleError(
        c,
        400,
        'INVALID_ARGUMENT',
        `Invalid value at 'page_size' (TYPE_INT32), "${rawSize}"`,
      );
    const pageSize = Math.min(size === 0 ? 50 : size, 1000);
    const token = c.req.query('pageToken');
    const start = token ? pageTokenOffset(token) : 0;
    if (start === undefined || start > GEMINI_LISTED.length)
      return googleError(c, 400, 'INVALID_ARGUMENT', 'Invalid page token.');
    const end = Math.min(GEMINI_LISTED.length, start + pageSize);
    return c.json({
      models: GEMINI_LISTED.slice(start, end).map((m) => ({
        name: `models/${m.id}`,
        version: '001',
        displayName: m.displayName,
        inputTokenLimit: 1_048_576,
        outputTokenLimit: 65_536,
        supportedGenerationMethods: m.methods,
      })),
      ...(end < GEMINI_LISTED.length
        ? { nextPageToken: Buffer.from(`offset:${end}`).toString('base64url') }
        : {}),
    });
  });

  // POST /v1beta/models/{model}:generateContent (one path segment holds model and method).
  app.post('/v1beta/models/:call', async (c) => {
    const [model, method] = c.req.param('call').split(':');
    if (method !== 'generateContent' || !model)
      return googleError(c, 404, 'NOT_FOUND', `Method not found: ${c.req.param('call')}`);
    const refused = refuse(c);
    if (refused) return refused;
    const body = await jsonBody(c.req);
    const contents = body?.contents;
    if (!Array.isArray(contents) || contents.length === 0)
      return googleError(
        c,
        400,
        'INVALID_ARGUMENT',
        '* GenerateContentRequest.contents: contents is not specified',
      );
    if (keyKind(c.req.header('x-goog-api-key') ?? c.req.query('key')) === 'no_credit') {
      return googleError(
        c,
        429,
        'RESOURCE_EXHAUSTED',
        'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
        [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [
              {
                quotaMetric:
                  'generativelanguage.googleapis.com/generate_content_free_tier_requests',
                quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier',
              },
            ],
          },
          {
            '@type': 'type.googleapis.com/google.rpc.Help',
            links: [
              {
                description: 'Learn more about Gemini API quotas',
                url: 'https://ai.google.dev/gemini-api/docs/rate-limits',
              },
            ],
          },
        ],
      );
    }
    if (!GEMINI_MODELS.includes(model))
      return googleError(
        c,
        404,
        'NOT_FOUND',
        `models/${model} is not found for API version v1beta, or is not supported for generateContent.`,
      );
    const system = textOf(body?.systemInstruction as Content | undefined);
    const prompt = textOf(
      (contents as Content[]).filter((m) => (m.role ?? 'user') === 'user').at(-1),
    );
    const text = sandboxReply('gemini', model, system, prompt);
    const promptTokens = roughTokens(JSON.stringify(contents));
    return c.json({
      candidates: [
        { content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 },
      ],
      usageMetadata: {
        promptTokenCount: promptTokens,
        candidatesTokenCount: roughTokens(text),
        totalTokenCount: promptTokens + roughTokens(text),
      },
      modelVersion: model,
      responseId: sandboxId('resp-'),
    });
  });
}
