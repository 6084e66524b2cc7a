import { existsSync } from 'node:fs';
import { say } from './log';
import { root } from './paths';
import { run } from './processes';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function has(command: string): boolean {
  return run('sh', ['-c', `command -v ${command}`], { quiet: true }).status === 0;
}

let aptUpdated = false;
function aptInstall(packages: string[], why: string): boolean {
  if (!isRoot) {
    say.warn(
      `${why}: install ${packages.join(' ')} (apt-get install -y ${packages.join(' ')}) and run again.`,
    );
    return false;
  }
  say.step(`Installing ${packages.join(', ')} (${why})`);
  if (!aptUpdated) {
    run('apt-get', ['update', '-q'], { quiet: true });
    aptUpdated = true;
  }
  const r = run('apt-get', ['install', '-y', '-q', ...packages], {
    quiet: true,
    env: { DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0)
    say.warn(`apt-get install ${packages.join(' ')} failed:\n${r.output.slice(-2000)}`);
  return r.status === 0;
}

/** WXT's generated types (.wxt/) that the extension's tsconfig extends. */
export function ensureWxtPrepared(): void {
  if (existsSync(`${root}.wxt/tsconfig.json`)) return;
  say.step('Preparing WXT types (wxt prepare)');
  const r = run('npx', ['wxt', 'prepare'], { quiet: true });
  if (r.status !== 0) throw new Error(`wxt prepare failed:\n${r.output.slice(-2000)}`);
}

export function ensureJava(): void {
  if (has('java')) return;
  aptInstall(['openjdk-17-jdk-headless'], 'the Firestore and Storage emulators run on Java');
}

export function ensureChromium(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) aptInstall(['chromium'], 'browser tests run in Debian chromium');
  return path;
}

export function ensureFfmpeg(): void {
  if (has('ffprobe')) return;
  aptInstall(['ffmpeg'], 'media checks use native ffprobe');
}
