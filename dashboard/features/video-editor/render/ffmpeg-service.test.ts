import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFfmpegService } from './ffmpeg-service';

// ffmpeg.wasm keeps its files in the worker's memory (MEMFS): a job that left its inputs or output
// behind would hold them until the worker ends. A fake FFmpeg with an in-memory file system stands in.

const fs = new Map<string, Uint8Array>();
const dirs = new Set<string>();

vi.mock('@ffmpeg/ffmpeg', () => ({
  FFmpeg: class {
    load = async () => true;
    on = () => undefined;
    off = () => undefined;
    terminate = () => undefined;
    createDir = async (path: string) => void dirs.add(path);
    deleteDir = async (path: string) => void dirs.delete(path);
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

const service = () => createFfmpegService(async () => ({ coreURL: 'core.js', wasmURL: 'core.wasm' }));

beforeEach(() => {
  fs.clear();
  dirs.clear();
});

describe('an ffmpeg job', () => {
  it('leaves no file or directory behind when it ends', async () => {
    const out = await service().run(async (job) => {
      await job.write('video.mp4', new Uint8Array(10));
      await job.write('audio.wav', new Uint8Array(10));
      await job.exec(['-i', job.path('video.mp4'), '-i', job.path('audio.wav'), job.path('out.mp4')]);
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
});
