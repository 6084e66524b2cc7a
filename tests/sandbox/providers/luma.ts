import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Context, Hono } from 'hono';
import { CONTROL_PREFIX } from '../app';
import { holdRoutes } from '../holds';
import { gradientPng } from './png';
import { bearer, jsonBody, keyKind } from './shared';

// Luma Dream Machine (api.lumalabs.ai/dream-machine/v1, docs.lumalabs.ai): Bearer key. POST /generations
// or /generations/video (model ray-2) answers the generation (state queued); GET /generations/{id} answers its state, which
// advances one step per GET: queued, dreaming (N times), then completed with assets.video (an MP4) and
// assets.image (a poster), or failed with failure_reason. Errors are {detail}.
//
// Prompt tags: [pending:N] (N in-progress answers before the outcome, default 2: queued then dreaming),
// [hold:NAME] (in progress until the test releases NAME, then as without it: tests/sandbox/holds.ts),
// [slow] (8), [error] (failed with a failure_reason), [submit-status:NNN] (the create answers NNN),
// [video-status:NNN] (the asset URL answers NNN). GET /__sandbox/luma/generations lists every create.

const VIDEO_FIXTURE = new URL('../fixtures/sample.mp4', import.meta.url);
const SLOW_PENDING = 8;
const DEFAULT_PENDING = 2;
export const LUMA_MODELS = ['ray-2', 'ray-flash-2', 'ray-1-6'] as const;
export const SANDBOX_FAILURE_REASON = 'Sandbox generation failed ([error] in the prompt)';

interface Generation {
  id: string;
  prompt: string;
  model: string;
  createdAt: string;
  hold?: string;
  pendingLeft: number;
  gets: number;
  fails: boolean;
  videoStatus?: number;
  state: 'queued' | 'dreaming' | 'completed' | 'failed';
}

const tag = (prompt: string, name: string): number | undefined => {
  const m = new RegExp(`\\[${name}:(\\d{1,4})\\]`).exec(prompt);
  return m ? Number(m[1]) : undefined;
};

let videoBytes: Promise<Buffer> | undefined;
/** The fixture, read once without blocking the event loop (the sandbox shares it with the test runner). */
export function sampleMp4(): Promise<Buffer> {
  return (videoBytes ??= readFile(VIDEO_FIXTURE));
}

function refuseKey(c: Context): Response | undefined {
  const kind = keyKind(bearer(c.req.header('authorization')));
  if (kind === 'missing' || kind === 'bad') return c.json({ detail: 'Invalid API key' }, 401);
  return undefined;
}

export function lumaRoutes(app: Hono): void {
  const generations = new Map<string, Generation>();
  const holds = holdRoutes(app);

  app.get(`${CONTROL_PREFIX}/luma/generations`, (c) =>
    c.json({
      generations: [...generations.values()].map(({ id, prompt, model, state, gets }) => ({
        id,
        prompt,
        model,
        state,
        gets,
      })),
    }),
  );

  app.get('/dream-machine/v1/credits', (c) => {
    const kind = keyKind(bearer(c.req.header('authorization')));
    if (kind === 'missing' || kind === 'bad') return c.json({ detail: 'Invalid API key' }, 401);
    return c.json({ credit_balance: kind === 'no_credit' ? 0 : 2500 });
  });

  const view = (g: Generation, origin: string) => {
    const completed = g.state === 'completed';
    return {
      id: g.id,
      generation_type: 'video',
      state: g.state,
      failure_reason: g.state === 'failed' ? SANDBOX_FAILURE_REASON : null,
      created_at: g.createdAt,
      model: g.model,
      assets: completed
        ? {
            video: `${origin}/assets/${g.id}/video.mp4`,
            image: `${origin}/assets/${g.id}/image.png`,
            progress_video: null,
          }
        : null,
      request: {
        generation_type: 'video',
        prompt: g.prompt,
        model: g.model,
        aspect_ratio: '16:9',
        loop: false,
      },
    };
  };

  // The documented create path, and /generations/video that the official SDK (lumaai) posts to.
  const create = async (c: Context) => {
    const refused = refuseKey(c);
    if (refused) return refused;
    if (keyKind(bearer(c.req.header('authorization'))) === 'no_credit')
      return c.json({ detail: 'Insufficient credits' }, 400);
    const body = await jsonBody(c.req);
    if (!body) return c.json({ detail: 'Invalid JSON body' }, 400);
    const prompt = body.prompt;
    if (typeof prompt !== 'string' || !prompt.trim())
      return c.json(
        { detail: [{ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' }] },
        422,
      );
    const model = body.model;
    if (typeof model !== 'string' || !(LUMA_MODELS as readonly string[]).includes(model)) {
      return c.json(
        {
          detail: [
            {
              loc: ['body', 'model'],
              msg: `Input should be ${LUMA_MODELS.map((m) => `'${m}'`).join(' or ')}`,
              type: 'literal_error',
            },
          ],
        },
        422,
      );
    }
    const forced = tag(prompt, 'submit-status');
    if (forced && forced >= 400 && forced <= 599)
      return c.json({ detail: `sandbox create fault ${forced}` }, forced as 500);
    const pending =
      tag(prompt, 'pending') ?? (prompt.includes('[slow]') ? SLOW_PENDING : DEFAULT_PENDING);
    const g: Generation = {
      id: randomUUID(),
      prompt,
      model,
      createdAt: new Date().toISOString(),
      hold: holds.fromPrompt(prompt),
      pendingLeft: pending,
      gets: 0,
      fails: prompt.includes('[error]'),
      videoStatus: tag(prompt, 'video-status'),
      state: 'queued',
    };
    generations.set(g.id, g);
    return c.json(view(g, new URL(c.req.url).origin), 201);
  };
  app.post('/dream-machine/v1/generations', create);
  app.post('/dream-machine/v1/generations/video', create);

  app.get('/dream-machine/v1/generations/:id', (c) => {
    const refused = refuseKey(c);
    if (refused) return refused;
    const g = generations.get(c.req.param('id'));
    if (!g) return c.json({ detail: 'Generation not found' }, 404);
    g.gets += 1;
    if (g.state === 'queued' || g.state === 'dreaming') {
      if (holds.held(g.hold, Date.parse(g.createdAt))) {
        g.state = g.gets === 1 ? 'queued' : 'dreaming';
      } else if (g.pendingLeft > 0) {
        g.pendingLeft -= 1;
        // The first answer is queued, the following ones dreaming.
        g.state = g.gets === 1 ? 'queued' : 'dreaming';
      } else {
        g.state = g.fails ? 'failed' : 'completed';
      }
    }
    return c.json(view(g, new URL(c.req.url).origin));
  });

  // The asset CDN: no key (the URLs are unguessable), like Luma's storage links.
  app.get('/assets/:id/video.mp4', async (c) => {
    const g = generations.get(c.req.param('id'));
    if (!g || g.state !== 'completed') return c.text('Not found', 404);
    if (g.videoStatus && g.videoStatus >= 400 && g.videoStatus <= 599)
      return c.text(`sandbox video fault ${g.videoStatus}`, g.videoStatus as 500);
    const bytes = await sampleMp4();
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': 'video/mp4',
      'content-length': String(bytes.length),
    });
  });
  app.get('/assets/:id/image.png', (c) => {
    const g = generations.get(c.req.param('id'));
    if (!g || g.state !== 'completed') return c.text('Not found', 404);
    const png = gradientPng(320, 180, `luma:${g.prompt}`);
    return c.body(new Uint8Array(png), 200, {
      'content-type': 'image/png',
      'content-length': String(png.length),
    });
  });
}
