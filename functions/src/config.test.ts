import { describe, expect, it } from 'vitest';
import { providerIds, providers } from '@core/providers';
import { readConfig } from './config';
import { PUBLISH_TIMING } from './social/publish-timing';

describe('functions configuration', () => {
  it('uses the real provider endpoints when nothing is set', () => {
    const config = readConfig({});
    expect(config.baseUrls).toEqual(
      Object.fromEntries(providerIds.map((id) => [id, providers[id].baseUrl])),
    );
    expect(config.emulated).toBe(false);
  });

  it('points providers at the sandbox in the emulator, without trailing slashes', () => {
    const config = readConfig({
      FUNCTIONS_EMULATOR: 'true',
      OPENAI_BASE_URL: 'http://127.0.0.1:18903/',
      GEMINI_BASE_URL: ' http://127.0.0.1:18905 ',
    });
    expect(config.baseUrls.openai).toBe('http://127.0.0.1:18903');
    expect(config.baseUrls.gemini).toBe('http://127.0.0.1:18905');
    expect(config.baseUrls.anthropic).toBe('https://api.anthropic.com');
    expect(config.emulated).toBe(true);
  });

  it('makes download URLs on Firebase Storage, or on the Storage emulator when there is one', () => {
    expect(readConfig({}).storageDownloadOrigin).toBe('https://firebasestorage.googleapis.com');
    expect(
      readConfig({ FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199' }).storageDownloadOrigin,
    ).toBe('http://127.0.0.1:9199');
    expect(() => readConfig({ FIREBASE_STORAGE_EMULATOR_HOST: 'http://127.0.0.1:9199' })).toThrow(
      /host:port/,
    );
  });

  it("lists the dashboard's origins for OAuth: DASHBOARD_ORIGINS, else the project's Hosting domains", () => {
    expect(readConfig({ GCLOUD_PROJECT: 'muse-prod' }).dashboardOrigins).toEqual([
      'https://muse-prod.web.app',
      'https://muse-prod.firebaseapp.com',
    ]);
    expect(readConfig({ FIREBASE_CONFIG: '{"projectId":"muse-x"}' }).dashboardOrigins).toEqual([
      'https://muse-x.web.app',
      'https://muse-x.firebaseapp.com',
    ]);
    expect(
      readConfig({
        GCLOUD_PROJECT: 'muse-prod',
        DASHBOARD_ORIGINS: 'https://studio.muse.example, https://muse.example',
      }).dashboardOrigins,
    ).toEqual(['https://studio.muse.example', 'https://muse.example']);
    expect(readConfig({}).dashboardOrigins).toEqual([]);
    expect(() => readConfig({ DASHBOARD_ORIGINS: 'http://muse.example' })).toThrow(
      /bare https origin/,
    );
    expect(() => readConfig({ DASHBOARD_ORIGINS: 'https://muse.example/app' })).toThrow(
      /bare https origin/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(readConfig({ BFL_BASE_URL: '' }).baseUrls.bfl).toBe('https://api.bfl.ai');
  });

  it.each([
    [
      'plain http outside the emulator',
      { OPENAI_BASE_URL: 'http://api.example.com' },
      /OPENAI_BASE_URL must use https outside the emulator/,
    ],
    [
      'something that is not a URL',
      { LUMA_BASE_URL: 'api.lumalabs.ai' },
      /LUMA_BASE_URL is not a URL/,
    ],
    [
      'another scheme',
      { FUNCTIONS_EMULATOR: 'true', BFL_BASE_URL: 'ftp://127.0.0.1' },
      /BFL_BASE_URL must be an http\(s\) URL/,
    ],
    [
      'a URL with credentials',
      { ANTHROPIC_BASE_URL: 'https://user:pw@api.anthropic.com' },
      /plain base URL/,
    ],
    [
      'a URL with a query',
      { GEMINI_BASE_URL: 'https://generativelanguage.googleapis.com?key=x' },
      /plain base URL/,
    ],
  ])('refuses %s', (_label, env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe('publish timing', () => {
  it('keeps production values outside the emulator, whatever the environment says', () => {
    expect(readConfig({ MUSE_PUBLISH_TIMEOUT_MS: '400' }).publishTiming).toEqual(PUBLISH_TIMING);
  });

  it('lets the test stack shorten every window in the emulator', () => {
    const timing = readConfig({
      FUNCTIONS_EMULATOR: 'true',
      MUSE_PUBLISH_TIMEOUT_MS: '400',
      MUSE_PUBLISH_SETTLE_MS: '2500',
      MUSE_PUBLISH_LOOKUP_MS: '200',
      MUSE_PUBLISH_BACKOFF_MS: '0, 100',
    }).publishTiming;
    expect(timing).toEqual({
      requestTimeoutMs: 400,
      uploadTimeoutMs: PUBLISH_TIMING.uploadTimeoutMs,
      settleMs: { x: 2500, linkedin: 2500, reddit: 2500, youtube: 2500 },
      lookupEveryMs: 200,
      backoffMs: [0, 100],
    });
    expect(() =>
      readConfig({ FUNCTIONS_EMULATOR: 'true', MUSE_PUBLISH_BACKOFF_MS: 'soon' }),
    ).toThrow(/MUSE_PUBLISH_BACKOFF_MS/);
  });
});

describe('job poll interval', () => {
  it("keeps the product's poll interval outside the emulator, and when unset", () => {
    expect(readConfig({ MUSE_JOB_POLL_MS: '500' }).jobPollIntervalMs).toBeUndefined();
    expect(readConfig({ FUNCTIONS_EMULATOR: 'true' }).jobPollIntervalMs).toBeUndefined();
  });

  it('lets the test stack shorten it in the emulator', () => {
    expect(
      readConfig({ FUNCTIONS_EMULATOR: 'true', MUSE_JOB_POLL_MS: '500' }).jobPollIntervalMs,
    ).toBe(500);
    expect(() => readConfig({ FUNCTIONS_EMULATOR: 'true', MUSE_JOB_POLL_MS: 'fast' })).toThrow(
      /MUSE_JOB_POLL_MS/,
    );
    expect(() => readConfig({ FUNCTIONS_EMULATOR: 'true', MUSE_JOB_POLL_MS: '10' })).toThrow(
      /MUSE_JOB_POLL_MS/,
    );
  });
});
