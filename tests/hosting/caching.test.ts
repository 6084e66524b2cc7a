import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serveHosting, type HostingServer } from './hosting-server';

// After a deploy the old hashed assets are gone: a tab that kept an old index.html would ask for them
// and break. index.html (and every path the SPA rewrite answers with it) must be revalidated on each
// load; hashed assets never change, so they are cached for a year.

let hosting: HostingServer;

beforeAll(async () => {
  hosting = await serveHosting(inject('hostingDir'));
});

afterAll(async () => {
  await hosting?.close();
});

async function assetPaths(): Promise<string[]> {
  const html = await (await fetch(`${hosting.origin}/`)).text();
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
}

describe('caching under the hosting headers', () => {
  it.each(['/', '/index.html', '/social/x', '/create/editor?media=1', '/no/such/page'])(
    'makes the browser revalidate index.html at %s',
    async (path) => {
      const res = await fetch(`${hosting.origin}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/<div id="root">/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('caches the hashed assets index.html loads for a year, immutable', async () => {
    const assets = await assetPaths();
    expect(assets.length).toBeGreaterThan(0);
    for (const path of assets) {
      expect(path).toMatch(/-[\w-]{8,}\.(js|css)$/);
      const res = await fetch(`${hosting.origin}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('keeps the security headers on every path', async () => {
    for (const path of ['/', '/social/x', ...(await assetPaths())]) {
      const res = await fetch(`${hosting.origin}${path}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'self'/);
    }
  });
});
