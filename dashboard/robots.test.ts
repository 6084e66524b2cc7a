import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The dev server answers unknown paths with the app's HTML (SPA fallback); robots.txt must be the file
// in dashboard/public, which the production build copies beside index.html (tests/e2e/dashboard/shell.spec.ts).

let vite: ViteDevServer;
let server: Server;
let origin: string;

beforeAll(async () => {
  vite = await createServer({
    configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'spa',
    logLevel: 'silent',
  });
  server = createHttpServer(vite.middlewares);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await vite.close();
});

describe('robots.txt on the dashboard dev server', () => {
  it('is the plain-text robots file, not the app', async () => {
    const res = await fetch(`${origin}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).not.toContain('<html');
  });

  it('keeps crawlers to the sign-in screen', async () => {
    const body = await (await fetch(`${origin}/robots.txt`)).text();
    expect(body).toMatch(/^Allow: \/auth$/m);
    expect(body).toMatch(/^Disallow: \/$/m);
  });
});
