import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FUNCTIONS_REGION, parseFirebaseEnv } from '../../core/firebase/config';
import { contentSecurityPolicy } from '../../dashboard/security-headers';
import { SAMPLE_PRODUCTION_ENV } from '../../scripts/deploy-check/sample-env';
import { chromiumArgs } from '../e2e/support/env';
import { serveHosting, type HostingServer } from './hosting-server';

// The production build (no emulators, tests/hosting/build-dashboard.ts) served as Hosting serves it,
// with firebase.json's headers (tests/hosting/hosting-server.ts). Every CSP violation the page reports
// is collected.

interface Violation {
  directive: string;
  blocked: string;
  /** The script that caused it, when known. */
  source: string;
}

let hosting: HostingServer;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  hosting = await serveHosting(inject('hostingDir'));
  origin = hosting.origin;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
});

afterAll(async () => {
  await browser?.close();
  await hosting?.close();
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
      `https://${FUNCTIONS_REGION}-${parseFirebaseEnv(SAMPLE_PRODUCTION_ENV).projectId}.cloudfunctions.net/sendFeedback`,
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
