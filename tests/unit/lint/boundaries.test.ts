import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The job lease and publishing are kept apart by .dependency-cruiser.cjs (run by `npm run lint`): nothing in
// functions/src/jobs imports functions/src/social, and functions/src/social imports from functions/src/jobs
// only the lease and its handler registration (lease.ts). Over small fixtures laid out like functions/src, the
// repository's config must refuse each crossing, type-only imports included, and pass the registration.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/boundaries/', import.meta.url));
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

describe('the jobs and publishing boundary', { timeout: 60_000 }, () => {
  it('refuses an import from functions/src/jobs into functions/src/social', async () => {
    expect(await violations('jobs-to-social')).toEqual(['jobs-not-social']);
  });

  it('refuses it when the import is of types only', async () => {
    expect(await violations('jobs-to-social-type')).toEqual(['jobs-not-social']);
  });

  it('refuses an import from functions/src/social into the jobs other than the lease', async () => {
    expect(await violations('social-to-jobs')).toEqual(['social-through-lease']);
  });

  it('passes social registering through the lease and a composition outside both importing each', async () => {
    expect(await violations('allowed')).toEqual([]);
  });
});
