import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Bundles functions/src (and the core/ code it imports) into functions/lib/index.js for the emulator and deploy. */
export async function buildFunctions(): Promise<void> {
  await build({
    entryPoints: [`${root}functions/src/index.ts`],
    outfile: `${root}functions/lib/index.js`,
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
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildFunctions();
}
