import type { Hono } from 'hono';
import { CONTROL_PREFIX } from './app';

// Holds: a prompt tag `[hold:NAME]` keeps a job's task in progress until the test releases NAME
// (`DELETE /__sandbox/holds/NAME`), so a test that needs a job still running holds it exactly as long
// as it needs instead of guessing a number of Pending answers. A release before the task exists is kept,
// and a hold ends by itself after HOLD_MAX_MS, so a test that fails before its release cannot keep the
// test stack's job runner (which runs one job at a time) busy for longer than that.

export const HOLD_MAX_MS = 60_000;
const NAME = /\[hold:([A-Za-z0-9_-]{1,64})\]/;

export interface Holds {
  /** The hold named in a prompt, if any. */
  fromPrompt(prompt: string): string | undefined;
  /** Whether a task made at `since` under this hold is still held. */
  held(name: string | undefined, since: number): boolean;
}

/** One provider app's holds, with the control route that releases one. */
export function holdRoutes(app: Hono): Holds {
  const released = new Set<string>();
  app.delete(`${CONTROL_PREFIX}/holds/:name`, (c) => {
    released.add(c.req.param('name'));
    return c.body(null, 204);
  });
  return {
    fromPrompt: (prompt) => NAME.exec(prompt)?.[1],
    held: (name, since) =>
      name !== undefined && !released.has(name) && Date.now() - since < HOLD_MAX_MS,
  };
}
