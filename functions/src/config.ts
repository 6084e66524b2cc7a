import { defineSecret } from 'firebase-functions/params';
import {
  providerHostIds,
  providerHosts,
  providerIds,
  providers,
  type ProviderHostId,
  type ProviderId,
} from '@core/providers';
import { SECRETS_KEYRING } from '@core/secrets';
import { parseKeyring, type Keyring } from './lib/crypto';
import { readPublishTiming, type PublishTiming } from './social/publish-timing';

// The one module that reads the environment. Everything else receives what it needs.

/** The AES-256-GCM keyring for users' secrets (core/secrets.ts). The emulator reads functions/.secret.local. */
export const keyringSecret = defineSecret(SECRETS_KEYRING);

export interface FunctionsConfig {
  /** Provider base URLs without a trailing slash: the real services unless the environment points elsewhere (the sandbox). */
  baseUrls: Record<ProviderId, string>;
  /** Providers' further hosts (OAuth authorize and token endpoints), read the same way. */
  hostUrls: Record<ProviderHostId, string>;
  emulated: boolean;
  /** Origin of Firebase Storage download URLs: the Storage emulator's when one is configured. */
  storageDownloadOrigin: string;
  /** Publishing's timeout, settle window, look-up interval and backoff (shortened only in the emulator). */
  publishTiming: PublishTiming;
  /**
   * Between two polls of a generation's provider task (BFL, Luma): undefined keeps the product's
   * (IMAGE.pollIntervalMs, VIDEO_JOB.pollIntervalMs in core/constants.ts). MUSE_JOB_POLL_MS shortens it
   * in the emulator only, so the test stack's jobs do not wait at production pace.
   */
  jobPollIntervalMs: number | undefined;
  /**
   * The dashboard's https origins, the only ones OAuth Connect sends a platform back to: DASHBOARD_ORIGINS
   * (comma-separated) if set, else the project's Firebase Hosting domains (<project>.web.app and
   * <project>.firebaseapp.com). In the emulator a loopback http origin is accepted besides these.
   */
  dashboardOrigins: string[];
}

function projectIdOf(env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (env.GCLOUD_PROJECT?.trim()) return env.GCLOUD_PROJECT.trim();
  try {
    const id = (JSON.parse(env.FIREBASE_CONFIG ?? '{}') as { projectId?: unknown }).projectId;
    return typeof id === 'string' && id ? id : undefined;
  } catch {
    return undefined;
  }
}

function readDashboardOrigins(env: Readonly<Record<string, string | undefined>>): string[] {
  const listed = (env.DASHBOARD_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of listed) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`DASHBOARD_ORIGINS: ${entry} is not a URL`);
    }
    if (url.protocol !== 'https:' || url.origin !== entry)
      throw new Error(`DASHBOARD_ORIGINS: ${entry} must be a bare https origin`);
  }
  if (listed.length) return listed;
  const project = projectIdOf(env);
  return project ? [`https://${project}.web.app`, `https://${project}.firebaseapp.com`] : [];
}

function readJobPollInterval(
  env: Readonly<Record<string, string | undefined>>,
  emulated: boolean,
): number | undefined {
  const raw = env.MUSE_JOB_POLL_MS?.trim();
  if (!emulated || !raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 100)
    throw new Error('MUSE_JOB_POLL_MS must be a whole number of milliseconds, at least 100');
  return n;
}

const STORAGE_DOWNLOAD_ORIGIN = 'https://firebasestorage.googleapis.com';

/** Reads the functions' configuration from an environment; pure, so it is tested with plain objects. */
export function readConfig(env: Readonly<Record<string, string | undefined>>): FunctionsConfig {
  const emulated = env.FUNCTIONS_EMULATOR === 'true';
  const readBaseUrl = (name: string, fallback: string): string => {
    const raw = env[name]?.trim() || fallback;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`${name} is not a URL`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`${name} must be an http(s) URL`);
    if (url.search || url.hash || url.username || url.password)
      throw new Error(`${name} must be a plain base URL (no query, fragment or credentials)`);
    // Plain http is only for the local sandbox: a deployed function never sends a user's key in clear text.
    if (!emulated && url.protocol !== 'https:')
      throw new Error(`${name} must use https outside the emulator`);
    return url.toString().replace(/\/+$/, '');
  };
  const baseUrls = {} as Record<ProviderId, string>;
  for (const id of providerIds)
    baseUrls[id] = readBaseUrl(providers[id].env, providers[id].baseUrl);
  const hostUrls = {} as Record<ProviderHostId, string>;
  for (const id of providerHostIds)
    hostUrls[id] = readBaseUrl(providerHosts[id].env, providerHosts[id].baseUrl);
  const storageEmulator = env.FIREBASE_STORAGE_EMULATOR_HOST?.trim();
  if (storageEmulator && !/^[\w.-]+:\d+$/.test(storageEmulator))
    throw new Error('FIREBASE_STORAGE_EMULATOR_HOST must be host:port');
  const storageDownloadOrigin = storageEmulator
    ? `http://${storageEmulator}`
    : STORAGE_DOWNLOAD_ORIGIN;
  return {
    baseUrls,
    hostUrls,
    emulated,
    storageDownloadOrigin,
    publishTiming: readPublishTiming(env, emulated),
    jobPollIntervalMs: readJobPollInterval(env, emulated),
    dashboardOrigins: readDashboardOrigins(env),
  };
}

let config: FunctionsConfig | undefined;
/** The running function's configuration, read on first use (never at import time). */
export function loadConfig(): FunctionsConfig {
  return (config ??= readConfig(process.env));
}

let keyring: { raw: string; parsed: Keyring } | undefined;
/** The keyring from the Functions secret; only callables declaring `secrets: [keyringSecret]` may call this. */
export function loadKeyring(): Keyring {
  const raw = keyringSecret.value();
  if (keyring?.raw !== raw) keyring = { raw, parsed: parseKeyring(raw) };
  return keyring.parsed;
}
