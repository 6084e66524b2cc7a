import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SAMPLE_PRODUCTION_ENV } from '../../../scripts/deploy-check/sample-env';
import {
  corsPolicy,
  corsProblems,
  dashboardOrigins,
} from '../../../scripts/deploy-check/storage-cors';

// The bucket's CORS policy (npm run storage:cors writes storage.cors.json from the production env): every
// origin the dashboard may run on may GET and HEAD, with the range headers a media read needs.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const project = SAMPLE_PRODUCTION_ENV.VITE_FIREBASE_PROJECT_ID;

describe('the Storage CORS policy', () => {
  const origins = dashboardOrigins(SAMPLE_PRODUCTION_ENV);

  it('lists the Hosting default domains and every custom domain of the dashboard', () => {
    expect(origins).toEqual([
      `https://${project}.web.app`,
      `https://${project}.firebaseapp.com`,
      'https://studio.muse-sample.example',
    ]);
  });

  it('takes each DASHBOARD_ORIGINS entry and the origin of VITE_DASHBOARD_URL', () => {
    expect(
      dashboardOrigins({
        VITE_FIREBASE_PROJECT_ID: 'p',
        DASHBOARD_ORIGINS: 'https://a.example, https://b.example',
        VITE_DASHBOARD_URL: 'https://c.example/app/',
      }),
    ).toEqual([
      'https://p.web.app',
      'https://p.firebaseapp.com',
      'https://a.example',
      'https://b.example',
      'https://c.example',
    ]);
    expect(() =>
      dashboardOrigins({ VITE_FIREBASE_PROJECT_ID: 'p', DASHBOARD_ORIGINS: 'http://a' }),
    ).toThrow(/must be https/);
  });

  it('lets every one of them GET and HEAD with Range, Content-Range and Accept-Ranges', () => {
    const [rule] = corsPolicy(origins);
    expect(rule!.origin).toEqual(origins);
    expect(rule!.method).toEqual(['GET', 'HEAD']);
    expect(rule!.responseHeader).toEqual(
      expect.arrayContaining(['Range', 'Content-Range', 'Accept-Ranges']),
    );
    expect(corsProblems(corsPolicy(origins), origins)).toEqual([]);
  });

  it('fails deploy:check when an origin is missing', () => {
    const policy = corsPolicy(origins.filter((o) => !o.endsWith('.firebaseapp.com')));
    expect(corsProblems(policy, origins)).toEqual([
      `https://${project}.firebaseapp.com is not in the CORS policy`,
    ]);
  });

  it('fails deploy:check when a method or a range header is missing', () => {
    const [rule] = corsPolicy(origins);
    const policy = [{ ...rule, method: ['GET'], responseHeader: ['Content-Type'] }];
    expect(corsProblems(policy, origins.slice(0, 1))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/HEAD is not allowed/),
        expect.stringMatching(/Content-Range is not in responseHeader/),
        expect.stringMatching(/Accept-Ranges is not in responseHeader/),
      ]),
    );
    expect(corsProblems({}, origins)).toEqual(['the CORS policy must be a JSON list of rules']);
  });

  // The extension shows Storage pictures with <img> (no CORS needed) and fetches none: its origin is not in
  // the policy. Should it ever fetch one, its chrome-extension:// and moz-extension:// origins must be.
  it('is not needed by the extension, which fetches no Storage file', () => {
    const sources = readdirSync(join(root, 'entrypoints'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => readFileSync(join(root, 'entrypoints', f), 'utf8'));
    for (const text of sources)
      expect(text).not.toMatch(/\bfetch\(|getBlob\(|getBytes\(|XMLHttpRequest/);
  });
});
