import { describe, expect, it } from 'vitest';
import type { TimelineItem, TransitionKind } from '@core/editor/model';
import { drawFrame } from './draw-frame';
import {
  activeVisualsAt,
  frameRuns,
  sourceTime,
  transitionAt,
  type FrameSource,
  type MediaItem,
} from './scene';

// Golden frames: drawFrame painted on a tiny software 2D context (pixel centres, no smoothing) that
// supports what the painter uses: fills, rect paths (even-odd), clip rects, translate, globalAlpha.

type RGB = [number, number, number];
const parse = (style: string): RGB => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(style);
  if (!m) throw new Error(`unsupported colour ${style}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
};
interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
/** A solid picture of a colour, what `frameFor` returns in these tests. */
const solid = (width: number, height: number, color: string) =>
  ({ width, height, color }) as unknown as CanvasImageSource;

function rasterContext(width: number, height: number) {
  const px = new Float64Array(width * height * 3);
  let state = { alpha: 1, dx: 0, clip: null as Rect | null };
  const stack: (typeof state)[] = [];
  let path: Rect[] = [];
  const inside = (r: Rect, x: number, y: number) =>
    x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
  const paint = (test: (x: number, y: number) => boolean, rgb: RGB, alpha = state.alpha) => {
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const cx = x + 0.5;
        const cy = y + 0.5;
        if (state.clip && !inside(state.clip, cx, cy)) continue;
        if (!test(cx - state.dx, cy)) continue;
        for (let c = 0; c < 3; c++)
          px[(y * width + x) * 3 + c] =
            px[(y * width + x) * 3 + c]! * (1 - alpha) + rgb[c]! * alpha;
      }
  };
  const ctx = {
    fillStyle: '#000000',
    font: '',
    textAlign: 'center',
    textBaseline: 'middle',
    imageSmoothingEnabled: true,
    imageSmoothingQuality: 'high',
    globalCompositeOperation: 'source-over',
    get globalAlpha() {
      return state.alpha;
    },
    set globalAlpha(a: number) {
      state.alpha = a;
    },
    save: () => stack.push({ ...state }),
    restore: () => void (state = stack.pop() ?? state),
    setTransform: () => void (state.dx = 0),
    translate: (x: number) => void (state.dx += x),
    clearRect: (x: number, y: number, w: number, h: number) =>
      paint((cx, cy) => inside({ x, y, w, h }, cx, cy), [0, 0, 0], 1),
    fillRect: (x: number, y: number, w: number, h: number) =>
      paint((cx, cy) => inside({ x, y, w, h }, cx, cy), parse(ctx.fillStyle)),
    beginPath: () => void (path = []),
    rect: (x: number, y: number, w: number, h: number) =>
      void path.push({ x: x + state.dx, y, w, h }),
    fill: () => {
      const rects = path;
      paint(
        (cx, cy) => rects.filter((r) => inside(r, cx + state.dx, cy)).length % 2 === 1,
        parse(ctx.fillStyle),
      );
    },
    clip: () => void (state.clip = path[0]!),
    drawImage: (src: { color: string }, x: number, y: number, w: number, h: number) =>
      paint((cx, cy) => inside({ x, y, w, h }, cx, cy), parse(src.color)),
    measureText: (s: string) => ({ width: s.length * 10 }),
    fillText: () => undefined,
  };
  const pixels = () => Array.from(px, (v) => Math.round(v));
  return { ctx: ctx as unknown as CanvasRenderingContext2D, pixels };
}

const W = 16;
const H = 8;
// Red is wide (bars above and below), blue is tall (bars left and right): the bars take part in the mix.
const media: FrameSource = {
  frameFor: (item: MediaItem) =>
    item.id === 'a' ? solid(32, 8, '#ff0000') : solid(4, 8, '#0000ff'),
};
const FPS = 30;
const image = (
  id: string,
  start: number,
  duration: number,
  extra: Partial<TimelineItem> = {},
): TimelineItem =>
  ({
    id,
    type: 'image',
    settings: { url: `https://x.test/${id}.png` },
    start_time: start,
    duration,
    track: 'main',
    ...extra,
  }) as TimelineItem;
const hardCut: TimelineItem[] = [image('a', 0, 1), image('b', 1, 1)];
const withTransition = (kind: TransitionKind, frames = 10): TimelineItem[] => [
  hardCut[0]!,
  { ...hardCut[1]!, transition_in: { kind, duration: frames / FPS } },
];
const frame = (items: readonly TimelineItem[], i: number) => {
  const r = rasterContext(W, H);
  drawFrame(r.ctx, { width: W, height: H, items }, i / FPS, media);
  return r.pixels();
};
const pixel = (p: number[], x: number, y: number) => p.slice((y * W + x) * 3, (y * W + x) * 3 + 3);

const KINDS: TransitionKind[] = ['crossfade', 'dip-black', 'dip-white', 'slide-left', 'wipe-left'];

describe('transitions in drawFrame (golden frames)', () => {
  it.each(KINDS)(
    '%s: frames outside the transition equal the hard cut, frames inside differ',
    (kind) => {
      const items = withTransition(kind);
      // 10 frames centred on the cut at frame 30: frames 25..34.
      for (const i of [0, 10, 24, 35, 45, 59])
        expect(frame(items, i), `frame ${i}`).toEqual(frame(hardCut, i));
      for (const i of [26, 29, 30, 33])
        expect(frame(items, i), `frame ${i}`).not.toEqual(frame(hardCut, i));
    },
  );

  it.each(KINDS)('%s: removing the transition restores the hard cut exactly', (kind) => {
    const removed = withTransition(kind).map(
      ({ transition_in: _t, ...rest }) => rest as TimelineItem,
    );
    for (let i = 0; i < 60; i++) expect(frame(removed, i)).toEqual(frame(hardCut, i));
  });

  it('crossfade mixes whole frames, bars included', () => {
    const mid = frame(withTransition('crossfade'), 30); // progress 0.5
    // Centre: red picture and blue picture half and half. Corner: red's bar (black) over blue's bar (black).
    pixel(mid, 8, 4).forEach((v, c) => expect(v).toBeCloseTo([127.5, 0, 127.5][c]!, -0.5));
    expect(pixel(mid, 0, 0)).toEqual([0, 0, 0]);
    // Left edge, middle row: red picture and blue's black bar.
    pixel(mid, 0, 4).forEach((v, c) => expect(v).toBeCloseTo([127.5, 0, 0][c]!, -0.5));
  });

  it('dips go through the colour at the cut', () => {
    expect(pixel(frame(withTransition('dip-white'), 30), 0, 0)).toEqual([255, 255, 255]);
    expect(pixel(frame(withTransition('dip-black'), 30), 8, 4)).toEqual([0, 0, 0]);
    expect(pixel(frame(withTransition('dip-white', 11), 25), 8, 4)).not.toEqual([255, 0, 0]);
  });

  it('slide pushes the left clip out; wipe reveals the right clip from the right edge', () => {
    const slide = frame(withTransition('slide-left'), 30); // the blue picture (4 px wide, centred) has come in half way
    expect(pixel(slide, 8 + 6, 4)).toEqual([0, 0, 255]);
    expect(pixel(slide, 2, 4)).toEqual([255, 0, 0]);
    const wipe = frame(withTransition('wipe-left'), 30); // right half shows the blue clip's frame
    expect(pixel(wipe, 4, 4)).toEqual([255, 0, 0]);
    expect(pixel(wipe, 8, 4)).toEqual([0, 0, 255]);
    expect(pixel(wipe, 12, 4)).toEqual([0, 0, 0]);
  });
});

describe('transitions in the scene', () => {
  it('both clips show during the transition, each from its own source, and the runs split there', () => {
    const items = withTransition('crossfade');
    expect(activeVisualsAt(items, 29 / FPS).map((i) => i.id)).toEqual(['a', 'b']);
    expect(activeVisualsAt(items, 34 / FPS).map((i) => i.id)).toEqual(['a', 'b']);
    expect(activeVisualsAt(items, 35 / FPS).map((i) => i.id)).toEqual(['b']);
    expect(activeVisualsAt(items, 24 / FPS).map((i) => i.id)).toEqual(['a']);
    // The left clip plays on past its end; the right one starts before its in-point (never before 0).
    expect(sourceTime(items[0]!, 32 / FPS)).toBeCloseTo(32 / FPS);
    expect(sourceTime({ ...items[1]!, in_point: 2 }, 28 / FPS)).toBeCloseTo(2 - 2 / FPS);
    expect(sourceTime(items[1]!, 28 / FPS)).toBe(0);
    expect(
      frameRuns(items, FPS, 60).map((r) => [
        r.startFrame,
        r.frames,
        r.layers.map((l) => l.id).join('+'),
      ]),
    ).toEqual([
      [0, 25, 'a'],
      [25, 10, 'a+b'],
      [35, 25, 'b'],
    ]);
    expect(transitionAt(items, 25 / FPS)?.progress).toBeCloseTo(0);
    expect(transitionAt(items, 30 / FPS)?.progress).toBeCloseTo(0.5);
  });

  it('a transition with no clip touching on the left (a gap) is a hard cut', () => {
    const gap = [
      image('a', 0, 0.9),
      { ...image('b', 1, 1), transition_in: { kind: 'crossfade' as const, duration: 10 / FPS } },
    ];
    expect(activeVisualsAt(gap, 29 / FPS)).toEqual([]);
    expect(transitionAt(gap, 30 / FPS)).toBeNull();
  });
});
