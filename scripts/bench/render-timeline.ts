import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ProjectSettings, TimelineItem } from '../../core/editor/model';
import { run } from '../../tests/media/support/harness';
import { startTimelineHarness } from '../../tests/media/support/timeline-harness';
import type { FrameRecord } from '../../tests/media/timeline/main';
import { say } from '../stack/log';

// npm run bench -- render (part 'timeline'): the editor's real timeline (tests/media/timeline) with a
// 100-clip, 30-minute project in headless Chromium, 1280x800: frame times while it zooms (Ctrl+wheel, then
// the + and - keys) and scrolls sideways (the wheel), as requestAnimationFrame deltas (p50, p95, max) and
// Long Animation Frames (Chromium's PerformanceObserver 'long-animation-frame': frames over 50 ms, with
// the scripts that ran longest). The timeline asks its media worker for waveforms and filmstrips as in the
// editor, so the first pass over a stretch includes their arrival. Never asserted.

/** 100 clips over 30 minutes at 30 fps: the main track full of video (some transitions), pictures on both
 * overlays, caption cues, and music on both audio tracks. */
export function benchProject(media: { video: string; music: string; still: string }): {
  items: TimelineItem[];
  settings: ProjectSettings;
} {
  const items: TimelineItem[] = [];
  for (let i = 0; i < 40; i++)
    items.push({
      id: `v${i}`,
      type: 'video',
      track: 'main',
      settings: { url: media.video, name: `Shot ${i + 1}` },
      start_time: i * 45,
      duration: 45,
      in_point: (i * 7) % 15,
      source_duration: 60,
      ...(i % 4 === 1 ? { transition_in: { kind: 'crossfade' as const, duration: 1 } } : {}),
    });
  for (let i = 0; i < 15; i++)
    items.push({
      id: `o${i}`,
      type: 'image',
      track: 'overlay-1',
      settings: { url: media.still, name: `Logo ${i + 1}` },
      start_time: 30 + i * 120,
      duration: 20,
    });
  for (let i = 0; i < 5; i++)
    items.push({
      id: `p${i}`,
      type: 'image',
      track: 'overlay-2',
      settings: { url: media.still, name: `Card ${i + 1}` },
      start_time: 200 + i * 330,
      duration: 30,
    });
  for (let i = 0; i < 20; i++) {
    const text = `Caption number ${i + 1} of the talk`;
    const words = text.split(' ').map((w, k) => ({ text: w, start: k * 0.8, end: k * 0.8 + 0.7 }));
    items.push({
      id: `c${i}`,
      type: 'title',
      track: 'caption',
      settings: { text, fontSize: 56, color: '#ffffff', words },
      start_time: 10 + i * 90,
      duration: 6,
    });
  }
  for (let i = 0; i < 10; i++)
    items.push({
      id: `m${i}`,
      type: 'audio',
      track: 'audio-1',
      settings: { url: media.music, name: `Music ${i + 1}`, volume: 0.8 },
      start_time: i * 180,
      duration: 180,
      source_duration: 240,
      fade_in: 2,
      fade_out: 2,
    });
  for (let i = 0; i < 10; i++)
    items.push({
      id: `n${i}`,
      type: 'audio',
      track: 'audio-2',
      settings: { url: media.music, name: `Voice ${i + 1}`, volume: 1 },
      start_time: 60 + i * 180,
      duration: 60,
      in_point: 30,
      source_duration: 240,
      gain_db: -6,
    });
  return {
    items,
    settings: {
      aspectRatio: '16:9',
      resolution: { width: 1920, height: 1080 },
      fps: 30,
      format: 'mp4',
      quality: 'medium',
    },
  };
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const r1 = (x: number) => +x.toFixed(1);

/** A phase's frames: rAF deltas (the first 2 dropped: the recorder's own start), LoAF count and the longest. */
function summarize(r: FrameRecord) {
  const d = r.deltas.slice(2);
  const top = r.longFrames.reduce<FrameRecord['longFrames'][number] | null>(
    (a, b) => (a && a.duration >= b.duration ? a : b),
    null,
  );
  return {
    frames: d.length,
    p50_ms: r1(percentile(d, 0.5)),
    p95_ms: r1(percentile(d, 0.95)),
    max_ms: r1(Math.max(0, ...d)),
    // Frames that took longer than one 60 Hz refresh and a half: at least one refresh was missed.
    over_25ms: d.filter((x) => x > 25).length,
    loaf: r.longFrames.length,
    loaf_max_ms: Math.round(top?.duration ?? 0),
    loaf_top_scripts: top ? top.scripts.map((s) => `${s.source}:${s.duration}`).join(';') : '',
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The page's main thread's CPU time over a Chromium trace (ms): the thread time (tdur) of its tasks, and
 * of style, layout and paint in them (the rest is script, garbage collection and the like). CPU time, not
 * wall time: on a busy machine a frame waits for a core, but the work a zoom step asks of the page is the same.
 */
function mainThreadCpu(trace: Buffer) {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && mains.has(key)) byThread.set(key, [...(byThread.get(key) ?? []), e]);
  }
  const sum = (es: TraceEvent[], names: string[]) =>
    es.filter((e) => names.includes(e.name)).reduce((a, e) => a + (e.tdur ?? e.dur ?? 0), 0) / 1000;
  // The page's renderer is the one that worked the most (the browser may keep others, idle).
  const [main] = [...byThread.values()].sort((a, b) => sum(b, ['RunTask']) - sum(a, ['RunTask']));
  if (!main) return { cpu_ms: 0, style_ms: 0, layout_ms: 0, paint_ms: 0 };
  return {
    cpu_ms: Math.round(sum(main, ['RunTask'])),
    style_ms: Math.round(sum(main, ['UpdateLayoutTree'])),
    layout_ms: Math.round(sum(main, ['Layout'])),
    paint_ms: Math.round(sum(main, ['PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'PaintImage'])),
  };
}

/** MUSE_BENCH_TIMELINE_TRACE=1: each phase under a Chromium trace, for its main-thread CPU time (mainThreadCpu). */
const traced = process.env.MUSE_BENCH_TIMELINE_TRACE === '1';

async function measure(page: Page, drive: () => Promise<void>) {
  const browser = page.context().browser();
  if (traced && browser)
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
  await page.evaluate(() => window.museFramesStart());
  await drive();
  // The frames the last input caused.
  await page.waitForTimeout(250);
  const frames = summarize(await page.evaluate(() => window.museFramesStop()));
  return traced && browser ? { ...frames, ...mainThreadCpu(await browser.stopTracing()) } : frames;
}

/** The 20 functions with the most self time in a CPU profile, with their share of the samples. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
}

function topFunctions(cpu: CpuProfile): string {
  const self = new Map<string, number>();
  const counts = new Map<number, number>();
  for (const id of cpu.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  const total = cpu.samples?.length ?? 1;
  for (const node of cpu.nodes) {
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()?.split('?')[0]}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (counts.get(node.id) ?? 0));
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([k, n]) => `  ${((100 * n) / total).toFixed(1)}% ${k}`)
    .join('\n');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Zoom steps from fit to the zoom the scrolling runs at (x1.5 each: about 0.75 px a frame for 30 minutes at 1280 px). */
const ZOOM_STEPS = 9;

export async function timelineBench(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'muse-timeline-bench-'));
  const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  await Promise.all([
    // A minute of 360p video with sound (its filmstrip and waveform), 4 minutes of music with a changing level, a still.
    ff(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=640x360:r=30:d=60',
      '-f',
      'lavfi',
      '-i',
      'sine=f=440:d=60',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-threads',
      '2',
      '-g',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      join(dir, 'video.mp4'),
    ),
    ff(
      '-f',
      'lavfi',
      '-i',
      "aevalsrc='0.8*sin(2*PI*220*t)*abs(sin(PI*t/5))':s=44100:d=240",
      '-ac',
      '2',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      join(dir, 'music.mp3'),
    ),
    ff('-f', 'lavfi', '-i', 'smptehdbars=s=1280x720', '-frames:v', '1', join(dir, 'still.png')),
  ]);
  const h = await startTimelineHarness(dir);
  try {
    const { page } = h;
    const project = benchProject({
      video: `${h.url}video.mp4`,
      music: `${h.url}music.mp3`,
      still: `${h.url}still.png`,
    });
    await page.evaluate(([items, settings]) => window.museMountTimeline(items, settings), [
      project.items,
      project.settings,
    ] as const);
    // Opened zoomed to fit: every clip with sound shows its waveform once the worker has the peaks.
    const sounding = project.items.filter((i) => i.type === 'video' || i.type === 'audio').length;
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="waveform"]').length >= n,
      sounding,
      { timeout: 120_000 },
    );
    await sleep(1500);
    const scroller = page.getByTestId('timeline-scroll');
    const box = (await scroller.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

    // MUSE_BENCH_TIMELINE_PROFILE=<file>: a CPU profile of the page over every phase (Chrome DevTools'
    // .cpuprofile), and the functions that took the most time in it printed.
    const profile = process.env.MUSE_BENCH_TIMELINE_PROFILE;
    const cdp = profile ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    // MUSE_BENCH_TIMELINE_CPU_SLOWDOWN=<n>: the page's CPU n times slower (Chrome DevTools' CPU throttling),
    // as on a slower laptop: on an idle 2-core machine every phase fits a refresh either way, slowed down
    // the work per zoom step and scroll frame shows in the frame times.
    const slowdown = Number(process.env.MUSE_BENCH_TIMELINE_CPU_SLOWDOWN ?? 1);
    if (slowdown > 1) {
      const throttle = cdp ?? (await page.context().newCDPSession(page));
      await throttle.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    }
    const figures: Record<string, string | number> = {};
    if (slowdown > 1) figures['timeline.cpu_slowdown'] = slowdown;
    const put = (phase: string, s: Awaited<ReturnType<typeof measure>>) => {
      for (const [k, v] of Object.entries(s)) figures[`timeline.${phase}.${k}`] = v;
    };
    figures['timeline.clips'] = project.items.length;
    figures['timeline.minutes'] = 30;

    // Ctrl+wheel: in ZOOM_STEPS*2 notches and back out, 150 ms apart.
    put(
      'zoom_wheel',
      await measure(page, async () => {
        await page.keyboard.down('Control');
        for (let i = 0; i < ZOOM_STEPS * 2; i++) {
          await page.mouse.wheel(0, -100);
          await sleep(150);
        }
        for (let i = 0; i < ZOOM_STEPS * 2; i++) {
          await page.mouse.wheel(0, 100);
          await sleep(150);
        }
        await page.keyboard.up('Control');
      }),
    );
    // The keys: + and - the same way (the timeline has focus, as after a click on it).
    await scroller.focus();
    put(
      'zoom_keys',
      await measure(page, async () => {
        for (let i = 0; i < ZOOM_STEPS * 2; i++) {
          await page.keyboard.press('+');
          await sleep(150);
        }
        for (let i = 0; i < ZOOM_STEPS * 2; i++) {
          await page.keyboard.press('-');
          await sleep(150);
        }
      }),
    );
    // Sideways with the wheel, about 4 s each way at the scrolling zoom: the first pass asks for the
    // filmstrip as it goes, the way back finds it made.
    await page.keyboard.press('Shift+Z');
    for (let i = 0; i < ZOOM_STEPS; i++) await page.keyboard.press('+');
    await sleep(1000);
    figures['timeline.scroll_px_per_frame'] = r1(
      await page.evaluate(() => window.musePxPerFrame()),
    );
    const wheelFor = async (ms: number, dx: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        await page.mouse.wheel(dx, 0);
        await sleep(16);
      }
    };
    put('scroll_first', await measure(page, () => wheelFor(4000, 80)));
    put('scroll_back', await measure(page, () => wheelFor(4000, -80)));
    if (cdp && profile) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      await writeFile(profile, JSON.stringify(cpu));
      say.plain(topFunctions(cpu));
    }
    return figures;
  } finally {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  }
}
