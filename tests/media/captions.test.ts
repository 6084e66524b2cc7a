import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptionStyle, ProjectSettings, TimelineItem } from '../../core/editor/model';
import { CAPTION_LOOKS } from '../../dashboard/features/video-editor/render/draw-caption';
import type { drawFrame as DrawFrame } from '../../dashboard/features/video-editor/render/draw-frame';
import type { timelineAudioWav as TimelineAudioWav } from '../../dashboard/features/video-editor/render/timeline-audio';
import { MEDIA_ORIGIN, root, run, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';
import { frameAt } from './support/probe';

// Caption styles burned into the export as the preview paints them, and the timeline's sound as
// Transcribe timeline uploads it. The preview's pixels come from drawFrame on a canvas in the harness
// page (the module loaded from the harness's vite server, as the editor's preview-player.tsx calls it);
// the export's from the mp4 that renderTimeline makes. The page imports them through a Function, which the
// test's own transform leaves alone (an import() written here would be rewritten for Node).

const W = 640;
const H = 360;
const FPS = 30;
const karaoke: CaptionStyle = { preset: 'karaoke', position: 'top', size: 'large' };
const settings = (captionStyle?: CaptionStyle): ProjectSettings => ({
  aspectRatio: '16:9',
  resolution: { width: W, height: H },
  fps: FPS,
  format: 'mp4',
  quality: 'high',
  ...(captionStyle && { captionStyle }),
});
// One cue for 2 s: HELLO spoken 0-1 s, WORLD 1-2 s.
const cue: TimelineItem = {
  id: 'cue',
  type: 'title',
  track: 'caption',
  start_time: 0,
  duration: 2,
  settings: {
    text: 'HELLO WORLD',
    fontSize: 72,
    color: '#ffffff',
    words: [
      { text: 'HELLO', start: 0, end: 1 },
      { text: 'WORLD', start: 1, end: 2 },
    ],
  },
};
const T = 0.5;
const highlight = CAPTION_LOOKS.karaoke.highlight!;
const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const near = (rgb: readonly number[], want: readonly number[], tol = 60) =>
  rgb.every((c, i) => Math.abs(c - want[i]!) <= tol);

let dir: string;
let harness: Harness;

/** drawFrame's pixels at t on a W x H canvas in the page, as the preview paints them (RGBA). */
async function previewPixels(
  items: TimelineItem[],
  style: CaptionStyle | undefined,
  t: number,
): Promise<(x: number, y: number) => number[]> {
  const url = `/@fs${join(root, 'dashboard/features/video-editor/render/draw-frame.ts')}`;
  const data = await harness.page.evaluate(
    async ([u, i, s, time, w, h]) => {
      const { drawFrame } = (await (
        new Function('u', 'return import(u)') as (u: string) => Promise<unknown>
      )(u)) as { drawFrame: typeof DrawFrame };
      const canvas = new OffscreenCanvas(w, h);
      const ctx = canvas.getContext('2d')!;
      drawFrame(
        ctx,
        { width: w, height: h, items: i, fps: 30, ...(s ? { captionStyle: s } : {}) },
        time,
        { frameFor: () => null },
      );
      return Array.from(ctx.getImageData(0, 0, w, h).data);
    },
    [url, items, style ?? null, t, W, H] as const,
  );
  return (x, y) => data.slice((y * W + x) * 4, (y * W + x) * 4 + 3);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-captions-'));
  // A 440 Hz tone for 1 s, then silence to 2 s.
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=f=440:d=1',
    '-af',
    'apad=whole_dur=2',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    join(dir, 'tone.mp3'),
  ]);
  harness = await openSharedHarness(dir);
});

afterAll(async () => {
  await harness?.close();
  if (dir && !process.env.MEDIA_KEEP) await rm(dir, { recursive: true, force: true });
});

describe('a caption style in the export', () => {
  it('burns the karaoke look at the top into the mp4 where the preview paints it: the spoken word in its colour', async () => {
    const preview = await previewPixels([cue], karaoke, T);
    // Where the preview paints the spoken word's colour.
    const spoken: [number, number][] = [];
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) if (near(preview(x, y), hex(highlight), 20)) spoken.push([x, y]);
    expect(spoken.length).toBeGreaterThan(200);
    // At the top: every highlighted pixel in the upper third, and on the left half (HELLO, the first word).
    expect(spoken.every(([x, y]) => y < H / 3 && x < W / 2)).toBe(true);

    const result = await harness.render(
      { items: [cue], settings: settings(karaoke), title: 'Captions' },
      'webcodecs',
    );
    const file = join(dir, 'karaoke.mp4');
    await writeFile(file, Buffer.from(result.base64!, 'base64'));
    const frame = await frameAt(file, T, W, H);
    // The export shows the same colour at those pixels (compression blurs the letters' edges a little).
    const same = spoken.filter(([x, y]) => near(frame(x, y), hex(highlight))).length;
    expect(
      same / spoken.length,
      `${same} of ${spoken.length} highlighted pixels match`,
    ).toBeGreaterThan(0.8);
    // And the word not being spoken (WORLD, right half) is white there, not highlighted.
    let white = 0;
    for (let y = 0; y < H / 3; y++)
      for (let x = W / 2; x < W; x++)
        if (near(preview(x, y), [255, 255, 255], 20) && near(frame(x, y), [255, 255, 255])) white++;
    expect(white).toBeGreaterThan(100);
  });
});

describe("the timeline's sound for Transcribe timeline", () => {
  it('is a 16 kHz mono WAV of the whole timeline, the tone where it plays and silence after', async () => {
    const items: TimelineItem[] = [
      cue,
      {
        id: 'tone',
        type: 'audio',
        track: 'audio-1',
        settings: { url: `${MEDIA_ORIGIN}/tone.mp3`, volume: 1 },
        start_time: 0.5,
        duration: 1,
      },
    ];
    const url = `/@fs${join(root, 'dashboard/features/video-editor/render/timeline-audio.ts')}`;
    const out = await harness.page.evaluate(
      async ([u, i]) => {
        const { timelineAudioWav } = (await (
          new Function('u', 'return import(u)') as (u: string) => Promise<unknown>
        )(u)) as { timelineAudioWav: typeof TimelineAudioWav };
        const { blob, duration } = await timelineAudioWav(i, { fps: 30 });
        return {
          bytes: Array.from(new Uint8Array(await blob.arrayBuffer())),
          type: blob.type,
          duration,
        };
      },
      [url, items] as const,
    );
    expect(out.type).toBe('audio/wav');
    expect(out.duration).toBe(2);
    const wav = Buffer.from(out.bytes);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(16_000);
    const samples = new Int16Array(
      wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length),
    );
    expect(samples.length).toBe(2 * 16_000);
    const rms = (from: number, to: number) => {
      let sum = 0;
      for (let i = Math.round(from * 16_000); i < Math.round(to * 16_000); i++)
        sum += (samples[i]! / 32768) ** 2;
      return Math.sqrt(sum / ((to - from) * 16_000));
    };
    // The clip starts at 0.5 s on the timeline: silence before, the tone (a sine at half scale) during.
    expect(rms(0, 0.45)).toBeLessThan(0.005);
    expect(rms(0.6, 1.4)).toBeGreaterThan(0.05);
    expect(rms(1.55, 2)).toBeLessThan(0.005);
  });
});
