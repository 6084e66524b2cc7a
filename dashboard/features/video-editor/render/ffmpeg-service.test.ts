import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFfmpegService } from './ffmpeg-service';

// ffmpeg.wasm keeps its files in the worker's memory (MEMFS): a job that left its inputs or output
// behind would hold them until the worker ends. A fake FFmpeg with an in-memory file system stands in.

const fs = new Map<string, Uint8Array>();
const dirs = new Set<string>();
/** Mount points and the names of the blobs mounted there (WORKERFS). */
const mounts = new Map<string, string[]>();

vi.mock('@ffmpeg/ffmpeg', () => ({
  FFmpeg: class {
    load = async () => true;
    on = () => undefined;
    off = () => undefined;
    terminate = () => undefined;
    createDir = async (path: string) => void dirs.add(path);
    deleteDir = async (path: string) => {
      if (mounts.has(path)) throw new Error(`${path} is mounted`);
      dirs.delete(path);
    };
    mount = async (
      type: string,
      options: { blobs: { name: string; data: Blob }[] },
      path: string,
    ) => {
      if (type !== 'WORKERFS' || !dirs.has(path))
        throw new Error(`cannot mount ${type} on ${path}`);
      mounts.set(
        path,
        options.blobs.map((b) => b.name),
      );
    };
    unmount = async (path: string) => void mounts.delete(path);
    writeFile = async (path: string, data: Uint8Array) => void fs.set(path, data);
    readFile = async (path: string) => fs.get(path) ?? Promise.reject(new Error(`no ${path}`));
    deleteFile = async (path: string) => {
      if (!fs.delete(path)) throw new Error(`no ${path}`);
    };
    // Writes its last argument, like an ffmpeg run writing its output file; "-fail" exits with 1.
    exec = async (args: string[]) => {
      if (args.includes('-fail')) return 1;
      fs.set(args[args.length - 1]!, new Uint8Array([1, 2, 3]));
      return 0;
    };
  },
}));

const service = () =>
  createFfmpegService(async () => ({ coreURL: 'core.js', wasmURL: 'core.wasm' }));

beforeEach(() => {
  fs.clear();
  dirs.clear();
  mounts.clear();
});

describe('an ffmpeg job', () => {
  it('leaves no file or directory behind when it ends', async () => {
    const out = await service().run(async (job) => {
      await job.write('video.mp4', new Uint8Array(10));
      await job.write('audio.wav', new Uint8Array(10));
      await job.exec([
        '-i',
        job.path('video.mp4'),
        '-i',
        job.path('audio.wav'),
        job.path('out.mp4'),
      ]);
      return job.read('out.mp4');
    });

    expect(out).toEqual(new Uint8Array([1, 2, 3]));
    expect([...fs.keys()]).toEqual([]);
    expect([...dirs]).toEqual([]);
  });

  it('leaves no file or directory behind when ffmpeg fails', async () => {
    const run = service().run(async (job) => {
      await job.write('video.mp4', new Uint8Array(10));
      await job.exec(['-fail', job.path('out.mp4')]);
    });

    await expect(run).rejects.toThrow('ffmpeg exited with 1');
    expect([...fs.keys()]).toEqual([]);
    expect([...dirs]).toEqual([]);
  });

  it('holds only the output once its inputs are removed, before it is read', async () => {
    let held: string[] = [];
    await service().run(async (job) => {
      await job.write('video.mp4', new Uint8Array(10));
      await job.exec(['-i', job.path('video.mp4'), job.path('out.mp4')]);
      await job.remove('video.mp4');
      held = [...fs.keys()];
      return job.read('out.mp4');
    });

    expect(held).toEqual([expect.stringMatching(/\/out\.mp4$/)]);
    expect([...fs.keys()]).toEqual([]);
  });

  it('mounts blobs for ffmpeg to read in place, names them by path, and unmounts them at its end', async () => {
    let args: string[] = [];
    let mounted: string[] = [];
    await service().run(async (job) => {
      await job.mount([{ name: 'video.mp4', data: new Blob([new Uint8Array(10)]) }]);
      await job.write('audio.wav', new Uint8Array(10));
      args = ['-i', job.path('video.mp4'), '-i', job.path('audio.wav'), job.path('out.mp4')];
      mounted = [...mounts].flatMap(([at, names]) => names.map((n) => `${at}/${n}`));
      await job.exec(args);
      return job.read('out.mp4');
    });

    expect(mounted).toEqual([args[1]]);
    expect(args[1]).toMatch(/\/in\/video\.mp4$/);
    expect(args[3]).not.toContain('/in/');
    expect([...mounts]).toEqual([]);
    expect([...fs.keys()]).toEqual([]);
    expect([...dirs]).toEqual([]);
  });
});
