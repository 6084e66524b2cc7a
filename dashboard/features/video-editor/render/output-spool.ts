import { BufferTarget, StreamTarget, type Target } from 'mediabunny';

// Where the WebCodecs export's muxer writes the file. A long export would not fit in memory as one
// ArrayBuffer (BufferTarget), so it streams into a file in the origin private file system (OPFS) through
// mediabunny's StreamTarget and a FileSystemWritableFileStream (positioned writes, so the mp4 muxer can
// seek back); the result is that file, which the caller uploads and then deletes (`dispose`). Where OPFS
// or createWritable is missing (older Safari, some private modes), it falls back to the buffer.

/** The OPFS directory that holds exports being written or waiting for their upload. */
export const OPFS_RENDER_DIR = 'muse-renders';

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
  if (!opfs || typeof navigator === 'undefined' || typeof navigator.storage?.getDirectory !== 'function') return memorySpool();
  let dir: FileSystemDirectoryHandle;
  let handle: FileSystemFileHandle;
  try {
    dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(OPFS_RENDER_DIR, { create: true });
    handle = await dir.getFileHandle(name, { create: true });
  } catch {
    return memorySpool();
  }
  const remove = () => dir.removeEntry(name).catch(() => undefined);
  if (typeof handle.createWritable !== 'function') {
    await remove();
    return memorySpool();
  }
  const writable = await handle.createWritable().catch(() => null);
  if (!writable) {
    await remove();
    return memorySpool();
  }
  let disposed = false;
  return {
    kind: 'opfs',
    target: new StreamTarget(writable, { chunked: true, chunkSize: CHUNK_BYTES }),
    result: async () => ({ file: await handle.getFile() }),
    async dispose() {
      if (disposed) return;
      disposed = true;
      // A stream the muxer never took (a failure before start) is still open: abort it, or the entry stays locked.
      if (!writable.locked) await writable.abort().catch(() => undefined);
      await remove();
    },
  };
}
