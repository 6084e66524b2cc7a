// The dev stack keeps its emulator data (Auth, Firestore, Storage) in .local/emulator-data/<stack> and
// saves it while it runs, not only on a clean exit, so a crash loses at most the last interval. Each
// save asks the emulator hub for an export into <dir>.next, then swaps it in: <dir> -> <dir>.prev,
// <dir>.next -> <dir>. A crash during an export leaves <dir> as it was; a crash between the two renames
// leaves <dir>.prev, which recoverExport puts back before the next start imports it.
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const METADATA = 'firebase-export-metadata.json';
export const DEFAULT_EXPORT_INTERVAL_MS = 30_000;

export const hasExport = (dir: string): boolean => existsSync(path.join(dir, METADATA));

/** MUSE_EXPORT_INTERVAL_MS: how often the dev stack saves its emulator data (default 30 s, at least 1 s). */
export function exportIntervalFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_EXPORT_INTERVAL_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1000)
    throw new Error(
      `MUSE_EXPORT_INTERVAL_MS must be a whole number of milliseconds, at least 1000 (got "${raw}")`,
    );
  return ms;
}

/**
 * What `MUSE_REAL_PROVIDERS=1 npm start` says about a crash: the data comes back as of the last save, so what a
 * publish did after it is not on the restored documents. A post restored queued or publishing is looked up on
 * the platform before any send (functions/src/social/publish-run.ts), but one restored as scheduled (saved
 * before its claim) is sent again with no look-up: with real providers that is a second post.
 */
export function realProvidersCrashWarning(exportEveryMs: number): string {
  const seconds = Math.round(exportEveryMs / 1000);
  return `A crash (kill -9, power loss) loses up to the last ${seconds} s of data: a scheduled post published in those ${seconds} s can come back as scheduled and be posted again on the real platform. Stop with Ctrl+C (which saves), or set MUSE_EXPORT_INTERVAL_MS lower.`;
}

/** Before a start: puts back the last good export if a crash came between the two renames, and drops a half-written one. Returns what it did. */
export function recoverExport(dataDir: string): 'recovered' | 'ok' {
  const prev = `${dataDir}.prev`;
  let result: 'recovered' | 'ok' = 'ok';
  if (!hasExport(dataDir) && hasExport(prev)) {
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(prev, dataDir);
    result = 'recovered';
  }
  rmSync(prev, { recursive: true, force: true });
  rmSync(`${dataDir}.next`, { recursive: true, force: true });
  return result;
}

/** Replaces dataDir with the complete export in `next`. */
export function swapIn(next: string, dataDir: string): void {
  if (!hasExport(next)) throw new Error(`the export in ${next} is incomplete`);
  const prev = `${dataDir}.prev`;
  rmSync(prev, { recursive: true, force: true });
  if (existsSync(dataDir)) renameSync(dataDir, prev);
  renameSync(next, dataDir);
  rmSync(prev, { recursive: true, force: true });
}

/**
 * The hub writes each export to a temporary folder `firebase-export-<ms since 1970>...` in the emulators'
 * working folder (the checkout) and moves it into place: one killed mid-export stays behind. Removes
 * those older than `olderThanMs` (another stack of this checkout may be exporting right now).
 */
export function removeAbandonedExports(
  cwd: string,
  now = Date.now(),
  olderThanMs = 10 * 60_000,
): void {
  for (const entry of readdirSync(cwd)) {
    const at = /^firebase-export-(\d{13})/.exec(entry)?.[1];
    if (at && now - Number(at) > olderThanMs)
      rmSync(path.join(cwd, entry), { recursive: true, force: true });
  }
}

/** One save: the hub exports every running emulator's data into <dataDir>.next, which then replaces dataDir. */
export async function exportData(
  hubOrigin: string,
  dataDir: string,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const next = `${dataDir}.next`;
  rmSync(next, { recursive: true, force: true });
  const res = await fetchImpl(`${hubOrigin}/_admin/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: next, initiatedBy: 'muse-stack' }),
  });
  if (!res.ok)
    throw new Error(`the emulator hub answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  swapIn(next, dataDir);
}

export interface PeriodicSaver {
  /** Saves now (after any save under way). Resolves false if it failed. */
  saveNow: () => Promise<boolean>;
  /** Stops the timer, after any save under way. */
  stop: () => Promise<void>;
}

/** Runs `save` every `everyMs` after the previous one ends (saves never overlap), reporting each. */
export function startPeriodicSaves(opts: {
  everyMs: number;
  save: () => Promise<void>;
  onResult: (r: { ok: boolean; ms: number; error?: string }) => void;
}): PeriodicSaver {
  let chain: Promise<boolean> = Promise.resolve(true);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const once = (): Promise<boolean> => {
    chain = chain.then(async () => {
      const t = Date.now();
      try {
        await opts.save();
        opts.onResult({ ok: true, ms: Date.now() - t });
        return true;
      } catch (error) {
        opts.onResult({
          ok: false,
          ms: Date.now() - t,
          error: error instanceof Error ? error.message : String(error),
        });
        return false;
      }
    });
    return chain;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void once().then(schedule), opts.everyMs);
  };
  schedule();
  return {
    saveNow: once,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await chain;
    },
  };
}
