// The bucket's CORS policy (gcloud storage buckets update gs://<bucket> --cors-file=storage.cors.json). A
// real bucket answers a cross-origin request with no CORS headers until it has a policy, so the dashboard's
// fetches of Storage files (downloads, the editor's preview and export, the clip workers' fetch and
// crossOrigin media) fail; the emulator always answers. The origins depend on the project, so the file is
// made from the production env (`npm run storage:cors`), never written by hand.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CorsRule {
  origin: string[];
  method: string[];
  responseHeader: string[];
  maxAgeSeconds: number;
}

/** GET and HEAD only: the browser reads files; uploads go through the Firebase SDK's own endpoint. */
export const CORS_METHODS = ['GET', 'HEAD'];
/**
 * Allowed request headers and exposed response headers (GCS uses the one list for both): Range for the
 * media element's and the workers' ranged reads, Content-Range and Accept-Ranges so a reader sees what part
 * it got, the length and type for progress and decoding.
 */
export const CORS_HEADERS = [
  'Content-Type',
  'Content-Length',
  'Content-Range',
  'Accept-Ranges',
  'Range',
];

function originOf(url: string, name: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${name}: ${url} is not a URL`);
  }
  if (parsed.protocol !== 'https:') throw new Error(`${name}: ${url} must be https`);
  return parsed.origin;
}

/**
 * Every origin the dashboard may run on: the Hosting default domains of the project (<project>.web.app,
 * <project>.firebaseapp.com), each custom domain in DASHBOARD_ORIGINS (comma-separated, as the functions
 * read it, functions/src/config.ts) and the origin of VITE_DASHBOARD_URL (the address the extension opens).
 * The extension itself fetches no Storage file (tests/unit/deploy/storage-cors.test.ts), so its origin is
 * not listed.
 */
export function dashboardOrigins(env: Readonly<Record<string, string | undefined>>): string[] {
  const project = env.VITE_FIREBASE_PROJECT_ID?.trim();
  if (!project) throw new Error('VITE_FIREBASE_PROJECT_ID is not set');
  const origins = [`https://${project}.web.app`, `https://${project}.firebaseapp.com`];
  for (const entry of (env.DASHBOARD_ORIGINS ?? '').split(','))
    if (entry.trim()) origins.push(originOf(entry.trim(), 'DASHBOARD_ORIGINS'));
  if (env.VITE_DASHBOARD_URL?.trim())
    origins.push(originOf(env.VITE_DASHBOARD_URL.trim(), 'VITE_DASHBOARD_URL'));
  return [...new Set(origins)];
}

export function corsPolicy(origins: readonly string[]): CorsRule[] {
  return [
    {
      origin: [...origins],
      method: [...CORS_METHODS],
      responseHeader: [...CORS_HEADERS],
      maxAgeSeconds: 3600,
    },
  ];
}

/** What a policy lacks for these origins; empty when every origin may GET and HEAD with the range headers. */
export function corsProblems(policy: unknown, origins: readonly string[]): string[] {
  if (!Array.isArray(policy)) return ['the CORS policy must be a JSON list of rules'];
  const rules = policy as Partial<CorsRule>[];
  const problems: string[] = [];
  for (const origin of origins) {
    const rule = rules.find((r) => r.origin?.includes(origin) || r.origin?.includes('*'));
    if (!rule) {
      problems.push(`${origin} is not in the CORS policy`);
      continue;
    }
    for (const method of CORS_METHODS)
      if (!rule.method?.includes(method)) problems.push(`${origin}: ${method} is not allowed`);
    const headers = (rule.responseHeader ?? []).map((h) => h.toLowerCase());
    for (const header of CORS_HEADERS)
      if (!headers.includes(header.toLowerCase()))
        problems.push(`${origin}: ${header} is not in responseHeader`);
  }
  return problems;
}

/**
 * The production env with DASHBOARD_ORIGINS taken from functions/.env.<project> (where the functions read
 * it for OAuth, README) when the env itself has none.
 */
export function withFunctionsOrigins(
  root: string,
  env: Readonly<Record<string, string>>,
): Record<string, string> {
  const project = env.VITE_FIREBASE_PROJECT_ID;
  const file = project ? join(root, `functions/.env.${project}`) : '';
  if (env.DASHBOARD_ORIGINS || !file || !existsSync(file)) return { ...env };
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('DASHBOARD_ORIGINS='));
  return line
    ? { ...env, DASHBOARD_ORIGINS: line.slice('DASHBOARD_ORIGINS='.length).trim() }
    : { ...env };
}
