import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runtimeProblems } from './runtimes';

// The functions as `firebase deploy` sees them: firebase-tools runs the functions SDK's own discovery
// (node_modules/firebase-functions/lib/bin/firebase-functions.js: it loads functions/lib/index.js and turns
// every export into an endpoint of the manifest that firebase-tools reads from `/__/functions.yaml`). Here
// the same binary writes that manifest to a file (FUNCTIONS_MANIFEST_OUTPUT_PATH), so no port is opened.

export interface Endpoint {
  platform?: string;
  region?: string[];
  availableMemoryMb?: number | null;
  cpu?: number | string | null;
  concurrency?: number | null;
  labels?: Record<string, string>;
  secretEnvironmentVariables?: { key: string }[];
}
export interface Manifest {
  endpoints: Record<string, Endpoint>;
}

export interface WorkloadRule {
  memory: string;
  cpu: number;
  concurrency: number;
  peakMiB: number;
}

export interface FunctionRules {
  region: string;
  baselineMiB: number;
  workloads: Record<string, WorkloadRule>;
  /** The exported functions whose code reads the keyring (keyring-readers.ts). */
  keyringReaders: ReadonlySet<string>;
  secret: string;
}

/** '512MiB' / '2GiB' as MiB. */
export function mebibytes(memory: string): number {
  const match = /^(\d+)(MiB|GiB)$/.exec(memory);
  if (!match) throw new Error(`Not a memory size: ${memory}`);
  return Number(match[1]) * (match[2] === 'GiB' ? 1024 : 1);
}

/** The most memory Cloud Run gives an instance of `cpu` vCPUs (https://cloud.google.com/run/docs/configuring/services/cpu). */
export function maxMemoryForCpu(cpu: number): number {
  if (cpu < 1) return 512;
  if (cpu < 2) return 4096;
  if (cpu < 4) return 8192;
  if (cpu < 6) return 16384;
  if (cpu < 8) return 24576;
  return 32768;
}

/** Every way a function of the manifest breaks the rules (functions/src/runtime-options.ts); empty when none. */
export function endpointProblems(manifest: Manifest, rules: FunctionRules): string[] {
  const problems: string[] = [];
  const names = Object.keys(manifest.endpoints).sort();
  if (names.length === 0) problems.push('the functions export no function');
  for (const name of names) {
    const e = manifest.endpoints[name]!;
    const say = (problem: string) => problems.push(`${name}: ${problem}`);
    if (e.platform !== 'gcfv2') say(`platform ${e.platform}, not 2nd gen (gcfv2)`);
    if (e.region?.length !== 1 || e.region[0] !== rules.region)
      say(`region ${JSON.stringify(e.region ?? null)}, not ["${rules.region}"]`);
    const workloadId = e.labels?.workload;
    const workload = workloadId ? rules.workloads[workloadId] : undefined;
    if (!workload) say(`no workload label (functions/src/runtime-options.ts workloadOptions)`);
    const memory = e.availableMemoryMb;
    const cpu = typeof e.cpu === 'number' ? e.cpu : undefined;
    const concurrency = e.concurrency;
    if (typeof memory !== 'number') say('memory is not set');
    if (cpu === undefined) say(`cpu is ${JSON.stringify(e.cpu ?? null)}, not a number of vCPUs`);
    if (typeof concurrency !== 'number')
      say('concurrency is not set (Cloud Run would run 80 at once)');
    if (typeof memory === 'number' && cpu !== undefined && typeof concurrency === 'number') {
      if (concurrency > 1 && cpu < 1)
        say(`concurrency ${concurrency} needs at least 1 vCPU (cpu ${cpu})`);
      if (memory > maxMemoryForCpu(cpu))
        say(`${memory} MiB is more than Cloud Run allows with ${cpu} vCPU`);
      if (workload) {
        const needed = rules.baselineMiB + concurrency * workload.peakMiB;
        if (memory < needed)
          say(
            `${memory} MiB holds less than ${rules.baselineMiB} + ${concurrency} x ${workload.peakMiB} MiB = ${needed} MiB (its ${workloadId} workload at full concurrency)`,
          );
        if (
          memory !== mebibytes(workload.memory) ||
          cpu !== workload.cpu ||
          concurrency !== workload.concurrency
        )
          say(
            `deployed as ${memory} MiB, ${cpu} vCPU, concurrency ${concurrency}, not its ${workloadId} workload's figures`,
          );
      }
    }
    const secrets = new Set((e.secretEnvironmentVariables ?? []).map((s) => s.key));
    if (rules.keyringReaders.has(name) && !secrets.has(rules.secret))
      say(
        `reads the keyring but does not declare the ${rules.secret} secret (secrets: [keyringSecret])`,
      );
  }
  for (const name of rules.keyringReaders)
    if (!(name in manifest.endpoints))
      problems.push(`${name}: reads the keyring but is not deployed`);
  return problems;
}

/**
 * The runtime `firebase deploy` would pick, checked by the pinned firebase-tools itself (its runtime list and
 * its decommission guard) and against our own table, which fails 60 days early.
 */
export function deployRuntimeProblems(
  functionsDir: string,
  root: string,
  now = new Date(),
): string[] {
  const require = createRequire(join(root, 'package.json'));
  const tools = 'firebase-tools/lib/deploy/functions/runtimes';
  const { getRuntimeChoice } = require(`${tools}/node/parseRuntimeAndValidateSDK.js`) as {
    getRuntimeChoice(sourceDir: string): string;
  };
  const supported = require(`${tools}/supported/index.js`) as {
    guardVersionSupport(runtime: string, now?: Date): void;
  };
  let runtime: string;
  try {
    runtime = getRuntimeChoice(functionsDir);
    supported.guardVersionSupport(runtime, now);
  } catch (error) {
    return [`firebase-tools refuses the runtime: ${(error as Error).message}`];
  }
  return runtimeProblems(runtime, now);
}

/** The manifest the functions SDK gives firebase-tools, from the built functions/lib, offline. */
export async function discoverManifest(functionsDir: string, root: string): Promise<Manifest> {
  const dir = await mkdtemp(join(tmpdir(), 'muse-deploy-manifest-'));
  const out = join(dir, 'functions.json');
  try {
    // As on a deploy: no emulator variable; the project a sample id; the metadata server never asked.
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      METADATA_SERVER_DETECTION: 'none',
      GCLOUD_PROJECT: 'muse-sample-prod',
      FUNCTIONS_MANIFEST_OUTPUT_PATH: out,
    };
    const bin = join(root, 'node_modules/firebase-functions/lib/bin/firebase-functions.js');
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [bin, functionsDir], {
        cwd: functionsDir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`Function discovery failed:\n${text}`)),
      );
    });
    void output;
    return JSON.parse(await readFile(out, 'utf8')) as Manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
