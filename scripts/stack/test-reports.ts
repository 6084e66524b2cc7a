// Reads the JSON reports vitest and Playwright write for `npm test`: how many passed and failed, and a
// line for each failure, so the end of a CI log names what failed even when only its tail is kept.
import { existsSync, readFileSync } from 'node:fs';
import type { FailureDiff } from './failure-diffs-reporter';

export interface SuiteCounts {
  passed: number;
  failed: number;
  /** One entry each: file › test (status): the error's first line, then its diff where the run kept one. */
  failures: string[];
}

const missing: SuiteCounts = { passed: 0, failed: 1, failures: ['no report was written'] };

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** The first non-blank line of an error message, short enough for a summary line. */
function firstLine(message = ''): string {
  return (
    plain(message)
      .split('\n')
      .find((l) => l.trim()) ?? ''
  )
    .trim()
    .slice(0, 240);
}

/** Lines of a diff shown under its failure; a longer diff ends with how many lines were left out. */
const DIFF_LINES = 40;

/** An assertion's diff, colours removed, indented under its summary line and cut to DIFF_LINES. */
function indentedDiff(diff: string): string {
  const lines = plain(diff).trimEnd().split('\n');
  const shown = lines.slice(0, DIFF_LINES).map((l) => `      ${l}`);
  if (lines.length > DIFF_LINES) shown.push(`      … ${lines.length - DIFF_LINES} more lines`);
  return shown.join('\n');
}

/** The diffs scripts/stack/failure-diffs-reporter.ts wrote, by file and test name (none when it wrote no file). */
function readDiffs(file: string | undefined): Map<string, string> {
  if (!file || !existsSync(file)) return new Map();
  const entries = JSON.parse(readFileSync(file, 'utf8')) as FailureDiff[];
  return new Map(entries.map((e) => [`${e.file}\u0000${e.fullName}`, e.diff]));
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/**
 * `root` is cut from the report's absolute file names. `status` is vitest's exit status. `diffsFile` is
 * where failure-diffs-reporter.ts wrote the failed assertions' diffs, shown under each failure.
 */
export function vitestCounts(
  file: string,
  status: number,
  root: string,
  diffsFile?: string,
): SuiteCounts {
  if (!existsSync(file)) return missing;
  const j = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  const diffs = readDiffs(diffsFile);
  const relative = (name: string) => (name.startsWith(root) ? name.slice(root.length) : name);
  // A file that fails to load has no failed test but a failed suite: count it, and count skips as failures.
  const brokenFiles = j.testResults.filter((t) => t.status === 'failed').length;
  const failed =
    j.numFailedTests +
    j.numPendingTests +
    j.numTodoTests +
    (j.numFailedTests === 0 && (brokenFiles > 0 || status !== 0) ? Math.max(brokenFiles, 1) : 0);
  const failures = j.testResults.flatMap((f) => {
    const tests = f.assertionResults
      .filter((a) => a.status !== 'passed')
      .map((a) => {
        const line = `${relative(f.name)} › ${a.fullName} (${a.status}): ${firstLine(a.failureMessages?.[0])}`;
        const diff = diffs.get(`${f.name}\u0000${a.fullName}`);
        return diff ? `${line}\n${indentedDiff(diff)}` : line;
      });
    return tests.length === 0 && f.status === 'failed'
      ? [`${relative(f.name)}: ${firstLine(f.message)}`]
      : tests;
  });
  if (failed > 0 && failures.length === 0) failures.push(`vitest exited with status ${status}`);
  return { passed: j.numPassedTests, failed, failures };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: {
      projectName?: string;
      status: string;
      results: { status: string; error?: { message?: string } }[];
    }[];
  }[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}

/** Every test whose outcome was not the expected one (failed, flaky or skipped), with its last error. */
function playwrightFailures(suites: PlaywrightSuite[] = [], titles: string[] = []): string[] {
  return suites.flatMap((suite) => {
    // A file's own suite is titled with its path, which each spec line already starts with.
    const path = suite.file === suite.title ? titles : [...titles, suite.title];
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status !== 'expected')
        .map(
          (t) =>
            `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')} (${t.status}): ${firstLine(t.results.findLast((r) => r.error)?.error?.message)}`,
        ),
    );
    return [...own, ...playwrightFailures(suite.suites, path)];
  });
}

/** A flaky test (passed on a retry) counts as failed: the suite must pass the first time. */
export function playwrightCounts(file: string, status: number): SuiteCounts {
  if (!existsSync(file)) return missing;
  const report = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport;
  const s = report.stats;
  const failed = s.unexpected + s.flaky + s.skipped + (s.unexpected === 0 && status !== 0 ? 1 : 0);
  const failures = playwrightFailures(report.suites);
  if (failed > 0 && failures.length === 0) failures.push(`Playwright exited with status ${status}`);
  return { passed: s.expected, failed, failures };
}
