import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

// What the dashboard loads before its first page can draw: dashboard/main.tsx and everything it imports
// statically, through any number of modules (routes load lazily, so each screen's own code is not in it).
// `npm run bench -- first-page-js` measures those bytes; this keeps the heavy libraries that were moved off
// the first page from coming back through one innocent import (core/constants.ts once pulled all of zod in
// through core/ai-models.ts).

const root = fileURLToPath(new URL('../../..', import.meta.url));

async function firstPageInputs(): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [`${root}dashboard/main.tsx`],
    bundle: true,
    splitting: true,
    format: 'esm',
    write: false,
    metafile: true,
    outdir: '/first-page',
    logLevel: 'silent',
    jsx: 'automatic',
    alias: { '@core': `${root}core`, '@': `${root}dashboard` },
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty' },
    // Vite's ?url imports are asset URLs, not code.
    plugins: [
      {
        name: 'vite-url',
        setup: (b) => b.onResolve({ filter: /\?url$/ }, (a) => ({ path: a.path, external: true })),
      },
    ],
  });
  return eagerInputs(metafile);
}

/** The inputs of the entry chunk and of every chunk it imports statically, transitively. */
function eagerInputs(metafile: Metafile): string[] {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((o) =>
    outputs[o]!.entryPoint?.endsWith('dashboard/main.tsx'),
  )!;
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const out = queue.pop()!;
    if (seen.has(out)) continue;
    seen.add(out);
    for (const i of outputs[out]!.imports)
      if (i.kind === 'import-statement' && !i.external) queue.push(i.path);
  }
  return [...seen].flatMap((o) => Object.keys(outputs[o]!.inputs));
}

const packageOf = (input: string) => input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)(\/[^/]+)?/);

describe('the first page', () => {
  it('loads none of the libraries kept off it: full zod, framer-motion, sonner, ffmpeg, the Firestore SDK', async () => {
    const inputs = await firstPageInputs();
    expect(inputs.some((i) => i.includes('dashboard/main.tsx'))).toBe(true);
    expect(inputs.some((i) => packageOf(i)?.[1] === 'react-dom')).toBe(true);
    const heavy = inputs.filter((i) => {
      const m = packageOf(i);
      if (!m) return false;
      // zod/mini (dashboard/lib/zod-jitless.ts) shares zod's core; the full API lives in zod's v4/classic.
      if (m[1] === 'zod') return i.includes('/v4/classic/');
      return [
        'framer-motion',
        'motion-dom',
        'sonner',
        '@ffmpeg/ffmpeg',
        '@firebase/firestore',
        '@firebase/storage',
      ].includes(m[1]!);
    });
    expect(heavy).toEqual([]);
  }, 60_000);
});
