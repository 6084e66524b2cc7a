// npm run bench: speed and size figures (never asserted in tests). Pass names to run some: npm run bench -- first-page-js
import { firstPageJs } from './bench/first-page-js';
import { jobMemoryBench } from './bench/job-memory';
import { libraryBench } from './bench/library';
import { mediaJobsBench } from './bench/media-jobs';
import { renderBench } from './bench/render';
import { sidePanelBench } from './bench/sidepanel';
import { socialBench } from './bench/social';
import { youtubeBench } from './bench/youtube';
import { say } from './stack/log';
import { startStack, type RunningStack } from './stack/stack';

type Figures = Record<string, string | number>;
const benches: Record<
  string,
  { needsStack: boolean; run: (stack?: RunningStack) => Promise<Figures> }
> = {
  'first-page-js': { needsStack: false, run: () => firstPageJs() },
  'job-memory': { needsStack: true, run: (stack) => jobMemoryBench(stack!) },
  library: { needsStack: true, run: (stack) => libraryBench(stack!) },
  'media-jobs': { needsStack: true, run: (stack) => mediaJobsBench(stack!) },
  render: { needsStack: false, run: () => renderBench() },
  sidepanel: { needsStack: false, run: () => sidePanelBench() },
  social: { needsStack: true, run: (stack) => socialBench(stack!) },
  youtube: { needsStack: false, run: () => youtubeBench() },
};

const only = process.argv.slice(2);
const chosen = Object.entries(benches).filter(([name]) => only.length === 0 || only.includes(name));
// Benches that need data run on the test stack (its own ports and project), started once.
const stack = chosen.some(([, b]) => b.needsStack)
  ? await startStack('test', { buildExtension: false })
  : undefined;
try {
  for (const [name, bench] of chosen) {
    say.step(name);
    const figures = await bench.run(stack);
    say.plain(
      `  ${Object.entries(figures)
        .map(([k, v]) => `${k}=${v}`)
        .join('  ')}`,
    );
  }
} finally {
  await stack?.stop();
}
