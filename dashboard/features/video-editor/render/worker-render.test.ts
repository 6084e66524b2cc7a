import { describe, expect, it, vi } from 'vitest';
import type { ProjectSettings } from '@core/editor/model';
import type { FfmpegService } from './ffmpeg-service';
import { RenderAbortedError } from './ffmpeg-service';
import type { FromRenderWorker, ToRenderWorker } from './render-worker-protocol';
import { renderInWorker, workerError, type WorkerRenderJob } from './worker-render';

// The page's side of the export's worker, against a scripted stand-in for render.worker.ts.

class FakeWorker {
  sent: ToRenderWorker[] = [];
  terminated = false;
  onmessage: ((e: MessageEvent<FromRenderWorker>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  constructor(private readonly script: (m: ToRenderWorker, reply: (r: FromRenderWorker) => void) => void) {}
  postMessage(m: ToRenderWorker) {
    this.sent.push(m);
    queueMicrotask(() => this.script(m, (r) => this.onmessage?.({ data: r } as MessageEvent<FromRenderWorker>)));
  }
  terminate() {
    this.terminated = true;
  }
}

const settings: ProjectSettings = { aspectRatio: '16:9', resolution: { width: 64, height: 36 }, fps: 30, format: 'webm', quality: 'high' };

function job(worker: FakeWorker, extra: Partial<WorkerRenderJob> = {}): WorkerRenderJob {
  return {
    input: { items: [], settings, title: 't' },
    blobs: new Map(),
    encoderConfig: { codec: 'vp09.00.10.08', width: 64, height: 36 },
    width: 64,
    height: 36,
    fps: 30,
    totalFrames: 30,
    durationSec: 1,
    spool: 'opfs',
    onProgress: () => undefined,
    ffmpeg: () => ({}) as FfmpegService,
    makeWorker: () => worker as unknown as Worker,
    ...extra,
  };
}

const file = new File([new Uint8Array(4)], 'render-x.webm');

describe('renderInWorker', () => {
  it('sends the job, relays progress, answers a mix request, and hands on the file the worker deletes on dispose', async () => {
    const worker = new FakeWorker((m, reply) => {
      if (m.kind === 'render') {
        reply({ kind: 'progress', fraction: 0.5, stage: 'Encoding video' });
        reply({ kind: 'mix', clips: [], durationSec: 1 });
      }
      if (m.kind === 'mixed') reply({ kind: 'done', written: { file }, wav: null });
      if (m.kind === 'dispose') reply({ kind: 'disposed' });
    });
    const onProgress = vi.fn();
    const out = await renderInWorker(job(worker, { onProgress }));
    expect(worker.sent.map((m) => m.kind)).toEqual(['render', 'mixed']);
    expect(worker.sent[0]).toMatchObject({ kind: 'render', totalFrames: 30, spool: 'opfs', input: { title: 't' } });
    // No sound clips: silence, nothing transferred.
    expect(worker.sent[1]).toEqual({ kind: 'mixed', audio: null });
    expect(onProgress).toHaveBeenCalledWith(0.5, 'Encoding video');
    expect(out).toMatchObject({ file, engine: 'webcodecs' });
    // The worker keeps the file (and its lock) until dispose.
    expect(worker.terminated).toBe(false);
    await (out as { dispose: () => Promise<void> }).dispose();
    expect(worker.sent.at(-1)).toEqual({ kind: 'dispose' });
    expect(worker.terminated).toBe(true);
  });

  it("adds the sound with ffmpeg.wasm from the worker's WAV as it came, then has the worker delete its file", async () => {
    // The browser has no AAC encoder: the worker answers with the video file and the mix as WAV.
    const wav = Uint8Array.from([82, 73, 70, 70, 1, 2, 3, 4]);
    const worker = new FakeWorker((m, reply) => {
      if (m.kind === 'render') reply({ kind: 'mix', clips: [], durationSec: 1 });
      if (m.kind === 'mixed') reply({ kind: 'done', written: { file }, wav });
      if (m.kind === 'dispose') reply({ kind: 'disposed' });
    });
    const written: Record<string, Uint8Array | Blob> = {};
    const ffmpeg = {
      run: (work) =>
        work({
          path: (name) => `/job/${name}`,
          write: async (name, data) => void (written[name] = data),
          mount: async (files) => void files.forEach((f) => (written[f.name] = f.data)),
          read: async () => Uint8Array.from([9, 9]),
          remove: async () => undefined,
          exec: async () => undefined,
        }),
      dispose: () => undefined,
    } as FfmpegService;
    const out = await renderInWorker(job(worker, { ffmpeg: () => ffmpeg, input: { items: [], settings: { ...settings, format: 'mp4' }, title: 't' } }));
    expect(out).toEqual({ bytes: Uint8Array.from([9, 9]), engine: 'webcodecs+ffmpeg' });
    // The page converts nothing: ffmpeg gets the worker's bytes themselves, and the video file mounted.
    expect(written['audio.wav']).toBe(wav);
    expect(written['video.mp4']).toBe(file);
    expect(worker.sent.map((m) => m.kind)).toEqual(['render', 'mixed', 'dispose']);
    expect(worker.terminated).toBe(true);
  });

  it('resolves null and ends the worker when it cannot do the export', async () => {
    const worker = new FakeWorker((m, reply) => m.kind === 'render' && reply({ kind: 'unsupported', reason: 'no VideoEncoder in workers' }));
    expect(await renderInWorker(job(worker))).toBeNull();
    expect(worker.terminated).toBe(true);
  });

  it('rejects with the error the worker reports and ends it', async () => {
    const worker = new FakeWorker((m, reply) => m.kind === 'render' && reply({ kind: 'error', error: { name: 'MediaLoadError', message: 'Could not load image "x"' } }));
    await expect(renderInWorker(job(worker))).rejects.toMatchObject({ name: 'MediaLoadError', message: 'Could not load image "x"' });
    expect(worker.terminated).toBe(true);
  });

  it('on Cancel asks the worker to stop, then ends it and rejects as cancelled', async () => {
    const controller = new AbortController();
    const worker = new FakeWorker((m, reply) => {
      if (m.kind === 'render') reply({ kind: 'progress', fraction: 0.1, stage: 'Encoding video' });
      // The worker's engine deletes its file and reports the abort.
      if (m.kind === 'abort') reply({ kind: 'error', error: { name: 'AbortError', message: 'Render cancelled' } });
    });
    const rendering = renderInWorker(job(worker, { signal: controller.signal, onProgress: () => controller.abort() }));
    await expect(rendering).rejects.toBeInstanceOf(RenderAbortedError);
    expect(worker.sent.map((m) => m.kind)).toEqual(['render', 'abort']);
    expect(worker.terminated).toBe(true);
  });
});

describe('workerError', () => {
  it("turns the worker's abort into the page's RenderAbortedError and keeps other names", () => {
    expect(workerError({ name: 'AbortError', message: 'x' })).toBeInstanceOf(RenderAbortedError);
    expect(workerError({ name: 'EncodingError', message: 'boom' })).toMatchObject({ name: 'EncodingError', message: 'boom' });
  });
});
