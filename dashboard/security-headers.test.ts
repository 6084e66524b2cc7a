import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  pinnedConnectPolicy,
  securityHeaderRecord,
  securityHeaders,
} from './security-headers';

const firebaseJson = JSON.parse(
  readFileSync(fileURLToPath(new URL('../firebase.json', import.meta.url)), 'utf8'),
) as {
  hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
};
const indexHtml = readFileSync(fileURLToPath(new URL('./index.html', import.meta.url)), 'utf8');
const emulators = {
  host: '127.0.0.1',
  auth: 19099,
  firestore: 18080,
  functions: 15001,
  storage: 19199,
};

/** directive name -> its sources */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('hosting security headers', () => {
  it('firebase.json sends exactly the production headers on every path', () => {
    const all = firebaseJson.hosting.headers.find((h) => h.source === '**');
    expect(all?.headers).toEqual(securityHeaders());
  });

  it('the preview server gets the same headers as a record', () => {
    expect(securityHeaderRecord()).toEqual(
      Object.fromEntries(securityHeaders().map((h) => [h.key, h.value])),
    );
  });

  it.each([
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ])('sends %s: %s', (key, value) => {
    expect(securityHeaderRecord()[key]).toBe(value);
  });

  it.each<[string, string[]]>([
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    [
      'connect-src',
      [
        "'self'",
        'blob:',
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://firestore.googleapis.com',
        'https://firebasestorage.googleapis.com',
        'https://*.cloudfunctions.net',
      ],
    ],
    ['media-src', ["'self'", 'blob:', 'https://firebasestorage.googleapis.com']],
  ])('production %s allows exactly its sources', (name, sources) => {
    expect(directives(contentSecurityPolicy()).get(name)).toEqual(sources);
  });

  it('never lets production scripts run inline or from eval', () => {
    const script = directives(contentSecurityPolicy()).get('script-src')!;
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
  });

  it('allows no local endpoint and no plain http in production', () => {
    const csp = contentSecurityPolicy();
    expect(csp).not.toMatch(/127\.0\.0\.1|localhost|http:/);
  });

  it('adds the emulators to an emulator build only, Storage alone for media', () => {
    const local = directives(contentSecurityPolicy(emulators));
    expect(local.get('connect-src')).toEqual(
      expect.arrayContaining([
        'http://127.0.0.1:19099',
        'http://127.0.0.1:18080',
        'http://127.0.0.1:15001',
        'http://127.0.0.1:19199',
      ]),
    );
    expect(local.get('img-src')).toContain('http://127.0.0.1:19199');
    expect(local.get('media-src')).toContain('http://127.0.0.1:19199');
    expect(local.get('img-src')).not.toContain('http://127.0.0.1:18080');
    expect(local.get('script-src')).toEqual(directives(contentSecurityPolicy()).get('script-src'));
  });

  it('turns off the browser features the dashboard never uses, keeping clipboard and fullscreen', () => {
    const policy = securityHeaderRecord()['Permissions-Policy']!;
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(policy).toContain(`${feature}=()`);
    expect(policy).not.toMatch(/clipboard|fullscreen/);
  });

  it("pins callables to the build's own project in the page's second policy", () => {
    const pinned = directives(
      pinnedConnectPolicy({ projectId: 'muse-prod', region: 'us-central1' }),
    ).get('connect-src')!;
    expect(pinned).toContain('https://us-central1-muse-prod.cloudfunctions.net');
    expect(pinned.join(' ')).not.toContain('*');
    // Everything else the header allows stays allowed.
    const header = directives(contentSecurityPolicy()).get('connect-src')!;
    expect(pinned).toEqual([
      ...header.filter((s) => s !== 'https://*.cloudfunctions.net'),
      'https://us-central1-muse-prod.cloudfunctions.net',
    ]);
    expect(
      directives(
        pinnedConnectPolicy({ projectId: 'demo-x', region: 'us-central1' }, emulators),
      ).get('connect-src'),
    ).toContain('http://127.0.0.1:15001');
  });

  it('index.html has no inline script the policy would block', () => {
    const inline = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)];
    expect(inline).toEqual([]);
  });
});
