// The functions bundle is split so an instance loads a provider SDK only when it calls that provider
// (functions/src/lib/lazy.ts): what the entry module loads at start must hold none of them.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Metafile } from 'esbuild';
import { buildFunctions } from '../../../scripts/build-functions';

const LAZY_SDKS = ['@anthropic-ai/sdk', '@google/genai', 'openai', 'lumaai', 'pdf-lib'];
let outdir: string;
let meta: Metafile;

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'muse-functions-build-'));
  meta = await buildFunctions(outdir);
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** The outputs index.js loads before it runs: itself and what it imports statically, transitively. */
function loadedAtStart(): string[] {
  const entry = Object.keys(meta.outputs).find(
    (file) => file.endsWith('/index.js') && meta.outputs[file]!.entryPoint,
  );
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of meta.outputs[file]!.imports)
      if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(entry!);
  return [...seen];
}

const packagesIn = (files: string[]) =>
  new Set(
    files.flatMap((file) =>
      Object.keys(meta.outputs[file]!.inputs).map(
        (input) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? '',
      ),
    ),
  );

it('loads no provider SDK at start, and each is in the bundle for the call that needs it', () => {
  const atStart = packagesIn(loadedAtStart());
  const everything = packagesIn(Object.keys(meta.outputs).filter((file) => file.endsWith('.js')));
  for (const sdk of LAZY_SDKS) {
    expect(atStart.has(sdk), `${sdk} loaded at start`).toBe(false);
    expect(everything.has(sdk), `${sdk} in the bundle`).toBe(true);
  }
  // The entry really is split: the Firestore schemas (zod) it needs are there from the start.
  expect(atStart.has('zod')).toBe(true);
  expect(loadedAtStart().map((file) => relative(outdir, file))).toContain('index.js');
});

it('writes only what changed, so a running emulator is not reloaded by a build of the same source', async () => {
  const files = () => [
    join(outdir, 'index.js'),
    ...readdirSync(join(outdir, 'chunks')).map((file) => join(outdir, 'chunks', file)),
  ];
  const stale = join(outdir, 'chunks', 'chunk-STALE.js');
  writeFileSync(stale, 'old');
  writeFileSync(join(outdir, 'index.js'), 'damaged');
  const before = new Map(files().map((file) => [file, statSync(file).mtimeMs]));
  await new Promise((r) => setTimeout(r, 20));
  await buildFunctions(outdir);
  const rewritten = files().filter((file) => statSync(file).mtimeMs !== before.get(file));
  expect(rewritten.map((file) => relative(outdir, file))).toEqual(['index.js']);
  expect(files()).not.toContain(stale);
});
