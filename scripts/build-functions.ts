import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The Node.js major the functions run on in the cloud: functions/package.json's engines.node, which
 * `firebase deploy` reads as the runtime (nodejs<major>). The bundle targets the same version.
 */
export function functionsNodeMajor(): string {
  const { engines } = JSON.parse(readFileSync(`${root}functions/package.json`, 'utf8')) as {
    engines?: { node?: string };
  };
  if (!engines?.node || !/^\d+$/.test(engines.node))
    throw new Error('functions/package.json engines.node must name one Node.js major version');
  return engines.node;
}

/**
 * Bundles functions/src (and the core/ code it imports) into functions/lib/index.js for the emulator and
 * deploy, split: what is reached only through `import()` (the provider SDKs, functions/src/lib/lazy.ts) is
 * a chunk of its own under functions/lib/chunks/, loaded by the first call that needs it.
 */
export async function buildFunctions(outdir = `${root}functions/lib`): Promise<Metafile> {
  const result = await build({
    entryPoints: [`${root}functions/src/index.ts`],
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    target: `node${functionsNodeMajor()}`,
    format: 'esm',
    sourcemap: true,
    // The Firebase SDKs stay external: the runtime installs them from functions/package.json.
    external: ['firebase-admin', 'firebase-functions'],
    // The same @core alias as functions/tsconfig.json, stated here so the bundle does not depend on
    // esbuild finding that tsconfig.
    alias: { '@core': `${root}core` },
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    logLevel: 'warning',
    metafile: true,
    write: false,
  });
  // Only files whose bytes changed are written: the Functions emulator reloads every function (and ends its
  // warm workers) when its folder changes, and a build of the same source (tests/stack's npm start, next to
  // the test stack serving this folder) then changes nothing.
  mkdirSync(`${outdir}/chunks`, { recursive: true });
  for (const file of result.outputFiles) {
    const same =
      existsSync(file.path) && Buffer.compare(readFileSync(file.path), file.contents) === 0;
    if (!same) writeFileSync(file.path, file.contents);
  }
  // A previous build's chunks would be deployed with the new ones: removed once the new ones are written (a
  // running emulator never sees the folder without them).
  const written = new Set(result.outputFiles.map((file) => resolve(file.path)));
  const chunks = `${outdir}/chunks`;
  for (const file of readdirSync(chunks))
    if (!written.has(resolve(chunks, file))) rmSync(resolve(chunks, file), { force: true });
  return result.metafile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildFunctions();
}
