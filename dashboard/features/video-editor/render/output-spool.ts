import { BufferTarget, StreamTarget, type Target } from 'mediabunny';
import { holdRenderLock, OPFS_RENDER_DIR } from './render-files';

// Where an export's file is written. A long export would not fit in memory as one ArrayBuffer
// (BufferTarget), so the WebCodecs muxer streams it into a file in the origin private file system (OPFS)
// through mediabunny's StreamTarget and a FileSystemWritableFileStream (positioned writes, so the mp4
// muxer can seek back), and an output ffmpeg.wasm made is copied into such a file (`spoolBytes`). The
// result is that file, which the caller uploads and then deletes (`dispose`). Each file is marked live by
// its Web Lock for as long (render-files.ts), so a sweep deletes only files no open tab still needs.
// Where OPFS or createWritable is missing (older Safari, some private modes), it stays in memory.

export { OPFS_RENDER_DIR } from './render-files';

/** Bytes written to OPFS per write: fewer, larger writes than one per packet. */
const CHUNK_BYTES = 8 * 1024 * 1024;

export interface OutputSpool {
  /** 'opfs': streamed into an OPFS file; 'memory': a BufferTarget. */
  kind: 'opfs' | 'memory';
  target: Target;
  /** After the output is finalized: the OPFS file, or the bytes in memory. */
  result(): Promise<{ file: File } | { bytes: Uint8Array }>;
  /** Deletes the OPFS file (after its upload, or on cancel or failure); safe to call more than once. */
  dispose(): Promise<void>;
}

interface OpfsFile {
  handle: FileSystemFileHandle;
  writable: FileSystemWritableFileStream;
  /** Aborts a writable nobody took, deletes the file, then releases its lock; safe to call more than once. */
  dispose(): Promise<void>;
}

/** A new file `name` in the render directory, its lock held and a writable open; null without OPFS. */
async function openOpfsFile(name: string): Promise<OpfsFile | null> {
  if (typeof navigator === 'undefined' || typeof navigator.storage?.getDirectory !== 'function')
    return null;
  // The lock first: a sweep in another tab must never find this file unlocked.
  const release = await holdRenderLock(name).catch(() => null);
  const unlock = () => release?.();
  let dir: FileSystemDirectoryHandle;
  let handle: FileSystemFileHandle;
  try {
    dir = await (
      await navigator.storage.getDirectory()
    ).getDirectoryHandle(OPFS_RENDER_DIR, { create: true });
    handle = await dir.getFileHandle(name, { create: true });
  } catch {
    unlock();
    return null;
  }
  const remove = () => dir.removeEntry(name).catch(() => undefined);
  const writable =
    typeof handle.createWritable === 'function'
      ? await handle.createWritable().catch(() => null)
      : null;
  if (!writable) {
    await remove();
    unlock();
    return null;
  }
  let disposed = false;
  return {
    handle,
    writable,
    async dispose() {
      if (disposed) return;
      disposed = true;
      // A stream the muxer never took (a failure before start) is still open: abort it, or the entry stays locked.
      if (!writable.locked) await writable.abort().catch(() => undefined);
      await remove();
      unlock();
    },
  };
}

function memorySpool(): OutputSpool {
  const target = new BufferTarget();
  return {
    kind: 'memory',
    target,
    result: () => Promise.resolve({ bytes: new Uint8Array(target.buffer!) }),
    dispose: () => Promise.resolve(),
  };
}

/** A spool for the file `name`: in OPFS when `opfs` and the browser has it, else in memory. */
export async function openOutputSpool(name: string, opfs = true): Promise<OutputSpool> {
  const file = opfs ? await openOpfsFile(name) : null;
  if (!file) return memorySpool();
  return {
    kind: 'opfs',
    target: new StreamTarget(file.writable, { chunked: true, chunkSize: CHUNK_BYTES }),
    result: async () => ({ file: await file.handle.getFile() }),
    dispose: () => file.dispose(),
  };
}

/**
 * Copies `bytes` (an output ffmpeg.wasm made) into the new OPFS file `name`, 8 MiB a write, so the
 * caller can drop them and hand on the file; null where OPFS is missing or the write fails (quota).
 */
export async function spoolBytes(
  name: string,
  bytes: Uint8Array,
): Promise<{ file: File; dispose: () => Promise<void> } | null> {
  const file = await openOpfsFile(name);
  if (!file) return null;
  try {
    for (let at = 0; at < bytes.length; at += CHUNK_BYTES)
      await file.writable.write(bytes.subarray(at, at + CHUNK_BYTES) as Uint8Array<ArrayBuffer>);
    await file.writable.close();
    return { file: await file.handle.getFile(), dispose: () => file.dispose() };
  } catch {
    await file.dispose();
    return null;
  }
}

/**
 * A new OPFS file `name` written in pieces (the WAV ffmpeg.wasm encodes the sound from): `close` ends the
 * writing and gives the file, `dispose` deletes it and releases its lock. Null where OPFS is missing.
 */
export async function openSpoolWriter(name: string): Promise<{
  write(bytes: Uint8Array): Promise<void>;
  close(): Promise<File>;
  dispose(): Promise<void>;
} | null> {
  const file = await openOpfsFile(name);
  if (!file) return null;
  return {
    write: (bytes) => file.writable.write(bytes as Uint8Array<ArrayBuffer>),
    async close() {
      await file.writable.close();
      return file.handle.getFile();
    },
    dispose: () => file.dispose(),
  };
}

/** A fresh file name for an export: render-<time>-<random>.<extension>. */
export const renderFileName = (extension: string) =>
  `render-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}.${extension}`;
