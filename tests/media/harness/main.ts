import {
  OPFS_RENDER_DIR,
  openOutputSpool,
  spoolBytes,
} from '@/features/video-editor/render/output-spool';
import { sweepRenderFiles } from '@/features/video-editor/render/render-files';
import {
  renderTimeline,
  type RenderEngine,
  type RenderInput,
} from '@/features/video-editor/render/render-timeline';

// A bare page that exposes the render engine to Playwright (tests/media and the render bench).

export interface HarnessResult {
  base64: string | null;
  size: number;
  mimeType: string;
  extension: string;
  engine: string;
  durationSec: number;
  ms: number;
  stages: string[];
  /** Where the export was written ('opfs' or 'memory'), the OPFS file's name, and the render directory's
   * files (name:size) before and after the result's dispose(). */
  storage: string;
  fileName: string | null;
  opfsBefore: string[];
  opfsAfter: string[];
}

export interface HarnessRenderOptions {
  returnBytes?: boolean;
  abortAfterMs?: number;
  /** Abort as soon as a file shows up in the OPFS render directory (the export is being streamed there). */
  abortWhenSpooled?: boolean;
  spool?: 'opfs' | 'memory';
  /** RenderOptions.skipStills: false sends every frame of a still to the encoder. */
  skipStills?: boolean;
}

declare global {
  interface Window {
    museRender: (
      input: RenderInput,
      engine: RenderEngine,
      opts?: HarnessRenderOptions,
    ) => Promise<HarnessResult>;
    /** The files (name:size) in the OPFS render directory. */
    museOpfsFiles: () => Promise<string[]>;
    museReady: boolean;
    /** renderTimeline itself, for the render bench's latency part (scripts/bench/render.ts), which passes its own onProgress. */
    museRenderTimeline: typeof renderTimeline;
    /** Like an export waiting for its upload: `size` bytes in the OPFS file `name`, its lock held until museDisposeFiles. */
    museSpoolFile: (name: string, size: number) => Promise<void>;
    /** Like an export being written: the OPFS file `name` open for writing, its lock held until museDisposeFiles. */
    museOpenSpool: (name: string) => Promise<void>;
    /** Writes the OPFS file `name` without any lock (a file no export marks). */
    museWriteUnmarked: (name: string) => Promise<void>;
    /** The names of the Web Locks held in this origin. */
    museHeldLocks: () => Promise<string[]>;
    museSweep: () => Promise<string[]>;
    museDisposeFiles: () => Promise<void>;
  }
}

const held: Array<() => Promise<void>> = [];
window.museSpoolFile = async (name, size) => {
  const spooled = await spoolBytes(name, new Uint8Array(size).fill(7));
  if (!spooled) throw new Error('no OPFS spool');
  held.push(spooled.dispose);
};
window.museOpenSpool = async (name) => {
  const spool = await openOutputSpool(name);
  if (spool.kind !== 'opfs') throw new Error('no OPFS spool');
  held.push(() => spool.dispose());
};
window.museWriteUnmarked = async (name) => {
  const dir = await (
    await navigator.storage.getDirectory()
  ).getDirectoryHandle(OPFS_RENDER_DIR, { create: true });
  const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
  await writable.write(new Uint8Array(10));
  await writable.close();
};
window.museHeldLocks = async () =>
  ((await navigator.locks.query()).held ?? []).map((l) => l.name ?? '').sort();
window.museSweep = () => sweepRenderFiles();
window.museDisposeFiles = async () => {
  for (const dispose of held.splice(0)) await dispose();
};

window.museOpfsFiles = async () => {
  const root = await navigator.storage.getDirectory();
  const dir = await root.getDirectoryHandle(OPFS_RENDER_DIR).catch(() => null);
  const out: string[] = [];
  if (!dir) return out;
  // TypeScript's DOM lib leaves out the handle's async iteration.
  for await (const name of (
    dir as FileSystemDirectoryHandle & { keys(): AsyncIterable<string> }
  ).keys()) {
    const file = await dir
      .getFileHandle(name)
      .then((h) => h.getFile())
      .catch(() => null);
    out.push(`${name}:${file ? file.size : 'dir'}`);
  }
  return out.sort();
};

async function toBase64(blob: Blob): Promise<string> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
  return url.slice(url.indexOf(',') + 1);
}

window.museRender = async (input, engine, opts = {}) => {
  const stages: string[] = [];
  const controller = new AbortController();
  if (opts.abortAfterMs !== undefined) setTimeout(() => controller.abort(), opts.abortAfterMs);
  if (opts.abortWhenSpooled) {
    const poll = setInterval(() => {
      void window.museOpfsFiles().then((files) => {
        if (files.length === 0 || controller.signal.aborted) return;
        clearInterval(poll);
        controller.abort();
      });
    }, 10);
    controller.signal.addEventListener('abort', () => clearInterval(poll));
  }
  const t0 = performance.now();
  const result = await renderTimeline(input, {
    engine,
    spool: opts.spool,
    ...(opts.skipStills === false && { skipStills: false }),
    signal: controller.signal,
    onProgress: (_f, stage) => {
      if (stages[stages.length - 1]?.split('@')[0] !== stage)
        stages.push(`${stage}@${Math.round(performance.now() - t0)}ms`);
    },
  });
  const ms = performance.now() - t0;
  const base64 = opts.returnBytes === false ? null : await toBase64(result.blob);
  const opfsBefore = await window.museOpfsFiles();
  await result.dispose();
  return {
    storage: result.storage,
    fileName: result.blob instanceof File ? result.blob.name : null,
    opfsBefore,
    opfsAfter: await window.museOpfsFiles(),
    base64,
    size: result.blob.size,
    mimeType: result.mimeType,
    extension: result.extension,
    engine: result.engine,
    durationSec: result.durationSec,
    ms,
    stages,
  };
};
window.museRenderTimeline = renderTimeline;
window.museReady = true;
