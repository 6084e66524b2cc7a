import { defineSecret } from 'firebase-functions/params';
import { providerHostIds, providerHosts, providerIds, providers, type ProviderHostId, type ProviderId } from '@core/providers';
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
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL`);
    if (url.search || url.hash || url.username || url.password) throw new Error(`${name} must be a plain base URL (no query, fragment or credentials)`);
    // Plain http is only for the local sandbox: a deployed function never sends a user's key in clear text.
    if (!emulated && url.protocol !== 'https:') throw new Error(`${name} must use https outside the emulator`);
    return url.toString().replace(/\/+$/, '');
  };
  const baseUrls = {} as Record<ProviderId, string>;
  for (const id of providerIds) baseUrls[id] = readBaseUrl(providers[id].env, providers[id].baseUrl);
  const hostUrls = {} as Record<ProviderHostId, string>;
  for (const id of providerHostIds) hostUrls[id] = readBaseUrl(providerHosts[id].env, providerHosts[id].baseUrl);
  const storageEmulator = env.FIREBASE_STORAGE_EMULATOR_HOST?.trim();
  if (storageEmulator && !/^[\w.-]+:\d+$/.test(storageEmulator)) throw new Error('FIREBASE_STORAGE_EMULATOR_HOST must be host:port');
  const storageDownloadOrigin = storageEmulator ? `http://${storageEmulator}` : STORAGE_DOWNLOAD_ORIGIN;
  return { baseUrls, hostUrls, emulated, storageDownloadOrigin, publishTiming: readPublishTiming(env, emulated) };
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
