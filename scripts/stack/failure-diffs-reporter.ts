// A vitest reporter for `npm test` (scripts/test.ts): writes each failed assertion's diff to the JSON file
// named by MUSE_FAILURE_DIFFS, keyed as vitest's json reporter keys tests (file, and the test's titles
// joined by spaces). The json report keeps only an error's message and stack, so without this a CI log's
// summary says "expected { kind: 'image', …(16) } to match object { …(6) }" and never which field differed.
import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

export interface FailureDiff {
  file: string;
  fullName: string;
  diff: string;
}

/** The test's titles from the outermost describe, as the json reporter's `fullName` joins them. */
function fullNameOf(test: TestCase): string {
  const titles = [test.name];
  for (let parent = test.parent; parent.type === 'suite'; parent = parent.parent)
    titles.unshift(parent.name);
  return titles.join(' ');
}

export default class FailureDiffsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const out = process.env.MUSE_FAILURE_DIFFS;
    if (!out) return;
    const diffs: FailureDiff[] = [];
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state !== 'failed') continue;
        const diff = result.errors?.find((e) => typeof e.diff === 'string' && e.diff.trim())?.diff;
        if (typeof diff === 'string')
          diffs.push({ file: module.moduleId, fullName: fullNameOf(test), diff });
      }
    }
    writeFileSync(out, JSON.stringify(diffs));
  }
}
