import { Hono } from 'hono';
import { FaultBook, faultSchema, type RequestRecord } from './faults';
import type { ProviderId } from './hosts';

export const CONTROL_PREFIX = '/__sandbox';

export interface ProviderApp {
  provider: ProviderId;
  app: Hono;
  faults: FaultBook;
  requests: RequestRecord[];
}

/** The body a fault answers when the test gives none: the provider's own error shape for that status. */
export type FaultBody = (status: number) => object;

/** Mounts a provider's documented routes behind the shared control API and fault playback. */
export function createProviderApp(
  provider: ProviderId,
  mountRoutes?: (app: Hono) => void,
  faultBody?: FaultBody,
): ProviderApp {
  const faults = new FaultBook();
  const requests: RequestRecord[] = [];
  const app = new Hono();

  app.get(`${CONTROL_PREFIX}/health`, (c) => c.json({ provider, ok: true }));
  // ?authorizationIncludes=<token>: only the requests of one test's account.
  app.get(`${CONTROL_PREFIX}/requests`, (c) => {
    const token = c.req.query('authorizationIncludes');
    return c.json({
      requests: token ? requests.filter((r) => r.authorization?.includes(token)) : requests,
    });
  });
  app.delete(`${CONTROL_PREFIX}/requests`, (c) => {
    requests.length = 0;
    return c.body(null, 204);
  });
  app.post(`${CONTROL_PREFIX}/faults`, async (c) => {
    const parsed = faultSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return c.json({ error: parsed.error.issues.map((i) => i.message).join('; ') }, 400);
    faults.add(parsed.data);
    return c.json({ pending: faults.pending().length }, 201);
  });
  app.delete(`${CONTROL_PREFIX}/faults`, (c) => {
    faults.clear();
    return c.body(null, 204);
  });

  app.use('*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (path.startsWith(CONTROL_PREFIX)) return next();
    requests.push({
      method: c.req.method,
      path,
      at: Date.now(),
      authorization: c.req.header('authorization'),
    });
    const fault = faults.take(c.req.method, path, c.req.header('authorization'));
    if (!fault) return next();
    if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
    const broken = () =>
      c.body('{"id": "unterminated', 200, { 'content-type': 'application/json' });
    if (fault.malformed) return broken();
    if (fault.lostAnswer) {
      await next();
      // Nothing of the route's answer reaches the caller: Hono's `c.res` setter copies the replaced
      // answer's headers onto the new one (a created post's id header, LinkedIn's x-restli-id), so the
      // route's answer is dropped first.
      c.res = undefined;
      c.res = broken();
      return;
    }
    const headers: Record<string, string> = { ...fault.headers };
    if (fault.retryAfterSeconds !== undefined)
      headers['retry-after'] = String(fault.retryAfterSeconds);
    if (fault.status)
      return c.json(
        (fault.body ??
          faultBody?.(fault.status) ?? { error: `sandbox fault ${fault.status}` }) as object,
        fault.status as 400,
        headers,
      );
    return next();
  });

  mountRoutes?.(app);
  app.notFound((c) =>
    c.json(
      {
        error: `The ${provider} sandbox has no route ${c.req.method} ${new URL(c.req.url).pathname}`,
      },
      404,
    ),
  );
  return { provider, app, faults, requests };
}
