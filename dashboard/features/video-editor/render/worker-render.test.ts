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
  constructor(
    private readonly script: (m: ToRenderWorker, reply: (r: FromRenderWorker) => void) => void,
  ) {}
  postMessage(m: ToRenderWorker) {
    this.sent.push(m);
    queueMicrotask(() =>
      this.script(m, (r) => this.onmessage?.({ data: r } as MessageEvent<FromRenderWorker>)),
    );
  }
  terminate() {
    this.terminated = true;
  }
}

const settings: ProjectSettings = {
  aspectRatio: '16:9',
  resolution: { width: 64, height: 36 },
  fps: 30,
  format: 'webm',
  quality: 'high',
};

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
  it('sends the job, relays progress, answers a sounds request, and hands on the file the worker deletes on dispose', async () => {
    const worker = new FakeWorker((m, reply) => {
      if (m.kind === 'render') {
        reply({ kind: 'progress', fraction: 0.5, stage: 'Encoding video' });
        reply({ kind: 'sounds', clips: [], durationSec: 1 });
      }
      if (m.kind === 'sounds') reply({ kind: 'done', written: { file }, audio: null });
      if (m.kind === 'dispose') reply({ kind: 'disposed' });
    });
    const onProgress = vi.fn();
    const out = await renderInWorker(job(worker, { onProgress }));
    expect(worker.sent.map((m) => m.kind)).toEqual(['render', 'sounds']);
    expect(worker.sent[0]).toMatchObject({
      kind: 'render',
      totalFrames: 30,
      spool: 'opfs',
      input: { title: 't' },
    });
    // No sound clips: silence, nothing transferred.
    expect(worker.sent[1]).toEqual({ kind: 'sounds', bank: null });
    expect(onProgress).toHaveBeenCalledWith(0.5, 'Encoding video');
    expect(out).toMatchObject({ file, engine: 'webcodecs' });
    // The worker keeps the file (and its lock) until dispose.
    expect(worker.terminated).toBe(false);
    await (out as { dispose: () => Promise<void> }).dispose();
    expect(worker.sent.at(-1)).toEqual({ kind: 'dispose' });
    expect(worker.terminated).toBe(true);
  });

  it("encodes the sound with ffmpeg.wasm from the worker's WAV, mounted as it came, and hands the encoded file back to the worker", async () => {
    // The browser has no AAC encoder: the worker asks the page to encode the WAV it wrote, then muxes the packets itself.
    const wav = new Blob([Uint8Array.from([82, 73, 70, 70, 1, 2, 3, 4])]);
    let encoded: Blob | null = null;
    const worker = new FakeWorker((m, reply) => {
      if (m.kind === 'render') reply({ kind: 'encode-audio', wav });
      if (m.kind === 'encoded-audio') {
        encoded = m.data;
        reply({ kind: 'done', written: { file }, audio: 'ffmpeg' });
      }
      if (m.kind === 'dispose') reply({ kind: 'disposed' });
    });
    const mounted: Record<string, Blob> = {};
    const args: string[][] = [];
    const ffmpeg = {
      run: (work) =>
        work({
          path: (name) => `/job/${name}`,
          write: async () => undefined,
          mount: async (files) => void files.forEach((f) => (mounted[f.name] = f.data)),
          read: async () => Uint8Array.from([9, 9]),
          remove: async () => undefined,
          exec: async (a) => void args.push(a),
        }),
      dispose: () => undefined,
    } as FfmpegService;
    const out = await renderInWorker(
      job(worker, {
        ffmpeg: () => ffmpeg,
        input: { items: [], settings: { ...settings, format: 'mp4' }, title: 't' },
      }),
    );
    expect(out).toMatchObject({ file, engine: 'webcodecs+ffmpeg' });
    // The page converts nothing: ffmpeg reads the worker's WAV itself, mounted, and encodes the sound alone.
    expect(mounted['audio.wav']).toBe(wav);
    expect(args[0]).toEqual(expect.arrayContaining(['-vn', 'aac']));
    expect(new Uint8Array(await encoded!.arrayBuffer())).toEqual(Uint8Array.from([9, 9]));
    expect(worker.sent.map((m) => m.kind)).toEqual(['render', 'encoded-audio']);
    await (out as { dispose: () => Promise<void> }).dispose();
    expect(worker.terminated).toBe(true);
  });

  it('resolves null and ends the worker when it cannot do the export', async () => {
    const worker = new FakeWorker(
      (m, reply) =>
        m.kind === 'render' && reply({ kind: 'unsupported', reason: 'no VideoEncoder in workers' }),
    );
    expect(await renderInWorker(job(worker))).toBeNull();
    expect(worker.terminated).toBe(true);
  });

  it('rejects with the error the worker reports and ends it', async () => {
    const worker = new FakeWorker(
      (m, reply) =>
        m.kind === 'render' &&
        reply({
          kind: 'error',
          error: { name: 'MediaLoadError', message: 'Could not load image "x"' },
        }),
    );
    await expect(renderInWorker(job(worker))).rejects.toMatchObject({
      name: 'MediaLoadError',
      message: 'Could not load image "x"',
    });
    expect(worker.terminated).toBe(true);
  });

  it('on Cancel asks the worker to stop, then ends it and rejects as cancelled', async () => {
    const controller = new AbortController();
    const worker = new FakeWorker((m, reply) => {
      if (m.kind === 'render') reply({ kind: 'progress', fraction: 0.1, stage: 'Encoding video' });
      // The worker's engine deletes its file and reports the abort.
      if (m.kind === 'abort')
        reply({ kind: 'error', error: { name: 'AbortError', message: 'Render cancelled' } });
    });
    const rendering = renderInWorker(
      job(worker, { signal: controller.signal, onProgress: () => controller.abort() }),
    );
    await expect(rendering).rejects.toBeInstanceOf(RenderAbortedError);
    expect(worker.sent.map((m) => m.kind)).toEqual(['render', 'abort']);
    expect(worker.terminated).toBe(true);
  });
});

describe('workerError', () => {
  it("turns the worker's abort into the page's RenderAbortedError and keeps other names", () => {
    expect(workerError({ name: 'AbortError', message: 'x' })).toBeInstanceOf(RenderAbortedError);
    expect(workerError({ name: 'EncodingError', message: 'boom' })).toMatchObject({
      name: 'EncodingError',
      message: 'boom',
    });
  });
});
