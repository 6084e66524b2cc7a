import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

// The production builds a deploy ships, made with a production env into a folder of deploy:check's own
// (never dist/ or .output/): each must build, and none may carry a local default (the demo project, its
// .appspot.com bucket, the 127.0.0.1 dashboard) instead of the env's values.

/**
 * How a build shows it fell back to a local default: the config it inlines (core/firebase/config.ts,
 * bundled by define as an object literal) naming a demo- project or an .appspot.com bucket. The defaults'
 * own text is in every bundle (the schema ships), so only the inlined values are looked at.
 */
export const LOCAL_FALLBACKS = [
  /projectId["']?:\s*["'`]demo-/,
  /apiKey["']?:\s*["'`]demo-/,
  /storageBucket["']?:\s*["'`]demo-/,
  /dashboardUrl["']?:\s*["'`]http:\/\/127\.0\.0\.1/,
];

/** An inlined `key: "value"` as a minifier may write it (any quotes). */
export function inlined(key: string, value: string): RegExp {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${key}["']?:\\s*["'\`]${escaped}["'\`]`);
}

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.(js|mjs|html)$/.test(entry.name)) yield path;
  }
}

/** What is wrong with a built folder: an inlined local default, or an env value it should inline missing. */
export async function builtOutputProblems(
  label: string,
  dir: string,
  expected: Readonly<Record<string, string>>,
): Promise<string[]> {
  const problems: string[] = [];
  const missing = new Map(Object.entries(expected).map(([k, v]) => [`${k}: ${v}`, inlined(k, v)]));
  for await (const file of files(dir)) {
    const text = await readFile(file, 'utf8');
    for (const [value, pattern] of missing) if (pattern.test(text)) missing.delete(value);
    for (const fallback of LOCAL_FALLBACKS)
      if (fallback.test(text))
        problems.push(
          `${label}: ${file.slice(dir.length + 1)} inlines a local default (${fallback.source})`,
        );
  }
  for (const value of missing.keys()) problems.push(`${label}: the build does not inline ${value}`);
  return problems;
}

/** Builds the dashboard (vite) for production into `outDir`. */
export async function buildDashboard(root: string, outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: join(root, 'dashboard/vite.config.ts'),
    mode: 'production',
    logLevel: 'error',
    build: { outDir, sourcemap: false, emptyOutDir: true },
  });
}

// WXT logs every step; deploy:check prints only problems.
const quiet: object = new Proxy({}, { get: (_, key) => (key === 'level' ? 0 : () => quiet) });

/** Builds the extension for `browser` (as `wxt build [-b firefox]`) into `outDir`; returns the folder it wrote. */
export async function buildExtension(
  root: string,
  browser: 'chrome' | 'firefox',
  outDir: string,
): Promise<string> {
  const { build } = await import('wxt');
  await build({ root, browser, mode: 'production', outDir, logger: quiet as never });
  return join(outDir, browser === 'firefox' ? 'firefox-mv2' : 'chrome-mv3');
}
