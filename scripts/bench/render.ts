import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TimelineItem } from '../../core/editor/model';
import { buildRenderArgs } from '../../dashboard/features/video-editor/render/ffmpeg-args';
import {
  MEDIA_ORIGIN,
  run,
  startHarness,
  startProfileHarness,
  type Harness,
} from '../../tests/media/support/harness';
import { sampleTreeMemory, treeMemory } from '../../tests/media/support/process-memory';
import { timelineBench } from './render-timeline';

// npm run bench -- render: the in-browser render engine against native ffmpeg, in one run (ratios are
// what counts on a shared 2-core machine). Never asserted.
// 1. Reference timeline of the notes (3 stills x 4 s + a 3 s title, 1280x720, 30 fps, H.264): WebCodecs
//    in Chromium vs native ffmpeg (x264 veryfast, -threads 2, same filtergraph builder, same stills).
// 2. The same timeline through the ffmpeg.wasm engine only (H.264), and as mov (ProRes 422, medium).
// 3. A 60 s 1080p timeline (stills, titles, a video clip, two audio clips): wall and CPU time, and the
//    browser process tree's memory before and at its peak during the render (sampled every 100 ms); then
//    the same render kept in memory (spool 'memory'), whose growth beside the first is what OPFS saves.
// 4. Input latency on the page during an export of a 32 s 1080p timeline (a video clip, stills, a title,
//    music), in the worker (render.worker.ts) and on the page (thread 'main'): the longest gap between
//    requestAnimationFrame callbacks and the longest delay of a pointer event (Playwright moves the mouse
//    every 50 ms; delay = handler time - event.timeStamp), with the 95th percentiles, the export's stage at
//    the longest delay and the longest Long Animation Frames with the scripts that ran in them. The worker
//    export runs MUSE_BENCH_LATENCY_RUNS times (3 unless set), each run's figures listed.
// 5. The editor's timeline with a 100-clip, 30-minute project: frame times while it zooms and scrolls
//    (render-timeline.ts).
// 6. Only when named in MUSE_BENCH_RENDER_PARTS ('long'): a 10-minute 1080p export in the worker into OPFS,
//    its memory over time (whether it stays flat).

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

/** The page's responsiveness while it exports `items` with the WebCodecs export in a worker or on the page. */
export async function latencyDuring(
  h: Harness,
  items: TimelineItem[],
  settings: unknown,
  thread: 'worker' | 'main',
) {
  let rendering = true;
  // A string, not a function: tsx's keepNames would wrap the page's named functions in a helper the page lacks.
  // Besides the gaps and delays it keeps the export's stages (when each began) and the Long Animation Frames
  // (over 50 ms, with the scripts that ran longest in them), to tell what held the page's thread.
  const evaluation = h.page.evaluate(`(async ([items, settings, thread]) => {
    const frameGaps = [];
    const inputDelays = [];
    const stages = [];
    const longFrames = [];
    let last = performance.now();
    let running = true;
    const tick = (now) => {
      frameGaps.push(now - last);
      last = now;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const t0 = performance.now();
    const onMove = (e) => inputDelays.push([performance.now() - e.timeStamp, e.timeStamp - t0]);
    window.addEventListener('pointermove', onMove);
    const take = (entries) => {
      for (const e of entries)
        longFrames.push({
          at: e.startTime - t0,
          duration: e.duration,
          scripts: [...e.scripts]
            .sort((a, b) => b.duration - a.duration)
            .slice(0, 3)
            .map((s) => (s.sourceFunctionName || s.invoker || '?') + '@' + (s.sourceURL || '').split('/').pop().split('?')[0] + ':' + Math.round(s.duration)),
        });
    };
    const observer = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame') ? new PerformanceObserver((list) => take(list.getEntries())) : null;
    observer?.observe({ type: 'long-animation-frame' });
    const onProgress = (_f, stage) => {
      if (stages[stages.length - 1]?.[0] !== stage) stages.push([stage, performance.now() - t0]);
    };
    try {
      const result = await window.museRenderTimeline({ items, settings, title: 'latency' }, { engine: 'webcodecs', thread, onProgress });
      await result.dispose();
      return { ms: performance.now() - t0, thread: result.thread, frameGaps, inputDelays, stages, longFrames };
    } finally {
      running = false;
      if (observer) take(observer.takeRecords());
      observer?.disconnect();
      window.removeEventListener('pointermove', onMove);
    }
  })(${JSON.stringify([items, settings, thread])})`) as Promise<{
    ms: number;
    thread: string;
    frameGaps: number[];
    inputDelays: [number, number][];
    stages: [string, number][];
    longFrames: { at: number; duration: number; scripts: string[] }[];
  }>;
  // Input all along the export: a mouse move every 50 ms.
  const mover = (async () => {
    for (let i = 0; rendering; i++) {
      await h.page.mouse.move(100 + (i % 200), 100 + (i % 100)).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const r = await evaluation.finally(() => (rendering = false));
  await mover;
  const ms = (x: number) => Math.round(x);
  const stageAt = (t: number) => r.stages.filter(([, at]) => at <= t).pop()?.[0] ?? 'Starting';
  const delays = r.inputDelays.map(([d]) => d);
  const worst = r.inputDelays.reduce<[number, number] | null>(
    (a, b) => (a && a[0] >= b[0] ? a : b),
    null,
  );
  return {
    thread: r.thread,
    wall_s: +(r.ms / 1000).toFixed(1),
    max_frame_gap_ms: ms(Math.max(...r.frameGaps)),
    p95_frame_gap_ms: ms(percentile(r.frameGaps, 0.95)),
    max_input_delay_ms: ms(Math.max(0, ...delays)),
    p95_input_delay_ms: ms(percentile(delays, 0.95)),
    input_events: delays.length,
    // Where the longest delay fell: the export's stage then.
    max_input_delay_stage: worst ? stageAt(worst[1]) : '',
    long_frames: r.longFrames.length,
    // The three longest frames: duration, stage, and the scripts that ran longest in them.
    longest_frames: [...r.longFrames]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map((f) => `${ms(f.duration)}ms@${stageAt(f.at)}[${f.scripts.join(' ')}]`)
      .join(' '),
  };
}

/**
 * The JS heap in use by the page's dedicated workers (the export's render.worker.ts among them), which the
 * page's Performance.getMetrics leaves out: a browser-wide CDP session attaches to each worker target
 * (unflattened, its commands sent through Target.sendMessageToTarget) and asks Runtime.getHeapUsage.
 * `used()` sums the workers alive at the moment, null when there are none.
 */
async function workerHeaps(
  h: Harness,
): Promise<{ used(): Promise<number | null>; close(): Promise<void> }> {
  // A persistent profile's harness has no Browser object: its page's session reaches the targets too.
  const cdp = h.browser
    ? await h.browser.newBrowserCDPSession()
    : await h.page.context().newCDPSession(h.page);
  const sessions = new Map<string, string>();
  const pending = new Map<number, (result: { usedSize?: number } | null) => void>();
  let nextId = 1;
  cdp.on('Target.receivedMessageFromTarget', ({ message }: { message: string }) => {
    const m = JSON.parse(message) as {
      id?: number;
      result?: { usedSize?: number };
      error?: unknown;
    };
    if (m.id !== undefined) pending.get(m.id)?.(m.error ? null : (m.result ?? null));
    if (m.id !== undefined) pending.delete(m.id);
  });
  const ask = (sessionId: string) =>
    new Promise<number | null>((resolve) => {
      const id = nextId++;
      pending.set(id, (r) => resolve(r?.usedSize ?? null));
      cdp
        .send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
        })
        .catch(() => resolve(null));
      setTimeout(() => pending.has(id) && (pending.delete(id), resolve(null)), 2000);
    });
  return {
    async used() {
      const { targetInfos } = await cdp.send('Target.getTargets');
      const workers = targetInfos.filter((t) => t.type === 'worker');
      for (const t of workers)
        if (!sessions.has(t.targetId))
          sessions.set(
            t.targetId,
            (await cdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false }))
              .sessionId,
          );
      if (workers.length === 0) return null;
      const used = await Promise.all(workers.map((t) => ask(sessions.get(t.targetId)!)));
      return used.reduce<number>((a, b) => a + (b ?? 0), 0);
    },
    close: () => cdp.detach().catch(() => undefined),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const secs = (ms: number) => +(ms / 1000).toFixed(2);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/**
 * The render bench's parts, MUSE_BENCH_RENDER_PARTS (comma-separated) to run some: 'ref' (1 and 2), '60s'
 * (3), 'latency' (4), 'timeline' (5, render-timeline.ts); all four by default. 'long' (6, a 10-minute
 * 1080p export) runs only when named. MUSE_BENCH_LATENCY_RUNS repeats the worker export of 4 (default 3).
 */
const DEFAULT_PARTS = ['ref', '60s', 'latency', 'timeline'];

export async function renderBench(): Promise<Record<string, string | number>> {
  const parts = new Set(
    (process.env.MUSE_BENCH_RENDER_PARTS ?? DEFAULT_PARTS.join(','))
      .split(',')
      .map((p) => p.trim()),
  );
  const figures: Record<string, string | number> = {};
  if (parts.has('ref') || parts.has('60s') || parts.has('latency') || parts.has('long'))
    Object.assign(figures, await renderEngineBench(parts));
  if (parts.has('timeline')) Object.assign(figures, await timelineBench());
  return figures;
}

async function renderEngineBench(parts: Set<string>): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'muse-render-bench-'));
  const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  let harness: Harness | undefined;
  let profileDir: string | undefined;
  try {
    const sources = ['mandelbrot', 'testsrc2', 'smptehdbars'];
    await Promise.all(
      sources.flatMap((src, i) =>
        [720, 1080].map((h) =>
          ff(
            '-f',
            'lavfi',
            '-i',
            `${src}=s=${(h * 16) / 9}x${h}`,
            '-frames:v',
            '1',
            join(dir, `still${i}-${h}.png`),
          ),
        ),
      ),
    );
    // The title as native ffmpeg gets it: a still of the same size (Chromium draws its own with drawFrame).
    await ff(
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=1280x720',
      '-vf',
      'drawbox=x=440:y=320:w=400:h=80:color=black@0.5:t=fill',
      '-frames:v',
      '1',
      join(dir, 'title-720.png'),
    );
    await ff(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=1920x1080:r=30:d=10',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-threads',
      '2',
      '-pix_fmt',
      'yuv420p',
      join(dir, 'clip-1080.mp4'),
    );
    await ff(
      '-f',
      'lavfi',
      '-i',
      'sine=f=330:d=30',
      '-ac',
      '2',
      '-c:a',
      'libmp3lame',
      join(dir, 'music.mp3'),
    );

    const still = (id: string, file: string, start: number, duration: number): TimelineItem => ({
      id,
      type: 'image',
      settings: { url: `${MEDIA_ORIGIN}/${file}` },
      start_time: start,
      duration,
    });
    const reference: TimelineItem[] = [
      still('s0', 'still0-720.png', 0, 4),
      still('s1', 'still1-720.png', 4, 4),
      still('s2', 'still2-720.png', 8, 4),
      {
        id: 't',
        type: 'title',
        settings: { text: 'Muse Studio', fontSize: 64, color: '#ffffff' },
        start_time: 12,
        duration: 3,
      },
    ];
    const settings720 = {
      aspectRatio: '16:9' as const,
      resolution: { width: 1280, height: 720 },
      fps: 30 as const,
      format: 'mp4' as const,
      quality: 'medium' as const,
    };

    // MUSE_BENCH_RENDER_PROFILE=disk: the page in a persistent profile, whose OPFS is on disk as in a user's
    // browser (the default context is off-the-record: its OPFS files are the browser process's memory).
    // The harness page built for production, as the dashboard ships it (the dev server's module per file
    // would be timed as part of starting each export's worker).
    harness =
      process.env.MUSE_BENCH_RENDER_PROFILE === 'disk'
        ? await startProfileHarness(
            dir,
            (profileDir = await mkdtemp(join(tmpdir(), 'muse-render-profile-'))),
            { build: true },
          )
        : await startHarness(dir, { build: true });
    const h = harness;
    // Warm-up: loads modules and the encoder once, so the figures compare encodes.
    await h.render(
      { items: reference.slice(0, 1), settings: settings720, title: 'warm-up' },
      'webcodecs',
      { returnBytes: false },
    );
    const figures: Record<string, string | number> = {};
    const mib = (b: number) => +(b / 1048576).toFixed(0);

    if (parts.has('ref')) {
      const webcodecs: number[] = [];
      // The same export with every frame of a still sent to the encoder (none written as a skipped frame).
      const everyFrame: number[] = [];
      const native: number[] = [];
      let webcodecsSize = 0;
      let webcodecsStages = '';
      const nativeArgs = buildRenderArgs({
        width: 1280,
        height: 720,
        fps: 30,
        format: 'mp4',
        quality: 'medium',
        runs: [
          ...[0, 1, 2].map((i) => ({
            kind: 'still' as const,
            file: join(dir, `still${i}-720.png`),
            frames: 120,
          })),
          { kind: 'still', file: join(dir, 'title-720.png'), frames: 90 },
        ],
        audio: [],
        output: join(dir, 'native.mp4'),
        threads: 2,
        x264Preset: 'veryfast',
      });
      for (let i = 0; i < 3; i++) {
        const r = await h.render(
          { items: reference, settings: settings720, title: 'reference' },
          'webcodecs',
          { returnBytes: false },
        );
        webcodecs.push(r.ms);
        webcodecsSize = r.size;
        webcodecsStages = r.stages.join(',');
        everyFrame.push(
          (
            await h.render(
              { items: reference, settings: settings720, title: 'reference' },
              'webcodecs',
              { returnBytes: false, skipStills: false },
            )
          ).ms,
        );
        native.push(await timed(() => run('ffmpeg', ['-v', 'error', ...nativeArgs])));
      }
      const nativeSize = readFileSync(join(dir, 'native.mp4')).length;
      Object.assign(figures, {
        'ref.webcodecs_s': secs(median(webcodecs)),
        'ref.native_x264_s': secs(median(native)),
        'ref.ratio_webcodecs/native': +(median(webcodecs) / median(native)).toFixed(2),
        'ref.webcodecs_every_frame_encoded_s': secs(median(everyFrame)),
        'ref.webcodecs_KiB': Math.round(webcodecsSize / 1024),
        'ref.webcodecs_stages': webcodecsStages,
        'ref.native_KiB': Math.round(nativeSize / 1024),
      });
    }

    // 60 s at 1080p: 8 stills x 5 s, 2 titles x 3 s, a 10 s clip shown for 14 s (last frame held), 2 x 30 s of audio.
    const long: TimelineItem[] = [];
    let t = 0;
    const push = (item: Omit<TimelineItem, 'start_time'>, duration: number) => {
      long.push({ ...item, start_time: t, duration } as TimelineItem);
      t += duration;
    };
    for (let i = 0; i < 8; i++) {
      push(
        {
          id: `s${i}`,
          type: 'image',
          settings: { url: `${MEDIA_ORIGIN}/still${i % 3}-1080.png` },
        } as Omit<TimelineItem, 'start_time'>,
        5,
      );
      if (i === 3)
        push(
          {
            id: 't1',
            type: 'title',
            settings: { text: 'Chapter one', fontSize: 72, color: '#ffffff' },
          } as Omit<TimelineItem, 'start_time'>,
          3,
        );
    }
    push(
      {
        id: 't2',
        type: 'title',
        settings: { text: 'The end', fontSize: 72, color: '#ffcc00' },
      } as Omit<TimelineItem, 'start_time'>,
      3,
    );
    push(
      { id: 'v', type: 'video', settings: { url: `${MEDIA_ORIGIN}/clip-1080.mp4` } } as Omit<
        TimelineItem,
        'start_time'
      >,
      14,
    );
    long.push({
      id: 'a1',
      type: 'audio',
      settings: { url: `${MEDIA_ORIGIN}/music.mp3`, volume: 0.8 },
      start_time: 0,
      duration: 30,
    });
    long.push({
      id: 'a2',
      type: 'audio',
      settings: { url: `${MEDIA_ORIGIN}/music.mp3`, volume: 0.8 },
      start_time: 30,
      duration: 30,
    });

    const cdp = await h.page.context().newCDPSession(h.page);
    await cdp.send('Performance.enable');
    const settings1080 = { ...settings720, resolution: { width: 1920, height: 1080 } };
    // One render with the browser's whole process tree sampled every `every` ms (PSS counts shared pages
    // once, RSS once per process) and the page's JS heap every 200 ms (the page's own: a worker's heap is
    // in the tree's renderer figure).
    const measured = async (
      items: TimelineItem[],
      spool: 'opfs' | 'memory',
      every = 100,
      sampleWorkers = false,
    ) => {
      const sampler = sampleTreeMemory(h.browserPid!, every);
      let peakHeap = 0;
      const heap: Array<{ ms: number; bytes: number }> = [];
      const workerHeap: Array<{ ms: number; bytes: number }> = [];
      const workers = sampleWorkers ? await workerHeaps(h) : null;
      const t0 = performance.now();
      const heapTimer = setInterval(() => {
        void cdp
          .send('Performance.getMetrics')
          .then(({ metrics }) => {
            const bytes = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
            heap.push({ ms: performance.now() - t0, bytes });
            peakHeap = Math.max(peakHeap, bytes);
          })
          .catch(() => undefined);
        void workers
          ?.used()
          .then((bytes) => bytes !== null && workerHeap.push({ ms: performance.now() - t0, bytes }))
          .catch(() => undefined);
      }, 200);
      const result = await h
        .render({ items, settings: settings1080, title: 'long' }, 'auto', {
          returnBytes: false,
          spool,
        })
        .finally(() => clearInterval(heapTimer))
        .finally(() => workers?.close());
      const { before, peak, samples } = { before: sampler.before, ...sampler.stop() };
      return {
        result,
        before,
        peak,
        samples,
        heap,
        peakHeap,
        workerHeap,
        cpuSeconds: treeMemory(h.browserPid!).cpuSeconds - before.cpuSeconds,
      };
    };
    if (parts.has('60s')) {
      const {
        result: big,
        before,
        peak,
        samples,
        peakHeap,
        cpuSeconds,
      } = await measured(long, 'opfs');
      // MUSE_BENCH_RENDER_TRACE=<file>: every sample and the render's stages, to see which stage holds what.
      if (process.env.MUSE_BENCH_RENDER_TRACE)
        await writeFile(
          process.env.MUSE_BENCH_RENDER_TRACE,
          JSON.stringify({ stages: big.stages, before, samples }, null, 1),
        );
      // The same render with every copy of the output in memory (spool 'memory': the mux in a buffer, the
      // video written into ffmpeg.wasm's memory where it adds the AAC, the result a Blob of the bytes): the
      // figures beside the default's show what the OPFS spool saves.
      const inMemory = await measured(long, 'memory');
      Object.assign(figures, {
        '60s1080p.engine': big.engine,
        '60s1080p.wall_s': secs(big.ms),
        '60s1080p.MiB': +(big.size / 1048576).toFixed(1),
        '60s1080p.stages': big.stages.join(','),
        // PSS of anonymous and shared memory: what the tree allocated (see tests/media/support/process-memory.ts).
        '60s1080p.pss_before_render_MiB': mib(before.ownPss),
        '60s1080p.pss_peak_during_render_MiB': mib(peak.ownPss),
        '60s1080p.pss_growth_MiB': mib(peak.ownPss - before.ownPss),
        '60s1080p.pss_growth_by_process_MiB': Object.entries(peak.ownPssByKind)
          .map(([kind, pss]) => `${kind}:${mib(pss - (before.ownPssByKind[kind] ?? 0))}`)
          .join(','),
        '60s1080p.pss_with_files_before/peak_MiB': `${mib(before.pss)}/${mib(peak.pss)}`,
        '60s1080p.rss_before_render_MiB': mib(before.rss),
        '60s1080p.rss_peak_during_render_MiB': mib(peak.rss),
        '60s1080p.rss_growth_MiB': mib(peak.rss - before.rss),
        '60s1080p.peak_rss_largest_process_MiB': mib(peak.largestRss),
        // CPU time of the browser tree during the render: steadier than wall time on a shared machine.
        '60s1080p.browser_cpu_s': +cpuSeconds.toFixed(1),
        '60s1080p.peak_js_heap_MiB': mib(peakHeap),
        '60s1080p.storage': big.storage,
        '60s1080p.memory_spool.storage': inMemory.result.storage,
        '60s1080p.memory_spool.pss_growth_MiB': mib(inMemory.peak.ownPss - inMemory.before.ownPss),
        '60s1080p.memory_spool.pss_growth_by_process_MiB': Object.entries(
          inMemory.peak.ownPssByKind,
        )
          .map(([kind, pss]) => `${kind}:${mib(pss - (inMemory.before.ownPssByKind[kind] ?? 0))}`)
          .join(','),
        '60s1080p.memory_spool.rss_growth_MiB': mib(inMemory.peak.rss - inMemory.before.rss),
        '60s1080p.memory_spool.peak_js_heap_MiB': mib(inMemory.peakHeap),
      });
    }

    if (parts.has('ref')) {
      // Last, so the 60 s figures start from a browser that has not loaded the wasm core yet.
      const wasm = await h.render(
        { items: reference, settings: settings720, title: 'reference' },
        'ffmpeg',
        { returnBytes: false },
      );
      const mov = await h.render(
        { items: reference, settings: { ...settings720, format: 'mov' }, title: 'reference' },
        'auto',
        { returnBytes: false },
      );
      const nativeMs = (Number(figures['ref.native_x264_s']) || 1) * 1000;
      Object.assign(figures, {
        'ref.wasm_s': secs(wasm.ms),
        'ref.ratio_wasm/native': +(wasm.ms / nativeMs).toFixed(2),
        'ref.wasm_KiB': Math.round(wasm.size / 1024),
        'ref.wasm_stages': wasm.stages.join(','),
        'ref.mov_prores_s': secs(mov.ms),
        'ref.mov_prores_MiB': +(mov.size / 1048576).toFixed(1),
      });
    }

    if (parts.has('latency')) {
      // 32 s at 1080p with music: the page's input latency while it exports, in the worker and on the page.
      const latencyTimeline = long
        .filter((i) => i.start_time >= 28)
        .map((i) => ({ ...i, start_time: i.start_time - 28 })) as TimelineItem[];
      // Warm-up: the worker's modules load once, so the figures compare exports.
      await latencyDuring(h, reference.slice(0, 1), settings720, 'worker');
      const latency = (prefix: string, l: Awaited<ReturnType<typeof latencyDuring>>) =>
        Object.fromEntries(Object.entries(l).map(([k, v]) => [`${prefix}.${k}`, v]));
      const runs = Math.max(1, Number(process.env.MUSE_BENCH_LATENCY_RUNS ?? 3));
      const inWorker: Awaited<ReturnType<typeof latencyDuring>>[] = [];
      for (let i = 0; i < runs; i++)
        inWorker.push(await latencyDuring(h, latencyTimeline, settings1080, 'worker'));
      // The first run's figures in full, then every run's max and p95 input delay and longest frame gap.
      Object.assign(figures, latency('latency32s1080p.worker', inWorker[0]!));
      figures['latency32s1080p.worker.runs'] = runs;
      figures['latency32s1080p.worker.max_input_delay_ms_each'] = inWorker
        .map((l) => l.max_input_delay_ms)
        .join('/');
      figures['latency32s1080p.worker.p95_input_delay_ms_each'] = inWorker
        .map((l) => l.p95_input_delay_ms)
        .join('/');
      figures['latency32s1080p.worker.max_frame_gap_ms_each'] = inWorker
        .map((l) => l.max_frame_gap_ms)
        .join('/');
      figures['latency32s1080p.worker.max_input_delay_stage_each'] = inWorker
        .map((l) => l.max_input_delay_stage)
        .join('/');
      if (process.env.MUSE_BENCH_LATENCY_MAIN !== '0')
        Object.assign(
          figures,
          latency(
            'latency32s1080p.main',
            await latencyDuring(h, latencyTimeline, settings1080, 'main'),
          ),
        );
    }

    if (parts.has('long')) {
      // 10 minutes at 1080p30: the 60 s timeline ten times over (stills, titles, a video clip, music), the
      // export in the worker streamed into OPFS. Does memory stay flat? The tree's memory and the page's JS
      // heap each second, as the mean of the first and the last tenth of the encoding and the peak.
      // MUSE_BENCH_RENDER_MINUTES sets its length (10 unless set; 2 or 3 for a cheap try, 60 for the hour);
      // the figures keep the 600s1080p prefix whatever the length, and name it in .minutes.
      const minutes = Math.max(1, Number(process.env.MUSE_BENCH_RENDER_MINUTES ?? 10));
      const tenMinutes = Array.from({ length: minutes }, (_, k) =>
        long.map((i) => ({ ...i, id: `${i.id}-${k}`, start_time: i.start_time + 60 * k })),
      ).flat() as TimelineItem[];
      const m = await measured(tenMinutes, 'opfs', 1000, true);
      const encodingFrom = Number(
        /Encoding video@(\d+)ms/.exec(m.result.stages.join(','))?.[1] ?? 0,
      );
      const encodingTo = Number(
        /Finishing@(\d+)ms/.exec(m.result.stages.join(','))?.[1] ?? m.result.ms,
      );
      const span = encodingTo - encodingFrom;
      const meanIn = <T>(
        xs: T[],
        at: (x: T) => number,
        value: (x: T) => number,
        from: number,
        to: number,
      ) => {
        const inside = xs.filter((x) => at(x) >= from && at(x) <= to).map(value);
        return inside.length ? inside.reduce((a, b) => a + b, 0) / inside.length : 0;
      };
      const firstTenth = [encodingFrom, encodingFrom + span / 10] as const;
      const lastTenth = [encodingTo - span / 10, encodingTo] as const;
      const renderer = (s: { memory: { ownPssByKind: Record<string, number> } }) =>
        s.memory.ownPssByKind.renderer ?? 0;
      // "first/last": the means over the first and the last tenth of the encoding, in MiB.
      const firstLast = <T extends { ms: number }>(xs: T[], value: (x: T) => number) =>
        `${mib(meanIn(xs, (x) => x.ms, value, ...firstTenth))}/${mib(meanIn(xs, (x) => x.ms, value, ...lastTenth))}`;
      // The mean of each tenth of the export's wall time, in MiB.
      const tenths = <T extends { ms: number }>(xs: T[], total: number, value: (x: T) => number) =>
        Array.from({ length: 10 }, (_, k) =>
          mib(meanIn(xs, (x) => x.ms, value, (total * k) / 10, (total * (k + 1)) / 10)),
        );
      Object.assign(figures, {
        '600s1080p.minutes': minutes,
        '600s1080p.engine': m.result.engine,
        '600s1080p.wall_s': secs(m.result.ms),
        '600s1080p.MiB': +(m.result.size / 1048576).toFixed(1),
        '600s1080p.stages': m.result.stages.join(','),
        '600s1080p.storage': m.result.storage,
        '600s1080p.pss_before_render_MiB': mib(m.before.ownPss),
        '600s1080p.pss_peak_MiB': mib(m.peak.ownPss),
        '600s1080p.pss_encoding_first/last_tenth_MiB': firstLast(m.samples, (s) => s.memory.ownPss),
        '600s1080p.renderer_pss_encoding_first/last_tenth_MiB': firstLast(m.samples, renderer),
        '600s1080p.page_js_heap_encoding_first/last_tenth_MiB': firstLast(m.heap, (x) => x.bytes),
        '600s1080p.peak_page_js_heap_MiB': mib(m.peakHeap),
        // The export's worker's heap (render.worker.ts; with any other dedicated worker of the page alive then).
        '600s1080p.worker_js_heap_encoding_first/last_tenth_MiB': firstLast(
          m.workerHeap,
          (x) => x.bytes,
        ),
        '600s1080p.peak_worker_js_heap_MiB': mib(Math.max(0, ...m.workerHeap.map((x) => x.bytes))),
        // PSS (and the renderer's) in each tenth of the whole export, start to end: the curve, flat or not.
        '600s1080p.pss_by_tenth_MiB': tenths(m.samples, m.result.ms, (s) => s.memory.ownPss).join(
          '/',
        ),
        '600s1080p.renderer_pss_by_tenth_MiB': tenths(m.samples, m.result.ms, renderer).join('/'),
        '600s1080p.worker_js_heap_by_tenth_MiB': tenths(
          m.workerHeap.map((x) => ({ ms: x.ms, bytes: x.bytes })),
          m.result.ms,
          (x) => x.bytes,
        ).join('/'),
        '600s1080p.browser_cpu_s': +m.cpuSeconds.toFixed(1),
      });
      if (process.env.MUSE_BENCH_RENDER_TRACE)
        await writeFile(
          `${process.env.MUSE_BENCH_RENDER_TRACE}.600s.json`,
          JSON.stringify(
            {
              stages: m.result.stages,
              samples: m.samples.map((s) => ({
                ms: s.ms,
                ownPss: s.memory.ownPss,
                byKind: s.memory.ownPssByKind,
              })),
              heap: m.heap,
              workerHeap: m.workerHeap,
            },
            null,
            1,
          ),
        );
    }
    return figures;
  } finally {
    await harness?.close();
    await rm(dir, { recursive: true, force: true });
    if (profileDir) await rm(profileDir, { recursive: true, force: true });
  }
}
