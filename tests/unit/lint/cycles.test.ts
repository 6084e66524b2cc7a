import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// `npm run lint` checks the import graph with dependency-cruiser and the repository's
// .dependency-cruiser.cjs. Over small fixtures, that config must refuse a cycle of value imports and a
// cycle of `import type` alone (which ESLint's import-x/no-cycle never saw), and pass a graph without one.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/cycles/', import.meta.url));
const config = createRequire(import.meta.url)(
  `${repoRoot}.dependency-cruiser.cjs`,
) as IConfiguration;

/** The rule names dependency-cruiser reports for the files in one fixture folder. */
async function violations(folder: string): Promise<string[]> {
  const { output } = await cruise([`${fixtures}${folder}`], {
    ...config.options,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    tsConfig: undefined,
    outputType: 'json',
  });
  const result =
    typeof output === 'string'
      ? (JSON.parse(output) as { summary: { violations: { rule: { name: string } }[] } })
      : output;
  return result.summary.violations.map((v) => v.rule.name);
}

describe('the import-cycle check', { timeout: 60_000 }, () => {
  it('refuses a cycle of value imports', async () => {
    expect(await violations('values')).toContain('no-circular');
  });

  it('refuses a cycle made only of type imports', async () => {
    expect(await violations('types')).toContain('no-circular');
  });

  it('passes type imports that do not close a cycle', async () => {
    expect(await violations('none')).toEqual([]);
  });
});
