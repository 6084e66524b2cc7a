import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION } from '../../../core/firebase/config';
import { SECRETS_KEYRING } from '../../../core/secrets';
import { INSTANCE_BASELINE_MIB, WORKLOADS } from '../../../functions/src/runtime-options';
import {
  endpointProblems,
  mebibytes,
  type Endpoint,
  type FunctionRules,
} from '../../../scripts/deploy-check/functions';
import { keyringReaders } from '../../../scripts/deploy-check/keyring-readers';

// deploy:check's rules for each function of the manifest `firebase deploy` reads (scripts/deploy-check.ts):
// fed the bad cases directly.

const root = fileURLToPath(new URL('../../..', import.meta.url));

const rules = (readers: string[] = []): FunctionRules => ({
  region: FUNCTIONS_REGION,
  baselineMiB: INSTANCE_BASELINE_MIB,
  workloads: WORKLOADS,
  keyringReaders: new Set(readers),
  secret: SECRETS_KEYRING,
});

const endpoint = (workload: keyof typeof WORKLOADS, more: Partial<Endpoint> = {}): Endpoint => ({
  platform: 'gcfv2',
  region: [FUNCTIONS_REGION],
  availableMemoryMb: mebibytes(WORKLOADS[workload].memory),
  cpu: WORKLOADS[workload].cpu,
  concurrency: WORKLOADS[workload].concurrency,
  labels: { workload },
  ...more,
});
const keyring = { secretEnvironmentVariables: [{ key: SECRETS_KEYRING }] };

describe("deploy:check's function rules", () => {
  it('pass functions sized, placed and given their secrets as the rules say', () => {
    const manifest = {
      endpoints: {
        runJob: endpoint('job', keyring),
        sendFeedback: endpoint('request'),
        sweepStaleJobs: endpoint('schedule'),
      },
    };
    expect(endpointProblems(manifest, rules(['runJob']))).toEqual([]);
  });

  it.each([
    [
      'a function that reads the keyring without its secret',
      endpoint('job'),
      /does not declare the MUSE_SECRETS_KEYRING secret/,
    ],
    [
      'another region',
      endpoint('job', { ...keyring, region: ['europe-west1'] }),
      /region \["europe-west1"\]/,
    ],
    ['no workload label', endpoint('job', { ...keyring, labels: {} }), /no workload label/],
    [
      'the default concurrency',
      endpoint('job', { ...keyring, concurrency: null }),
      /concurrency is not set/,
    ],
    [
      'the old 512 MiB at concurrency 80',
      endpoint('job', { ...keyring, availableMemoryMb: 512, concurrency: 80 }),
      /holds less than 256 \+ 80 x 300 MiB = 24256 MiB/,
    ],
    [
      'concurrency above 1 on a fraction of a vCPU',
      endpoint('job', { ...keyring, cpu: 0.5 }),
      /concurrency 5 needs at least 1 vCPU/,
    ],
    [
      'more memory than its vCPUs allow',
      endpoint('job', { ...keyring, availableMemoryMb: 8192 }),
      /more than Cloud Run allows with 1 vCPU/,
    ],
    ['a 1st gen function', endpoint('job', { ...keyring, platform: 'gcfv1' }), /not 2nd gen/],
  ])('fail %s', (_label, runJob, message) => {
    expect(endpointProblems({ endpoints: { runJob } }, rules(['runJob']))).toContainEqual(
      expect.stringMatching(message),
    );
  });

  it('fail a keyring reader that is not deployed', () => {
    expect(endpointProblems({ endpoints: { a: endpoint('request') } }, rules(['b']))).toEqual([
      'b: reads the keyring but is not deployed',
    ]);
  });

  it.each(Object.entries(WORKLOADS))(
    'size the %s workload for its largest input at full concurrency',
    (_id, w) => {
      expect(mebibytes(w.memory)).toBeGreaterThanOrEqual(
        INSTANCE_BASELINE_MIB + w.concurrency * w.peakMiB,
      );
      if (w.concurrency > 1) expect(w.cpu).toBeGreaterThanOrEqual(1);
    },
  );
});

describe('the keyring readers', () => {
  it('are the functions whose code reaches loadKeyring, judged per callable', () => {
    const readers = keyringReaders(join(root, 'functions/src/index.ts'), join(root, 'core'));
    expect(readers).toContain('retryPost');
    expect(readers).toContain('runJob');
    expect(readers).toContain('publishPost');
    // manage-posts/trigger.ts exports three callables; only retryPost reads the keyring.
    expect(readers).not.toContain('cancelPost');
    expect(readers).not.toContain('updateScheduledPost');
    expect(readers).not.toContain('sendFeedback');
  });

  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'muse-keyring-readers-'));
    await mkdir(join(dir, 'deep'));
    const files: Record<string, string> = {
      'config.ts':
        'export function loadKeyring() { return secret.value(); }\nexport const keyringSecret = 1;',
      'deps.ts':
        "import { loadKeyring } from './config';\nexport function keyed() { return loadKeyring(); }\nexport function plain() { return 1; }",
      'deep/lazy.ts': "import { keyed } from '../deps';\nexport const run = () => keyed();",
      'a.ts':
        "import { keyed } from './deps';\nconst helper = () => keyed();\nexport const viaHelper = on(() => helper());",
      'b.ts': "import { plain } from './deps';\nexport const plainOne = on(() => plain());",
      'c.ts': "export const lazyOne = on(async () => (await import('./deep/lazy')).run());",
      'index.ts':
        "export { viaHelper as one } from './a';\nexport { plainOne as two } from './b';\nexport { lazyOne as three } from './c';",
    };
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('follow local helpers, imports and lazy import()s, and leave out what never reaches the keyring', () => {
    expect([...keyringReaders(join(dir, 'index.ts'), join(dir, 'no-core'))].sort()).toEqual([
      'one',
      'three',
    ]);
  });
});
