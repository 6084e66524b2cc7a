import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TimelineItem } from '../../core/editor/model';
import { buildRenderArgs } from '../../dashboard/features/video-editor/render/ffmpeg-args';
import type { renderTimeline } from '../../dashboard/features/video-editor/render/render-timeline';
import { MEDIA_ORIGIN, root, run, startHarness, type Harness } from '../../tests/media/support/harness';
import { sampleTreeMemory, treeMemory } from '../../tests/media/support/process-memory';

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
//    every 50 ms; delay = handler time - event.timeStamp), with the 95th percentiles.

declare global {
  interface Window {
    /** render-timeline.ts's renderTimeline, loaded into the harness page by the latency bench. */
    museBenchRender: typeof renderTimeline;
  }
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

/** The page's responsiveness while it exports `items` with the WebCodecs export in a worker or on the page. */
export async function latencyDuring(h: Harness, items: TimelineItem[], settings: unknown, thread: 'worker' | 'main') {
  let rendering = true;
  // A string, not a function: tsx's keepNames would wrap the page's named functions in a helper the page lacks.
  const evaluation = h.page.evaluate(`(async ([items, settings, thread]) => {
    const frameGaps = [];
    const inputDelays = [];
    let last = performance.now();
    let running = true;
    const tick = (now) => {
      frameGaps.push(now - last);
      last = now;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const onMove = (e) => inputDelays.push(performance.now() - e.timeStamp);
    window.addEventListener('pointermove', onMove);
    const t0 = performance.now();
    try {
      const result = await window.museBenchRender({ items, settings, title: 'latency' }, { engine: 'webcodecs', thread });
      await result.dispose();
      return { ms: performance.now() - t0, thread: result.thread, frameGaps, inputDelays };
    } finally {
      running = false;
      window.removeEventListener('pointermove', onMove);
    }
  })(${JSON.stringify([items, settings, thread])})`) as Promise<{ ms: number; thread: string; frameGaps: number[]; inputDelays: number[] }>;
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
  return {
    thread: r.thread,
    wall_s: +(r.ms / 1000).toFixed(1),
    max_frame_gap_ms: ms(Math.max(...r.frameGaps)),
    p95_frame_gap_ms: ms(percentile(r.frameGaps, 0.95)),
    max_input_delay_ms: ms(Math.max(0, ...r.inputDelays)),
    p95_input_delay_ms: ms(percentile(r.inputDelays, 0.95)),
    input_events: r.inputDelays.length,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const secs = (ms: number) => +(ms / 1000).toFixed(2);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export async function renderBench(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'muse-render-bench-'));
  const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  let harness: Harness | undefined;
  try {
    const sources = ['mandelbrot', 'testsrc2', 'smptehdbars'];
    await Promise.all(sources.flatMap((src, i) => [720, 1080].map((h) => ff('-f', 'lavfi', '-i', `${src}=s=${(h * 16) / 9}x${h}`, '-frames:v', '1', join(dir, `still${i}-${h}.png`)))));
    // The title as native ffmpeg gets it: a still of the same size (Chromium draws its own with drawFrame).
    await ff('-f', 'lavfi', '-i', 'color=c=black:s=1280x720', '-vf', 'drawbox=x=440:y=320:w=400:h=80:color=black@0.5:t=fill', '-frames:v', '1', join(dir, 'title-720.png'));
    await ff('-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:r=30:d=10', '-c:v', 'libx264', '-preset', 'veryfast', '-threads', '2', '-pix_fmt', 'yuv420p', join(dir, 'clip-1080.mp4'));
    await ff('-f', 'lavfi', '-i', 'sine=f=330:d=30', '-ac', '2', '-c:a', 'libmp3lame', join(dir, 'music.mp3'));

    const still = (id: string, file: string, start: number, duration: number): TimelineItem => ({ id, type: 'image', settings: { url: `${MEDIA_ORIGIN}/${file}` }, start_time: start, duration });
    const reference: TimelineItem[] = [
      still('s0', 'still0-720.png', 0, 4),
      still('s1', 'still1-720.png', 4, 4),
      still('s2', 'still2-720.png', 8, 4),
      { id: 't', type: 'title', settings: { text: 'Muse Studio', fontSize: 64, color: '#ffffff' }, start_time: 12, duration: 3 },
    ];
    const settings720 = { aspectRatio: '16:9' as const, resolution: { width: 1280, height: 720 }, fps: 30 as const, format: 'mp4' as const, quality: 'medium' as const };

    harness = await startHarness(dir);
    const h = harness;
    // Warm-up: loads modules and the encoder once, so the figures compare encodes.
    await h.render({ items: reference.slice(0, 1), settings: settings720, title: 'warm-up' }, 'webcodecs', { returnBytes: false });

    const webcodecs: number[] = [];
    const native: number[] = [];
    let webcodecsSize = 0;
    const nativeArgs = buildRenderArgs({
      width: 1280,
      height: 720,
      fps: 30,
      format: 'mp4',
      quality: 'medium',
      runs: [...[0, 1, 2].map((i) => ({ kind: 'still' as const, file: join(dir, `still${i}-720.png`), frames: 120 })), { kind: 'still', file: join(dir, 'title-720.png'), frames: 90 }],
      audio: [],
      output: join(dir, 'native.mp4'),
      threads: 2,
      x264Preset: 'veryfast',
    });
    for (let i = 0; i < 3; i++) {
      const r = await h.render({ items: reference, settings: settings720, title: 'reference' }, 'webcodecs', { returnBytes: false });
      webcodecs.push(r.ms);
      webcodecsSize = r.size;
      native.push(await timed(() => run('ffmpeg', ['-v', 'error', ...nativeArgs])));
    }
    const nativeSize = readFileSync(join(dir, 'native.mp4')).length;

    // 60 s at 1080p: 8 stills x 5 s, 2 titles x 3 s, a 10 s clip shown for 14 s (last frame held), 2 x 30 s of audio.
    const long: TimelineItem[] = [];
    let t = 0;
    const push = (item: Omit<TimelineItem, 'start_time'>, duration: number) => {
      long.push({ ...item, start_time: t, duration } as TimelineItem);
      t += duration;
    };
    for (let i = 0; i < 8; i++) {
      push({ id: `s${i}`, type: 'image', settings: { url: `${MEDIA_ORIGIN}/still${i % 3}-1080.png` } } as Omit<TimelineItem, 'start_time'>, 5);
      if (i === 3) push({ id: 't1', type: 'title', settings: { text: 'Chapter one', fontSize: 72, color: '#ffffff' } } as Omit<TimelineItem, 'start_time'>, 3);
    }
    push({ id: 't2', type: 'title', settings: { text: 'The end', fontSize: 72, color: '#ffcc00' } } as Omit<TimelineItem, 'start_time'>, 3);
    push({ id: 'v', type: 'video', settings: { url: `${MEDIA_ORIGIN}/clip-1080.mp4` } } as Omit<TimelineItem, 'start_time'>, 14);
    long.push({ id: 'a1', type: 'audio', settings: { url: `${MEDIA_ORIGIN}/music.mp3`, volume: 0.8 }, start_time: 0, duration: 30 });
    long.push({ id: 'a2', type: 'audio', settings: { url: `${MEDIA_ORIGIN}/music.mp3`, volume: 0.8 }, start_time: 30, duration: 30 });

    const cdp = await h.page.context().newCDPSession(h.page);
    await cdp.send('Performance.enable');
    const settings1080 = { ...settings720, resolution: { width: 1920, height: 1080 } };
    // One render of the 60 s timeline with the browser's whole process tree sampled every 100 ms (PSS
    // counts shared pages once, RSS once per process) and the page's JS heap every 200 ms.
    const measured = async (spool: 'opfs' | 'memory') => {
      const sampler = sampleTreeMemory(h.browserPid!, 100);
      let peakHeap = 0;
      const heapTimer = setInterval(() => {
        void cdp
          .send('Performance.getMetrics')
          .then(({ metrics }) => (peakHeap = Math.max(peakHeap, metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0)))
          .catch(() => undefined);
      }, 200);
      const result = await h.render({ items: long, settings: settings1080, title: 'long' }, 'auto', { returnBytes: false, spool }).finally(() => clearInterval(heapTimer));
      const { before, peak, samples } = { before: sampler.before, ...sampler.stop() };
      return { result, before, peak, samples, peakHeap, cpuSeconds: treeMemory(h.browserPid!).cpuSeconds - before.cpuSeconds };
    };
    const { result: big, before, peak, samples, peakHeap, cpuSeconds } = await measured('opfs');
    // MUSE_BENCH_RENDER_TRACE=<file>: every sample and the render's stages, to see which stage holds what.
    if (process.env.MUSE_BENCH_RENDER_TRACE) await writeFile(process.env.MUSE_BENCH_RENDER_TRACE, JSON.stringify({ stages: big.stages, before, samples }, null, 1));
    // The same render with every copy of the output in memory (spool 'memory': the mux in a buffer, the
    // video written into ffmpeg.wasm's memory where it adds the AAC, the result a Blob of the bytes): the
    // figures beside the default's show what the OPFS spool saves.
    const inMemory = await measured('memory');
    const mib = (b: number) => +(b / 1048576).toFixed(0);
    // Last, so the 60 s figures start from a browser that has not loaded the wasm core yet.
    const wasm = await h.render({ items: reference, settings: settings720, title: 'reference' }, 'ffmpeg', { returnBytes: false });
    const mov = await h.render({ items: reference, settings: { ...settings720, format: 'mov' }, title: 'reference' }, 'auto', { returnBytes: false });

    // 32 s at 1080p with music: the page's input latency while it exports, in the worker and on the page.
    await h.page.addScriptTag({
      type: 'module',
      content: `import { renderTimeline } from '/@fs${join(root, 'dashboard/features/video-editor/render/render-timeline.ts')}'; window.museBenchRender = renderTimeline;`,
    });
    await h.page.waitForFunction(() => typeof window.museBenchRender === 'function');
    const latencyTimeline = long.filter((i) => i.start_time >= 28).map((i) => ({ ...i, start_time: i.start_time - 28 })) as TimelineItem[];
    // Warm-up: the worker's modules load once, so the figures compare exports.
    await latencyDuring(h, reference.slice(0, 1), settings720, 'worker');
    const inWorker = await latencyDuring(h, latencyTimeline, settings1080, 'worker');
    const onPage = await latencyDuring(h, latencyTimeline, settings1080, 'main');
    const latency = (prefix: string, l: Awaited<ReturnType<typeof latencyDuring>>) => Object.fromEntries(Object.entries(l).map(([k, v]) => [`${prefix}.${k}`, v]));

    return {
      'ref.webcodecs_s': secs(median(webcodecs)),
      'ref.native_x264_s': secs(median(native)),
      'ref.ratio_webcodecs/native': +(median(webcodecs) / median(native)).toFixed(2),
      'ref.webcodecs_KiB': Math.round(webcodecsSize / 1024),
      'ref.native_KiB': Math.round(nativeSize / 1024),
      'ref.wasm_s': secs(wasm.ms),
      'ref.ratio_wasm/native': +(wasm.ms / median(native)).toFixed(2),
      'ref.wasm_KiB': Math.round(wasm.size / 1024),
      'ref.wasm_stages': wasm.stages.join(','),
      'ref.mov_prores_s': secs(mov.ms),
      'ref.mov_prores_MiB': +(mov.size / 1048576).toFixed(1),
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
      '60s1080p.memory_spool.pss_growth_by_process_MiB': Object.entries(inMemory.peak.ownPssByKind)
        .map(([kind, pss]) => `${kind}:${mib(pss - (inMemory.before.ownPssByKind[kind] ?? 0))}`)
        .join(','),
      '60s1080p.memory_spool.rss_growth_MiB': mib(inMemory.peak.rss - inMemory.before.rss),
      '60s1080p.memory_spool.peak_js_heap_MiB': mib(inMemory.peakHeap),
      ...latency('latency32s1080p.worker', inWorker),
      ...latency('latency32s1080p.main', onPage),
    };
  } finally {
    await harness?.close();
    await rm(dir, { recursive: true, force: true });
  }
}
