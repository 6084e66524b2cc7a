import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deployRuntimeProblems } from '../../../scripts/deploy-check/functions';
import {
  DECOMMISSION_MARGIN_DAYS,
  NODE_RUNTIMES,
  RUNTIME_SCHEDULE_SOURCE,
  runtimeOfEngines,
  runtimeProblems,
} from '../../../scripts/deploy-check/runtimes';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const engines = () =>
  (JSON.parse(readFileSync(join(root, 'functions/package.json'), 'utf8')) as { engines: unknown })
    .engines;

describe('the functions runtime', () => {
  // This test starts failing 60 days before Google decommissions the runtime functions/package.json names
  // (scripts/deploy-check/runtimes.ts keeps the schedule and its source): time to move to a newer one.
  it(`is not decommissioned within ${DECOMMISSION_MARGIN_DAYS} days from today`, () => {
    expect(runtimeProblems(runtimeOfEngines(engines()), new Date())).toEqual([]);
  });

  it('is one the runtime table knows, with the schedule it was read from', () => {
    expect(Object.keys(NODE_RUNTIMES)).toContain(runtimeOfEngines(engines()));
    expect(RUNTIME_SCHEDULE_SOURCE).toMatch(/^https:\/\/cloud\.google\.com\//);
  });

  it('is the one the functions bundle targets', () => {
    const build = readFileSync(join(root, 'scripts/build-functions.ts'), 'utf8');
    expect(build).toContain('target: `node${functionsNodeMajor()}`');
  });

  it.each([
    ['Node.js 20 after its decommission', 'nodejs20', '2026-12-01', /decommissioned on 2026-10-30/],
    ['Node.js 22 within 60 days of it', 'nodejs22', '2027-09-15', /in 45 days/],
    ['a runtime the table does not know', 'nodejs16', '2026-12-01', /not in the runtime table/],
    ['no single major version', undefined, '2026-12-01', /one major version/],
  ])('refuses %s', (_label, runtime, day, message) => {
    expect(runtimeProblems(runtime, new Date(`${day}T12:00:00Z`))).toEqual([
      expect.stringMatching(message),
    ]);
  });

  it('accepts Node.js 22 until 60 days before its 2027-10-31', () => {
    expect(runtimeProblems('nodejs22', new Date('2027-08-30T12:00:00Z'))).toEqual([]);
  });

  it.each([
    [{ node: '22' }, 'nodejs22'],
    [{ node: '>=20' }, undefined],
    [undefined, undefined],
  ])('reads engines %j as %s', (value, runtime) => {
    expect(runtimeOfEngines(value)).toBe(runtime);
  });

  it.each([
    ['20', /firebase-tools refuses the runtime: Runtime Node.js 20 was decommissioned/],
    ['19', /firebase-tools refuses the runtime: Detected node engine 19/],
  ])('fails deploy:check when functions/package.json says Node %s', async (node, message) => {
    const dir = await mkdtemp(join(tmpdir(), 'muse-runtime-'));
    try {
      await writeFile(join(dir, 'package.json'), JSON.stringify({ engines: { node } }));
      expect(deployRuntimeProblems(dir, root, new Date('2026-12-01T00:00:00Z'))).toEqual([
        expect.stringMatching(message),
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('passes deploy:check with Node 22 through the pinned firebase-tools', () => {
    expect(
      deployRuntimeProblems(join(root, 'functions'), root, new Date('2026-12-01T00:00:00Z')),
    ).toEqual([]);
  });
});
