import type { FFFSType, FFmpeg } from '@ffmpeg/ffmpeg';
import { parseFfmpegTime } from './ffmpeg-args';

// The one way the editor talks to ffmpeg.wasm. A service owns one worker, loaded lazily on the first
// job from our own origin (see ffmpeg-core-urls.ts), and runs its jobs one after another. Each job
// gets its own directory and file names, removes its listeners and deletes its files in `finally`.
// Aborting a job terminates the worker at once (ffmpeg.wasm cannot interrupt a running exec); the
// next job loads a fresh one. No instance is shared behind the caller's back: whoever creates a
// service disposes it.

export interface FfmpegJob {
  /** Absolute path of a file in this job's own directory (written, or mounted by `mount`). */
  path(name: string): string;
  write(name: string, data: Uint8Array): Promise<void>;
  /**
   * Lets ffmpeg read these blobs (an OPFS File, fetched media) without copying them into the worker's
   * memory: a read-only WORKERFS mount that reads each part as ffmpeg asks for it. Once per job; `path`
   * then names each by its `name`.
   */
  mount(files: ReadonlyArray<{ name: string; data: Blob }>): Promise<void>;
  read(name: string): Promise<Uint8Array>;
  /** Deletes a file of this job now: inputs before a large output is read, so the worker does not hold both. */
  remove(name: string): Promise<void>;
  /**
   * Runs ffmpeg; resolves when it exits with 0, rejects with the log tail otherwise. `durationSec` turns
   * ffmpeg's "time=" into a 0..1 fraction for `onProgress`.
   */
  exec(
    args: string[],
    opts?: { durationSec?: number; onProgress?: (fraction: number) => void },
  ): Promise<void>;
}

export interface FfmpegService {
  run<T>(work: (job: FfmpegJob) => Promise<T>, opts?: { signal?: AbortSignal }): Promise<T>;
  /** Terminates the worker and frees its memory; the service can still be used (it loads again). */
  dispose(): void;
}

export interface FfmpegUrls {
  coreURL: string;
  wasmURL: string;
}

export class RenderAbortedError extends Error {
  constructor() {
    super('Render cancelled');
    this.name = 'AbortError';
  }
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new RenderAbortedError();
}

const LOG_TAIL = 30;

export function createFfmpegService(loadUrls: () => Promise<FfmpegUrls>): FfmpegService {
  let instance: Promise<FFmpeg> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let jobSeq = 0;

  const load = (signal?: AbortSignal) => {
    if (!instance) {
      instance = (async () => {
        const [{ FFmpeg }, urls] = await Promise.all([import('@ffmpeg/ffmpeg'), loadUrls()]);
        const ff = new FFmpeg();
        await ff.load(urls, { signal });
        return ff;
      })();
      instance.catch(() => (instance = null));
    }
    return instance;
  };

  const kill = () => {
    const current = instance;
    instance = null;
    void current?.then((ff) => ff.terminate()).catch(() => undefined);
  };

  async function runOne<T>(work: (job: FfmpegJob) => Promise<T>, signal?: AbortSignal): Promise<T> {
    throwIfAborted(signal);
    const ff = await load(signal);
    throwIfAborted(signal);
    const dir = `/job-${Date.now().toString(36)}-${++jobSeq}-${Math.random().toString(36).slice(2, 8)}`;
    const created: string[] = [];
    const logs: string[] = [];
    const listeners: Array<() => void> = [];
    // Terminating is the only way to stop a running exec; it also rejects every pending call.
    const onAbort = () => kill();
    signal?.addEventListener('abort', onAbort, { once: true });
    const mountPoint = `${dir}/in`;
    const mounted = new Set<string>();
    let mountedAt: string | null = null;
    let isMounted = false;
    const path = (name: string) => (mounted.has(name) ? `${mountPoint}/${name}` : `${dir}/${name}`);
    try {
      await ff.createDir(dir);
      const job: FfmpegJob = {
        path,
        async write(name, data) {
          throwIfAborted(signal);
          await ff.writeFile(path(name), data);
          created.push(path(name));
        },
        async mount(files) {
          throwIfAborted(signal);
          if (mountedAt) throw new Error('an ffmpeg job mounts its blobs once');
          await ff.createDir(mountPoint);
          mountedAt = mountPoint;
          // The type is an enum of @ffmpeg/ffmpeg: its value is the file system's name.
          await ff.mount(
            'WORKERFS' as FFFSType,
            { blobs: files.map((f) => ({ name: f.name, data: f.data })) },
            mountPoint,
          );
          isMounted = true;
          for (const f of files) mounted.add(f.name);
        },
        async read(name) {
          const data = await ff.readFile(path(name));
          if (typeof data === 'string') throw new Error('ffmpeg returned text for a binary file');
          return data;
        },
        async remove(name) {
          await ff.deleteFile(path(name));
          const at = created.indexOf(path(name));
          if (at >= 0) created.splice(at, 1);
        },
        async exec(args, opts = {}) {
          throwIfAborted(signal);
          const out = args[args.length - 1];
          if (out?.startsWith(dir)) created.push(out);
          const onLog = ({ message }: { message: string }) => {
            logs.push(message);
            if (logs.length > LOG_TAIL) logs.shift();
            const t = parseFfmpegTime(message);
            if (t !== null && opts.durationSec && opts.onProgress)
              opts.onProgress(Math.min(1, t / opts.durationSec));
          };
          ff.on('log', onLog);
          listeners.push(() => ff.off('log', onLog));
          const code = await ff.exec(args, -1, { signal });
          throwIfAborted(signal);
          if (code !== 0)
            throw new Error(`ffmpeg exited with ${code}: ${logs.slice(-8).join('\n')}`);
        },
      };
      return await work(job);
    } catch (error) {
      if (signal?.aborted) throw new RenderAbortedError();
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      for (const off of listeners) off();
      // After an abort the worker is gone with its files; otherwise leave the file system as found.
      if (!signal?.aborted && instance) {
        for (const file of created) await ff.deleteFile(file).catch(() => undefined);
        if (mountedAt) {
          if (isMounted) await ff.unmount(mountedAt).catch(() => undefined);
          await ff.deleteDir(mountedAt).catch(() => undefined);
        }
        await ff.deleteDir(dir).catch(() => undefined);
      }
    }
  }

  return {
    run(work, opts = {}) {
      const next = queue.then(() => runOne(work, opts.signal));
      queue = next.catch(() => undefined);
      return next;
    },
    dispose: kill,
  };
}
