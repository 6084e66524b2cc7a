import { readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

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
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    // The Firebase SDKs stay external: the runtime installs them from functions/package.json.
    external: ['firebase-admin', 'firebase-functions'],
    // The same @core alias as functions/tsconfig.json, stated here so the bundle does not depend on
    // esbuild finding that tsconfig.
    alias: { '@core': `${root}core` },
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
    metafile: true,
  });
  // A previous build's chunks would be deployed with the new ones: removed once the new ones are written (a
  // running emulator, e.g. the test stack's while tests/stack starts npm start, never sees the folder empty).
  const written = new Set(Object.keys(result.metafile.outputs).map((file) => resolve(file)));
  const chunks = `${outdir}/chunks`;
  for (const file of readdirSync(chunks)) if (!written.has(resolve(chunks, file))) rmSync(resolve(chunks, file), { force: true });
  return result.metafile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildFunctions();
}
