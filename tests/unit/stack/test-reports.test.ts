import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { playwrightCounts, vitestCounts } from '../../../scripts/stack/test-reports';

// Report shapes as vitest's json reporter and Playwright's json reporter write them (trimmed to the
// fields read), so the summary at the end of `npm test` names each failure.

const dir = mkdtempSync(join(tmpdir(), 'muse-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function report(body: unknown): string {
  const file = join(dir, `r${n++}.json`);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

const ROOT = '/repo/';

describe('vitest reports', () => {
  it('names each failed test with its file and the first line of its error, colours removed', () => {
    const file = report({
      numPassedTests: 2,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: '/repo/tests/functions/image-jobs.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            {
              fullName: 'cancelJob cancels a running job',
              status: 'failed',
              failureMessages: [
                'AssertionError: expected \u001b[31m7\u001b[39m to be \u001b[32m6\u001b[39m\n    at image-jobs.test.ts:216:5',
              ],
            },
            { fullName: 'cancelJob leaves a finished job', status: 'passed', failureMessages: [] },
          ],
        },
        {
          name: '/repo/tests/functions/other.test.ts',
          status: 'passed',
          assertionResults: [{ fullName: 'ok', status: 'passed' }],
        },
      ],
    });
    expect(vitestCounts(file, 1, ROOT)).toEqual({
      passed: 2,
      failed: 1,
      failures: [
        'tests/functions/image-jobs.test.ts › cancelJob cancels a running job (failed): AssertionError: expected 7 to be 6',
      ],
    });
  });

  it('counts a file that failed to load, and a skipped test, as failures', () => {
    const file = report({
      numPassedTests: 0,
      numFailedTests: 0,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          name: '/repo/tests/unit/broken.test.ts',
          status: 'failed',
          message: '\nFailed to load url ./missing (resolved id: ./missing)\nmore',
          assertionResults: [],
        },
        {
          name: '/repo/tests/unit/skips.test.ts',
          status: 'passed',
          assertionResults: [{ fullName: 'later', status: 'skipped' }],
        },
      ],
    });
    const counts = vitestCounts(file, 1, ROOT);
    expect(counts.failed).toBe(2);
    expect(counts.failures).toEqual([
      'tests/unit/broken.test.ts: Failed to load url ./missing (resolved id: ./missing)',
      'tests/unit/skips.test.ts › later (skipped): ',
    ]);
  });

  it("shows a failed assertion's diff under its line, colours removed, from the diffs file beside the report", () => {
    const file = report({
      numPassedTests: 0,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: '/repo/tests/functions/image-jobs.test.ts',
          status: 'failed',
          assertionResults: [
            {
              fullName: 'text to image runs to a record',
              status: 'failed',
              failureMessages: [
                "AssertionError: expected { kind: 'image', …(16) } to match object { kind: 'image', …(6) }",
              ],
            },
          ],
        },
      ],
    });
    const diff =
      '\u001b[32m- Expected\u001b[39m\n\u001b[31m+ Received\u001b[39m\n\n  Object {\n-   "status": "succeeded",\n+   "status": "failed",\n  }';
    const diffs = report([
      {
        file: '/repo/tests/functions/image-jobs.test.ts',
        fullName: 'text to image runs to a record',
        diff,
      },
      {
        file: '/repo/tests/functions/other.test.ts',
        fullName: 'text to image runs to a record',
        diff: 'not this one',
      },
    ]);
    expect(vitestCounts(file, 1, ROOT, diffs).failures).toEqual([
      [
        "tests/functions/image-jobs.test.ts › text to image runs to a record (failed): AssertionError: expected { kind: 'image', …(16) } to match object { kind: 'image', …(6) }",
        '      - Expected',
        '      + Received',
        '      ',
        '        Object {',
        '      -   "status": "succeeded",',
        '      +   "status": "failed",',
        '        }',
      ].join('\n'),
    ]);
  });

  it('cuts a long diff to 40 lines and says how many were left out', () => {
    const file = report({
      numPassedTests: 0,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: '/repo/tests/unit/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'long', status: 'failed', failureMessages: ['AssertionError: differ'] },
          ],
        },
      ],
    });
    const diffs = report([
      {
        file: '/repo/tests/unit/a.test.ts',
        fullName: 'long',
        diff: Array.from({ length: 45 }, (_, i) => `line ${i}`).join('\n'),
      },
    ]);
    const [failure] = vitestCounts(file, 1, ROOT, diffs).failures;
    const lines = failure!.split('\n');
    expect(lines).toHaveLength(1 + 40 + 1);
    expect(lines[40]).toBe('      line 39');
    expect(lines[41]).toBe('      … 5 more lines');
  });

  it('a run that wrote no report is one failure that says so', () => {
    expect(vitestCounts(join(dir, 'absent.json'), 1, ROOT)).toEqual({
      passed: 0,
      failed: 1,
      failures: ['no report was written'],
    });
  });

  it('a non-zero exit with every test passed still fails, with the exit status', () => {
    const file = report({
      numPassedTests: 3,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [],
    });
    expect(vitestCounts(file, 1, ROOT)).toEqual({
      passed: 3,
      failed: 1,
      failures: ['vitest exited with status 1'],
    });
  });
});

describe('Playwright reports', () => {
  const spec = (title: string, line: number, status: string, message?: string) => ({
    title,
    file: 'dashboard/social.spec.ts',
    line,
    tests: [
      {
        projectName: 'dashboard',
        status,
        results: [
          {
            status: status === 'expected' ? 'passed' : 'failed',
            ...(message ? { error: { message } } : {}),
          },
        ],
      },
    ],
  });

  it('names failed and flaky tests with their describe path, file and line; flaky counts as failed', () => {
    const file = report({
      stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [
        {
          title: 'dashboard/social.spec.ts',
          file: 'dashboard/social.spec.ts',
          specs: [
            spec(
              'an X post goes out once',
              22,
              'unexpected',
              'Error: \u001b[2mexpect(\u001b[22mlocator).toBeVisible()\n\nLocator: ...',
            ),
          ],
          suites: [
            {
              title: 'errors',
              file: 'dashboard/social.spec.ts',
              specs: [
                spec('shows the reason', 40, 'flaky', 'TimeoutError: 5000ms exceeded'),
                spec('passes', 50, 'expected'),
              ],
            },
          ],
        },
      ],
    });
    expect(playwrightCounts(file, 1)).toEqual({
      passed: 1,
      failed: 2,
      failures: [
        'dashboard/social.spec.ts:22 › an X post goes out once (unexpected): Error: expect(locator).toBeVisible()',
        'dashboard/social.spec.ts:40 › errors › shows the reason (flaky): TimeoutError: 5000ms exceeded',
      ],
    });
  });

  it('a failed run with no failed test (e.g. global set-up) is one failure with its exit status', () => {
    const file = report({
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
      suites: [],
    });
    expect(playwrightCounts(file, 1)).toEqual({
      passed: 0,
      failed: 1,
      failures: ['Playwright exited with status 1'],
    });
  });
});
