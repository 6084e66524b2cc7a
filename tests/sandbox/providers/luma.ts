import type { Hono } from 'hono';
import { bearer, keyKind } from './shared';

/** Luma Dream Machine (api.lumalabs.ai/dream-machine/v1): Bearer key; credit balance in cents. */
export function lumaRoutes(app: Hono): void {
  app.get('/dream-machine/v1/credits', (c) => {
    const kind = keyKind(bearer(c.req.header('authorization')));
    if (kind === 'missing' || kind === 'bad') return c.json({ detail: 'Invalid API key' }, 401);
    return c.json({ credit_balance: kind === 'no_credit' ? 0 : 2500 });
  });
}
