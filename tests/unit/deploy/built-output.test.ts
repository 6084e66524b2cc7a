import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtOutputProblems } from '../../../scripts/deploy-check/builds';

// deploy:check reads what its production builds inlined (core/firebase/config.ts's config, as Vite's define
// writes it): a build that fell back to the demo project fails it.

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});
async function built(text: string) {
  dir = await mkdtemp(join(tmpdir(), 'muse-built-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'assets/firebase.js'), text);
  // The schema's own defaults are in every bundle; they are not what the build uses.
  await writeFile(join(dir, 'assets/schema.js'), 'z.string().default("demo-muse-studio")');
  return dir;
}

describe("deploy:check's look at a production build", () => {
  it('passes a build that inlined the real project', async () => {
    const out = await built(
      'const c={projectId:`muse-prod`,storageBucket:"muse-prod.firebasestorage.app"}',
    );
    expect(
      await builtOutputProblems('dashboard', out, {
        projectId: 'muse-prod',
        storageBucket: 'muse-prod.firebasestorage.app',
      }),
    ).toEqual([]);
  });

  it('fails a build with a demo- project id', async () => {
    const out = await built('const c={projectId:`demo-muse-studio`,apiKey:"demo-api-key"}');
    expect(await builtOutputProblems('dashboard', out, { projectId: 'muse-prod' })).toEqual([
      expect.stringMatching(/assets\/firebase\.js inlines a local default \(projectId/),
      expect.stringMatching(/inlines a local default \(apiKey/),
      'dashboard: the build does not inline projectId: muse-prod',
    ]);
  });

  it('fails an extension build whose dashboard is the local one', async () => {
    const out = await built('const c={projectId:`muse-prod`,dashboardUrl:`http://127.0.0.1:5173`}');
    expect(await builtOutputProblems('extension', out, { projectId: 'muse-prod' })).toEqual([
      expect.stringMatching(/inlines a local default \(dashboardUrl/),
    ]);
  });
});
