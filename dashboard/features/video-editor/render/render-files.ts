// The export files in the origin private file system (OPFS) and who still needs them. Each export's
// file (output-spool.ts) is marked live by a Web Lock named for it (navigator.locks), taken before the file
// is created and held until its `dispose()`, after the upload. The browser releases every lock of a tab
// that is closed or crashes, so a file whose lock nobody holds belongs to no open tab and export:
// `sweepRenderFiles` deletes those, while files another open tab is still writing or uploading are kept.
// Kept apart from output-spool.ts (which imports mediabunny) so the editor can sweep on open cheaply.

/** The OPFS directory that holds exports being written or waiting for their upload. */
export const OPFS_RENDER_DIR = 'muse-renders';

/**
 * The Web Lock that marks the OPFS file `name` as live. Chromium writes through a swap file beside it
 * (`name.crswap`, moved over the file when the writable closes, left behind by a tab that dies first): the
 * file's lock covers it too.
 */
export const renderLockName = (name: string) =>
  `${OPFS_RENDER_DIR}/${name.replace(/\.crswap$/, '')}`;

type Locks = Pick<LockManager, 'request'>;

const lockManager = (): Locks | null =>
  typeof navigator !== 'undefined' && typeof navigator.locks?.request === 'function'
    ? navigator.locks
    : null;

/**
 * Takes the lock of the file `name` and resolves, once it is held, with the function that releases it
 * (null where the browser has no Web Locks: the file is then unmarked and a sweep never runs there).
 */
export function holdRenderLock(name: string): Promise<(() => void) | null> {
  const locks = lockManager();
  if (!locks) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    locks
      .request(renderLockName(name), { mode: 'exclusive' }, () => {
        resolve(release);
        return held;
      })
      .catch(reject);
  });
}

/** The names in a directory (TypeScript's DOM lib leaves out the handle's async iteration). */
async function entryNames(dir: FileSystemDirectoryHandle): Promise<string[]> {
  const names: string[] = [];
  for await (const name of (
    dir as FileSystemDirectoryHandle & { keys(): AsyncIterable<string> }
  ).keys())
    names.push(name);
  return names;
}

/**
 * Deletes every entry of the render directory whose lock no one holds: files left by a tab that was
 * closed or crashed mid-export (or before its upload). Each entry is deleted while this tab holds its
 * lock (`ifAvailable`: a lock held elsewhere is skipped at once, never waited for), so an open tab's
 * file is never touched. Resolves with the names deleted; does nothing without OPFS or Web Locks.
 */
export async function sweepRenderFiles(): Promise<string[]> {
  const locks = lockManager();
  if (!locks || typeof navigator.storage?.getDirectory !== 'function') return [];
  const dir = await (
    await navigator.storage.getDirectory()
  )
    .getDirectoryHandle(OPFS_RENDER_DIR)
    .catch(() => null);
  if (!dir) return [];
  const deleted: string[] = [];
  for (const name of await entryNames(dir)) {
    await locks
      .request(renderLockName(name), { mode: 'exclusive', ifAvailable: true }, async (lock) => {
        if (!lock) return;
        await dir.removeEntry(name, { recursive: true });
        deleted.push(name);
      })
      .catch(() => undefined);
  }
  return deleted;
}
