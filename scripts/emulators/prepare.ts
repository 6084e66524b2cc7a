import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Google's Firestore emulator as the Google Cloud CLI package installs it (see shared notes). */
export const GCLOUD_FIRESTORE_JAR =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

const FIRESTORE_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const BRIDGE_SOURCE_DIR = path.join('scripts', 'emulators', 'storage-rules-runtime');
const BRIDGE_MAIN_CLASS = 'StorageRulesRuntime';

export type PrepareOptions = {
  gcloudJar?: string;
  log?: (line: string) => void;
};

/**
 * Builds, into `<rootDir>/.local/emulators/`, the Firestore launcher jar and the Storage rules
 * runtime bridge over the gcloud jar, and returns the env vars that make firebase-tools use them.
 * Returns `{}` where the gcloud jar or the JDK is missing: firebase-tools then downloads its own.
 */
export async function prepareEmulatorBinaries(
  rootDir: string,
  { gcloudJar = GCLOUD_FIRESTORE_JAR, log = (line) => console.error(line) }: PrepareOptions = {},
): Promise<Record<string, string>> {
  if (!existsSync(gcloudJar)) {
    log(`[emulators] ${gcloudJar} not found: firebase-tools will download its own emulators.`);
    return {};
  }
  if (!(await hasTool('java'))) {
    log(
      '[emulators] java not found: firebase-tools will download its own emulators (and needs Java).',
    );
    return {};
  }

  const outDir = path.join(rootDir, '.local', 'emulators');
  const launcherJar = path.join(outDir, 'firestore-launcher.jar');
  const bridgeJar = path.join(outDir, 'storage-rules-runtime.jar');
  const bridgeSources = listJavaSources(path.join(rootDir, BRIDGE_SOURCE_DIR));

  const launcherStale = !existsSync(launcherJar);
  const bridgeStale = isStale(bridgeJar, [...bridgeSources, gcloudJar]);
  if (launcherStale || bridgeStale) {
    const missing = [];
    for (const tool of ['javac', 'jar']) if (!(await hasTool(tool))) missing.push(tool);
    if (missing.length > 0) {
      log(
        `[emulators] ${missing.join(' and ')} not found (JDK needed to build the launcher and rules bridge): firebase-tools will download its own emulators.`,
      );
      return {};
    }
    mkdirSync(outDir, { recursive: true });
    const classPath = pathToFileURL(gcloudJar).href;
    if (launcherStale) {
      await buildJar(outDir, launcherJar, { mainClass: FIRESTORE_MAIN_CLASS, classPath });
    }
    if (bridgeStale) {
      const started = performance.now();
      await buildJar(outDir, bridgeJar, {
        mainClass: BRIDGE_MAIN_CLASS,
        classPath,
        sources: bridgeSources,
        compileClassPath: gcloudJar,
      });
      log(
        `[emulators] built storage-rules-runtime.jar in ${((performance.now() - started) / 1000).toFixed(1)}s`,
      );
    }
  }

  return {
    FIRESTORE_EMULATOR_BINARY_PATH: launcherJar,
    STORAGE_EMULATOR_BINARY_PATH: bridgeJar,
  };
}

async function hasTool(tool: string): Promise<boolean> {
  try {
    await run(tool, ['--version'], { timeout: 30_000 });
    return true;
  } catch (error) {
    // Only a missing executable counts: an old JDK may reject --version yet be there.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

function listJavaSources(dir: string): string[] {
  if (!existsSync(dir)) throw new Error(`rules bridge sources not found in ${dir}`);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.java'))
    .map((name) => path.join(dir, name));
}

function isStale(target: string, inputs: string[]): boolean {
  if (!existsSync(target)) return true;
  const builtAt = statSync(target).mtimeMs;
  return inputs.some((input) => statSync(input).mtimeMs > builtAt);
}

type JarSpec = {
  mainClass: string;
  classPath: string;
  sources?: string[];
  compileClassPath?: string;
};

// Builds in a scratch folder and renames into place, so a concurrent caller never sees half a jar.
async function buildJar(outDir: string, target: string, spec: JarSpec): Promise<void> {
  const work = mkdtempSync(path.join(outDir, '.build-'));
  try {
    const classes = path.join(work, 'classes');
    mkdirSync(classes);
    if (spec.sources && spec.sources.length > 0) {
      // -proc:none: the gcloud jar bundles annotation processors that break javac.
      await run(
        'javac',
        [
          '-proc:none',
          '-nowarn',
          '-cp',
          spec.compileClassPath ?? '',
          '-d',
          classes,
          ...spec.sources,
        ],
        {
          timeout: 180_000,
        },
      );
    }
    const manifest = path.join(work, 'manifest.txt');
    writeFileSync(manifest, `Main-Class: ${spec.mainClass}\nClass-Path: ${spec.classPath}\n`);
    const jar = path.join(work, path.basename(target));
    await run('jar', ['--create', '--file', jar, '--manifest', manifest, '-C', classes, '.'], {
      timeout: 60_000,
    });
    renameSync(jar, target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function isMain(): boolean {
  const entry = process.argv[1];
  return entry !== undefined && path.resolve(entry) === fileURLToPath(import.meta.url);
}

if (isMain()) {
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  prepareEmulatorBinaries(rootDir).then(
    (env) => {
      for (const [key, value] of Object.entries(env)) console.log(`${key}=${value}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
