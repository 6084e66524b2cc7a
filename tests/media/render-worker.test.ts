import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSettings, TimelineItem } from '../../core/editor/model';
import type { renderTimeline } from '../../dashboard/features/video-editor/render/render-timeline';
import { MEDIA_ORIGIN, root, run, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';
import { probe } from './support/probe';

// The WebCodecs export runs in a worker (render/render.worker.ts, driven by render/worker-render.ts): the
// file it makes is the page's export frame for frame (titles and captions drawn in the worker's canvas
// too), Cancel stops the worker and leaves no OPFS file or lock, and the timeline is the one of the
// moment Export was clicked: an edit made while it runs does not reach the file.

const W = 320;
const H = 180;
const FPS = 30;
const settings = (format: 'mp4' | 'webm'): ProjectSettings => ({
  aspectRatio: '16:9',
  resolution: { width: W, height: H },
  fps: FPS,
  format,
  quality: 'high',
});
// The bench's reference timeline (stills, then a title) with a video clip and a caption cue over it.
const reference: TimelineItem[] = [
  {
    id: 'clip',
    type: 'video',
    settings: { url: `${MEDIA_ORIGIN}/clip.mp4` },
    start_time: 0,
    duration: 1.5,
    track: 'main',
  },
  {
    id: 's0',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/still0.png` },
    start_time: 1.5,
    duration: 1,
    track: 'main',
  },
  {
    id: 's1',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/still1.png` },
    start_time: 2.5,
    duration: 1,
    track: 'main',
  },
  {
    id: 't',
    type: 'title',
    settings: { text: 'Muse Studio', fontSize: 96, color: '#ffffff' },
    start_time: 3.5,
    duration: 1,
    track: 'main',
  },
  {
    id: 'cap',
    type: 'title',
    track: 'caption',
    settings: {
      text: 'hello worker world',
      fontSize: 56,
      color: '#ffffff',
      words: [
        { text: 'hello', start: 0, end: 0.4 },
        { text: 'worker', start: 0.4, end: 0.8 },
        { text: 'world', start: 0.8, end: 1.2 },
      ],
    },
    start_time: 0.5,
    duration: 1.5,
  } as TimelineItem,
  {
    id: 'tone',
    type: 'audio',
    settings: { url: `${MEDIA_ORIGIN}/tone.wav`, volume: 1 },
    start_time: 0,
    duration: 4.5,
    track: 'audio-1',
  },
];
// Long enough to be still encoding when it is cancelled.
const long: TimelineItem[] = Array.from({ length: 20 }, (_, i) => ({
  id: `c${i}`,
  type: 'video',
  settings: { url: `${MEDIA_ORIGIN}/clip.mp4` },
  start_time: 1.5 * i,
  duration: 1.5,
  track: 'main',
}));

interface Rendered {
  base64: string;
  thread: string;
  engine: string;
  opfsBefore: string[];
  opfsAfter: string[];
  fileName: string | null;
  size: number;
}

declare global {
  interface Window {
    /** render-timeline.ts's renderTimeline, loaded into the harness page by this file. */
    museRenderTimeline: typeof renderTimeline;
    /** Render workers started and terminated on this page (Worker wrapped by this file). */
    museWorkers: { started: number; terminated: number };
  }
}

let dir: string;
let harness: Harness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-worker-'));
  const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  await Promise.all([
    ff(
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=${W}x${H}:r=${FPS}:d=1.5`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      join(dir, 'clip.mp4'),
    ),
    ff('-f', 'lavfi', '-i', `mandelbrot=s=${W}x${H}`, '-frames:v', '1', join(dir, 'still0.png')),
    ff('-f', 'lavfi', '-i', `smptehdbars=s=${W}x${H}`, '-frames:v', '1', join(dir, 'still1.png')),
    ff('-f', 'lavfi', '-i', 'sine=f=440:d=5', '-ac', '2', '-ar', '48000', join(dir, 'tone.wav')),
  ]);
  harness = await openSharedHarness(dir);
  // The render entry itself (the module the harness page already loaded), and a count of the render
  // workers the page starts and terminates.
  await harness.page.addScriptTag({
    type: 'module',
    content: `
      import { renderTimeline } from '/@fs${join(root, 'dashboard/features/video-editor/render/render-timeline.ts')}';
      window.museWorkers = { started: 0, terminated: 0 };
      const Native = window.Worker;
      window.Worker = class extends Native {
        constructor(url, options) {
          super(url, options);
          this.render = options?.name === 'render';
          if (this.render) window.museWorkers.started++;
        }
        terminate() {
          if (this.render) window.museWorkers.terminated++;
          super.terminate();
        }
      };
      window.museRenderTimeline = renderTimeline;
    `,
  });
  await harness.page.waitForFunction(() => typeof window.museRenderTimeline === 'function');
});

afterAll(async () => {
  await harness?.close();
  if (dir && !process.env.MEDIA_KEEP) await rm(dir, { recursive: true, force: true });
});

/** Renders in the page; `edit` (a title's new text) is written into the timeline the caller passed, while the export runs. */
const render = (
  items: TimelineItem[],
  format: 'mp4' | 'webm',
  thread: 'worker' | 'main',
  edit?: string,
) =>
  harness.page.evaluate(
    async ([items, settings, thread, edit]): Promise<Rendered> => {
      let edited = false;
      const result = await window.museRenderTimeline(
        { items, settings, title: 'worker' },
        {
          engine: 'webcodecs',
          thread,
          onProgress: () => {
            // The first report comes once the export has started (media loading): the user edits a title.
            if (edit === null || edited) return;
            edited = true;
            for (const item of items)
              if (item.type === 'title' && item.track !== 'caption') item.settings.text = edit;
          },
        },
      );
      const bytes = new Uint8Array(await result.blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      const opfsBefore = await window.museOpfsFiles();
      await result.dispose();
      return {
        base64: btoa(binary),
        thread: String(result.thread),
        engine: result.engine,
        opfsBefore,
        opfsAfter: await window.museOpfsFiles(),
        fileName: result.blob instanceof File ? result.blob.name : null,
        size: result.blob.size,
      };
    },
    [items, settings(format), thread, edit ?? null] as const,
  );

const save = async (name: string, r: Rendered) => {
  const file = join(dir, name);
  await writeFile(file, Buffer.from(r.base64, 'base64'));
  return file;
};
/** md5 of the decoded pictures (or sound) of a file. */
const md5 = async (file: string, stream: 'v' | 'a') =>
  (await run('ffmpeg', ['-v', 'error', '-i', file, '-map', `0:${stream}`, '-f', 'md5', '-']))
    .toString()
    .trim();

describe.each(['mp4', 'webm'] as const)('a %s export in the worker', (format) => {
  it("is the page's export frame for frame, written through an OPFS file", async () => {
    const inWorker = await render(reference, format, 'worker');
    const onPage = await render(reference, format, 'main');
    expect(inWorker.thread).toBe('worker');
    expect(onPage.thread).toBe('main');
    expect(inWorker.engine).toBe(onPage.engine);
    // The worker's file was in OPFS until dispose() had the worker delete it.
    expect(inWorker.fileName).toMatch(new RegExp(`^render-.+\\.${format}$`));
    expect(inWorker.opfsBefore).toEqual([`${inWorker.fileName}:${inWorker.size}`]);
    expect(inWorker.opfsAfter).toEqual([]);

    const [a, b] = [await save(`worker.${format}`, inWorker), await save(`page.${format}`, onPage)];
    const [pa, pb] = await Promise.all([probe(a), probe(b)]);
    expect(pa.video?.frames).toBe(4.5 * FPS);
    expect(pa.video).toEqual(pb.video);
    expect(pa.audio).toEqual(pb.audio);
    expect(pa.audio).toBeTruthy();
    expect(await md5(a, 'v')).toBe(await md5(b, 'v'));
    expect(await md5(a, 'a')).toBe(await md5(b, 'a'));
  });
});

it('keeps the timeline of the moment Export was clicked: an edit made during the export is not in the file', async () => {
  const untouched = await render(reference, 'webm', 'worker');
  const edited = await render(reference, 'webm', 'worker', 'Edited while exporting');
  const onPage = await render(reference, 'webm', 'main', 'Edited while exporting');
  const [u, e, p] = [
    await save('untouched.webm', untouched),
    await save('edited.webm', edited),
    await save('edited-page.webm', onPage),
  ];
  // The fallback on the page keeps the snapshot too.
  expect(await md5(p, 'v')).toBe(await md5(u, 'v'));
  expect(await md5(e, 'v')).toBe(await md5(u, 'v'));
  expect(edited.thread).toBe('worker');
});

it('stops the worker on Cancel and leaves no OPFS file or lock', async () => {
  const before = await harness.page.evaluate(() => ({ ...window.museWorkers }));
  const outcome = await harness.page.evaluate(async (items) => {
    const controller = new AbortController();
    // Cancel as soon as the worker's file shows up in the render directory: it is encoding into it.
    const poll = setInterval(() => {
      void window.museOpfsFiles().then((files) => files.length > 0 && controller.abort());
    }, 10);
    try {
      await window.museRenderTimeline(
        {
          items,
          settings: {
            aspectRatio: '16:9',
            resolution: { width: 320, height: 180 },
            fps: 30,
            format: 'mp4',
            quality: 'high',
          },
          title: 'x',
        },
        {
          engine: 'webcodecs',
          signal: controller.signal,
          thread: 'worker',
        },
      );
      return 'finished';
    } catch (error) {
      return String(error);
    } finally {
      clearInterval(poll);
    }
  }, long);
  expect(outcome).toContain('Render cancelled');
  expect(await harness.page.evaluate(() => window.museOpfsFiles())).toEqual([]);
  expect(
    (await harness.page.evaluate(() => window.museHeldLocks())).filter((l) =>
      l.startsWith('muse-renders/'),
    ),
  ).toEqual([]);
  const after = await harness.page.evaluate(() => ({ ...window.museWorkers }));
  expect(after.started - before.started).toBe(1);
  expect(after.terminated - before.terminated).toBe(1);
});
