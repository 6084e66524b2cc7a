import { rm } from 'node:fs/promises';
import net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION, parseFirebaseEnv } from '../../core/firebase/config';
import { contentSecurityPolicy } from '../../dashboard/security-headers';
import { SAMPLE_PRODUCTION_ENV } from '../../scripts/deploy-check/sample-env';
import { chromiumArgs } from '../e2e/support/env';

// The production build (no emulators) under `vite preview`, which sends the hosting headers of
// firebase.json (dashboard/security-headers.ts). Every CSP violation the page reports is collected.

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = join(root, 'dashboard/vite.config.ts');
const outDir = join(root, '.local/hosting-csp');

interface Violation {
  directive: string;
  blocked: string;
  /** The script that caused it, when known. */
  source: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

let server: PreviewServer;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  // A production build for a real project (the sample's): whatever the calling shell has, no emulator
  // endpoints, and every value a production build requires (core/firebase/config.ts parseBuildEnv).
  Object.assign(process.env, SAMPLE_PRODUCTION_ENV);
  await build({
    configFile: config,
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, sourcemap: false },
  });
  const port = await freePort();
  server = await preview({
    configFile: config,
    mode: 'production',
    logLevel: 'warn',
    build: { outDir },
    preview: { port, strictPort: true },
  });
  origin = `http://127.0.0.1:${port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(outDir, { recursive: true, force: true });
});

/** A fresh page that records CSP violations (page events) and CSP console errors. */
async function watchedPage(): Promise<{
  page: Page;
  violations: () => Promise<Violation[]>;
  consoleErrors: string[];
}> {
  const page = await browser.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text()))
      consoleErrors.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string; source: string }[] = [];
    (window as unknown as { __cspViolations: typeof seen }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      }),
    );
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);
  return { page, violations, consoleErrors };
}

describe('the production build under its Content-Security-Policy', () => {
  it('serves every page with the hosting headers', async () => {
    const res = await fetch(`${origin}/auth`);
    expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
  });

  it("lets the page call its own project's functions only, not another project's", async () => {
    const { page, violations } = await watchedPage();
    // Answered here: nothing leaves the machine.
    await page.route('https://*.cloudfunctions.net/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"result":{}}' }),
    );
    await page.goto(`${origin}/auth`);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    const own = new URL(
      `https://${FUNCTIONS_REGION}-${parseFirebaseEnv({ VITE_FIREBASE_PROJECT_ID: process.env.VITE_FIREBASE_PROJECT_ID }).projectId}.cloudfunctions.net/sendFeedback`,
    ).href;
    const reached = await page.evaluate(
      async (urls) =>
        Promise.all(
          urls.map((url) =>
            fetch(url, { method: 'POST', body: '{}' }).then(
              () => true,
              () => false,
            ),
          ),
        ),
      [own, `https://${FUNCTIONS_REGION}-someone-else.cloudfunctions.net/collect`],
    );
    expect(reached).toEqual([true, false]);
    await expect.poll(violations).toEqual([
      expect.objectContaining({
        directive: 'connect-src',
        blocked: `https://${FUNCTIONS_REGION}-someone-else.cloudfunctions.net/collect`,
      }),
    ]);
    await page.close();
  });

  it('loads the sign-in page and reaches Firebase Auth with no violation', async () => {
    const { page, violations, consoleErrors } = await watchedPage();
    // The sign-in call goes to the real Auth endpoint; nothing leaves the machine: it is answered here.
    await page.route('https://identitytoolkit.googleapis.com/**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 400, message: 'INVALID_LOGIN_CREDENTIALS' } }),
      }),
    );
    await page.goto(`${origin}/auth`);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.getByLabel('Email address').fill('someone@example.com');
    await page.getByLabel('Your Password').fill('not-the-password-1');
    const signIn = page.waitForRequest(/^https:\/\/identitytoolkit\.googleapis\.com\//);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signIn;
    await page.getByRole('alert').waitFor();
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('blocks an injected inline script and an off-site connection', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${origin}/auth`);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.head.append(s);
      await fetch('https://evil.example/collect').catch(() => undefined);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' }),
        expect.objectContaining({
          directive: 'connect-src',
          blocked: 'https://evil.example/collect',
        }),
      ]),
    );
    await page.close();
  });
});
