import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

/** The project the rules suites run against: always a demo- project, so nothing reaches production. */
export const projectId = process.env.GCLOUD_PROJECT ?? 'demo-muse-test';

/** `host:port` from an emulator env var such as FIRESTORE_EMULATOR_HOST. */
export function emulatorHost(variable: string, fallback: string): { host: string; port: number } {
  const value = process.env[variable] || fallback;
  const separator = value.lastIndexOf(':');
  const port = Number(value.slice(separator + 1));
  if (separator < 0 || !Number.isInteger(port))
    throw new Error(`${variable} must be host:port, got "${value}"`);
  return { host: value.slice(0, separator).replace(/^\[|\]$/g, ''), port };
}

export function readRules(file: 'firestore.rules' | 'storage.rules'): string {
  return readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8');
}
