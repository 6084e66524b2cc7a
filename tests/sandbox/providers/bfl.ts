import type { Context, Hono } from 'hono';
import { CONTROL_PREFIX } from '../app';
import { holdRoutes } from '../holds';
import { gradientPng, hashSeed, pngSize } from './png';
import { jsonBody, keyKind, sandboxId } from './shared';

// Black Forest Labs (api.bfl.ai, docs.bfl.ai): key in `x-key`; a bad key is a 403 "Not authenticated";
// validation errors are FastAPI 422s {detail: [{type, loc, msg, input}]}. Generation is asynchronous:
// POST /v1/<model> answers {id, polling_url}; GET /v1/get_result?id= answers Pending, then Ready with
// result.sample (a delivery URL that expires after 10 minutes), or Error / Content Moderated / Request Moderated.
//
// Prompt tags drive a task: [pending:N] (N Pending answers before the outcome, default 1, see the control
// route), [hold:NAME] (Pending until the test releases NAME, then as without it: tests/sandbox/holds.ts), [slow] (5 Pending answers), [error] (status Error), [moderated] (Content Moderated),
// [request-moderated] (Request Moderated). Faults that touch only one task, so tests sharing a sandbox
// cannot take each other's (the control API's faults go to whichever request comes first):
// [submit-status:NNN] (the submit answers NNN), [poll-500:N] / [poll-malformed:N] (its first N polls fail
// that way), [sample-status:NNN] (its sample URL answers NNN).
// GET /__sandbox/bfl/submissions lists every submit with its prompt, answer status and polls, so a test
// counts its own provider calls by a marker in its prompt.

export const BFL_MODELS = [
  'flux-pro-1.1',
  'flux-kontext-pro',
  'flux-pro-1.0-canny',
  'flux-pro-1.0-depth',
] as const;
type BflModel = (typeof BFL_MODELS)[number];
type Outcome = 'Ready' | 'Error' | 'Content Moderated' | 'Request Moderated';

interface Task {
  id: string;
  model: BflModel;
  prompt: string;
  width: number;
  height: number;
  pendingLeft: number;
  pendingTotal: number;
  hold?: string;
  outcome: Outcome;
  createdAt: number;
  readyAt?: number;
  png?: Buffer;
  polls: number;
  pollFaults: { status: 500 | 'malformed'; left: number };
  sampleStatus?: number;
}

interface Submission {
  id: string | null;
  model: BflModel;
  prompt: string;
  status: number;
  at: number;
  task?: Task;
}

const DELIVERY_TTL_MS = 10 * 60 * 1000;
const SLOW_PENDING_POLLS = 5;

type Issue = { type: string; loc: (string | number)[]; msg: string; input?: unknown };
const invalid = (c: Context, issues: Issue[]) => c.json({ detail: issues }, 422);

function refuseKey(c: Context): Response | undefined {
  const kind = keyKind(c.req.header('x-key'));
  if (kind === 'missing' || kind === 'bad')
    return c.json({ detail: 'Not authenticated - Invalid Authentication' }, 403);
  return undefined;
}

/** flux-pro-1.1: width and height 256..1440, multiples of 32 (defaults 1024 x 768). */
function dimension(
  body: Record<string, unknown>,
  name: 'width' | 'height',
  fallback: number,
  issues: Issue[],
): number {
  const value = body[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    issues.push({
      type: 'int_type',
      loc: ['body', name],
      msg: 'Input should be a valid integer',
      input: value,
    });
  } else if (value < 256 || value > 1440) {
    issues.push({
      type: value < 256 ? 'greater_than_equal' : 'less_than_equal',
      loc: ['body', name],
      msg: `Input should be ${value < 256 ? 'greater than or equal to 256' : 'less than or equal to 1440'}`,
      input: value,
    });
  } else if (value % 32 !== 0) {
    issues.push({
      type: 'multiple_of',
      loc: ['body', name],
      msg: 'Input should be a multiple of 32',
      input: value,
    });
  } else {
    return value;
  }
  return fallback;
}

/** A base64 image (or an http(s) URL) as the image endpoints take it; undefined when it is neither. */
function imageInput(value: unknown): { bytes?: Buffer } | undefined {
  if (typeof value !== 'string' || value.length === 0) return undefined;
  if (/^https?:\/\//.test(value)) return {};
  const raw = value.replace(/^data:image\/[a-z+]+;base64,/, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(raw)) return undefined;
  const bytes = Buffer.from(raw, 'base64');
  return bytes.length > 0 ? { bytes } : undefined;
}

function pendingFromPrompt(prompt: string, fallback: number): number {
  const exact = /\[pending:(\d{1,4})\]/.exec(prompt);
  if (exact) return Number(exact[1]);
  if (prompt.includes('[slow]')) return SLOW_PENDING_POLLS;
  return fallback;
}

const tag = (prompt: string, name: string): number | undefined => {
  const m = new RegExp(`\\[${name}:(\\d{1,4})\\]`).exec(prompt);
  return m ? Number(m[1]) : undefined;
};

function outcomeFromPrompt(prompt: string): Outcome {
  if (prompt.includes('[error]')) return 'Error';
  if (prompt.includes('[request-moderated]')) return 'Request Moderated';
  if (prompt.includes('[moderated]')) return 'Content Moderated';
  return 'Ready';
}

export function bflRoutes(app: Hono): void {
  const tasks = new Map<string, Task>();
  const submissions: Submission[] = [];
  let defaultPendingPolls = 1;
  const holds = holdRoutes(app);

  app.get(`${CONTROL_PREFIX}/bfl/submissions`, (c) =>
    c.json({
      submissions: submissions.map(({ task, ...s }) => ({ ...s, polls: task?.polls ?? 0 })),
    }),
  );

  // Control: how many Pending answers a new task gives when its prompt has no tag.
  app.get(`${CONTROL_PREFIX}/bfl/defaults`, (c) => c.json({ pendingPolls: defaultPendingPolls }));
  app.put(`${CONTROL_PREFIX}/bfl/defaults`, async (c) => {
    const body = await jsonBody(c.req);
    const n = body?.pendingPolls;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 10_000)
      return c.json({ error: 'pendingPolls must be a whole number from 0 to 10000' }, 400);
    defaultPendingPolls = n;
    return c.json({ pendingPolls: n });
  });
  app.delete(`${CONTROL_PREFIX}/bfl/defaults`, (c) => {
    defaultPendingPolls = 1;
    return c.body(null, 204);
  });

  app.get('/v1/credits', (c) => {
    const refused = refuseKey(c);
    if (refused) return refused;
    return c.json({ credits: keyKind(c.req.header('x-key')) === 'no_credit' ? 0 : 1000 });
  });

  for (const model of BFL_MODELS) {
    app.post(`/v1/${model}`, async (c) => {
      const refused = refuseKey(c);
      if (refused) return refused;
      const body = await jsonBody(c.req);
      if (!body)
        return invalid(c, [{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error' }]);
      const promptText = typeof body.prompt === 'string' ? body.prompt : '';
      const refuse = (status: number, answer: Response) => {
        submissions.push({ id: null, model, prompt: promptText, status, at: Date.now() });
        return answer;
      };
      if (keyKind(c.req.header('x-key')) === 'no_credit')
        return refuse(402, c.json({ detail: 'Insufficient credits' }, 402));
      const forced = tag(promptText, 'submit-status');
      if (forced && forced >= 400 && forced <= 599)
        return refuse(forced, c.json({ detail: `sandbox submit fault ${forced}` }, forced as 500));

      const issues: Issue[] = [];
      const prompt = body.prompt;
      if (prompt !== undefined && prompt !== null && typeof prompt !== 'string')
        issues.push({
          type: 'string_type',
          loc: ['body', 'prompt'],
          msg: 'Input should be a valid string',
          input: prompt,
        });
      if (model !== 'flux-pro-1.1' && (typeof prompt !== 'string' || prompt.length === 0))
        issues.push({ type: 'missing', loc: ['body', 'prompt'], msg: 'Field required' });
      if (
        body.output_format !== undefined &&
        body.output_format !== null &&
        !['jpeg', 'png'].includes(String(body.output_format))
      ) {
        issues.push({
          type: 'enum',
          loc: ['body', 'output_format'],
          msg: "Input should be 'jpeg' or 'png'",
          input: body.output_format,
        });
      }

      let width = 1024;
      let height = 768;
      if (model === 'flux-pro-1.1') {
        width = dimension(body, 'width', 1024, issues);
        height = dimension(body, 'height', 768, issues);
      } else {
        // Kontext and the control tools answer in the size of the image they were given (1024 x 1024 without one).
        const field = model === 'flux-kontext-pro' ? 'input_image' : 'control_image';
        const given = body[field];
        const image = imageInput(given);
        if (given !== undefined && given !== null && !image)
          issues.push({
            type: 'value_error',
            loc: ['body', field],
            msg: 'Value error, invalid image: expected base64 data or a URL',
            input: '<image>',
          });
        if (field === 'control_image' && (given === undefined || given === null))
          issues.push({ type: 'missing', loc: ['body', field], msg: 'Field required' });
        const size = image?.bytes ? pngSize(image.bytes) : undefined;
        width = size?.width ?? 1024;
        height = size?.height ?? 1024;
      }
      if (issues.length > 0) return refuse(422, invalid(c, issues));

      const text = promptText;
      const pending = pendingFromPrompt(text, defaultPendingPolls);
      const malformed = tag(text, 'poll-malformed');
      const task: Task = {
        id: sandboxId('bfl-'),
        model,
        prompt: text,
        width,
        height,
        pendingLeft: pending,
        pendingTotal: pending,
        hold: holds.fromPrompt(text),
        outcome: outcomeFromPrompt(text),
        createdAt: Date.now(),
        polls: 0,
        pollFaults: malformed
          ? { status: 'malformed', left: malformed }
          : { status: 500, left: tag(text, 'poll-500') ?? 0 },
        sampleStatus: tag(text, 'sample-status'),
      };
      tasks.set(task.id, task);
      submissions.push({ id: task.id, model, prompt: text, status: 200, at: task.createdAt, task });
      const origin = new URL(c.req.url).origin;
      return c.json({
        id: task.id,
        polling_url: `${origin}/v1/get_result?id=${encodeURIComponent(task.id)}`,
      });
    });
  }

  app.get('/v1/get_result', (c) => {
    const refused = refuseKey(c);
    if (refused) return refused;
    const id = c.req.query('id');
    if (!id) return invalid(c, [{ type: 'missing', loc: ['query', 'id'], msg: 'Field required' }]);
    const task = tasks.get(id);
    if (!task)
      return c.json({ id, status: 'Task not found', result: null, progress: null, details: null });
    task.polls += 1;
    if (task.pollFaults.left > 0) {
      task.pollFaults.left -= 1;
      if (task.pollFaults.status === 'malformed')
        return c.body('{"id": "unterminated', 200, { 'content-type': 'application/json' });
      return c.json({ detail: 'sandbox poll fault 500' }, 500);
    }
    if (holds.held(task.hold, task.createdAt))
      return c.json({ id, status: 'Pending', result: null, progress: 0, details: null });
    if (task.pendingLeft > 0) {
      task.pendingLeft -= 1;
      const progress =
        task.pendingTotal === 0
          ? null
          : Math.round(((task.pendingTotal - task.pendingLeft) / (task.pendingTotal + 1)) * 100) /
            100;
      return c.json({ id, status: 'Pending', result: null, progress, details: null });
    }
    switch (task.outcome) {
      case 'Error':
        return c.json({
          id,
          status: 'Error',
          result: { error: 'Sandbox generation error ([error] in the prompt)' },
          progress: null,
          details: null,
        });
      case 'Content Moderated':
      case 'Request Moderated':
        return c.json({
          id,
          status: task.outcome,
          result: null,
          progress: null,
          details: { 'Moderation Reasons': ['Sandbox moderation (tag in the prompt)'] },
        });
      case 'Ready': {
        task.readyAt ??= Date.now();
        const origin = new URL(c.req.url).origin;
        const expires = task.readyAt + DELIVERY_TTL_MS;
        return c.json({
          id,
          status: 'Ready',
          result: {
            sample: `${origin}/delivery/${encodeURIComponent(id)}/sample.png?se=${expires}&sig=${hashSeed(`${id}:${expires}`).toString(16)}`,
            prompt: task.prompt,
            seed: hashSeed(task.prompt),
            start_time: task.createdAt / 1000,
            end_time: task.readyAt / 1000,
            duration: (task.readyAt - task.createdAt) / 1000,
          },
          progress: null,
          details: null,
        });
      }
    }
  });

  // The delivery host of BFL's signed sample URLs: no key, expires after 10 minutes.
  app.get('/delivery/:id/sample.png', (c) => {
    const task = tasks.get(c.req.param('id'));
    if (!task?.readyAt || task.outcome !== 'Ready') return c.text('Not found', 404);
    if (Date.now() > task.readyAt + DELIVERY_TTL_MS) return c.text('Request has expired', 403);
    if (task.sampleStatus && task.sampleStatus >= 400 && task.sampleStatus <= 599)
      return c.text(`sandbox sample fault ${task.sampleStatus}`, task.sampleStatus as 500);
    task.png ??= gradientPng(task.width, task.height, `${task.model}:${task.prompt}`);
    return c.body(new Uint8Array(task.png), 200, {
      'content-type': 'image/png',
      'content-length': String(task.png.length),
    });
  });
}
