import { describe, expect, it } from 'vitest';
import type { TimelineItem } from '@core/editor/model';
import type { Keyframe } from '../model/keyframes';
import { drawFrame } from './draw-frame';
import { frameRuns, type FrameSource } from './scene';

// Golden frames: drawFrame painted on a tiny software 2D context (pixel centres, no smoothing) with
// translate, scale and globalAlpha, enough for keyframed position, scale and opacity.

const W = 16;
const H = 8;
const FPS = 30;

function rasterContext() {
  const px = new Float64Array(W * H);
  // Grey levels only: the pictures here are white, the background black.
  let state = { alpha: 1, sx: 1, sy: 1, dx: 0, dy: 0 };
  const stack: (typeof state)[] = [];
  const fill = (x: number, y: number, w: number, h: number, level: number) => {
    // The rect in device pixels under the current transform (no rotation in these tests).
    const x0 = state.dx + x * state.sx;
    const y0 = state.dy + y * state.sy;
    const x1 = x0 + w * state.sx;
    const y1 = y0 + h * state.sy;
    for (let py = 0; py < H; py++)
      for (let qx = 0; qx < W; qx++) {
        const cx = qx + 0.5;
        const cy = py + 0.5;
        if (cx >= x0 && cx < x1 && cy >= y0 && cy < y1)
          px[py * W + qx] = px[py * W + qx]! * (1 - state.alpha) + level * state.alpha;
      }
  };
  const ctx = {
    fillStyle: '#000000',
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
    setTransform: () => void Object.assign(state, { sx: 1, sy: 1, dx: 0, dy: 0 }),
    translate: (x: number, y: number) =>
      void Object.assign(state, { dx: state.dx + x * state.sx, dy: state.dy + y * state.sy }),
    scale: (x: number, y: number) =>
      void Object.assign(state, { sx: state.sx * x, sy: state.sy * y }),
    rotate: () => {
      throw new Error('no rotation in these tests');
    },
    fillRect: (x: number, y: number, w: number, h: number) =>
      fill(x, y, w, h, ctx.fillStyle === '#ffffff' ? 255 : 0),
    clearRect: (x: number, y: number, w: number, h: number) => fill(x, y, w, h, 0),
    drawImage: (_src: unknown, x: number, y: number, w: number, h: number) => fill(x, y, w, h, 255),
  };
  return {
    ctx: ctx as unknown as CanvasRenderingContext2D,
    pixels: () => Array.from(px, (v) => Math.round(v)),
  };
}

/** The frame a white square of `side` pixels at (x, y) and `level` makes on black. */
function expected(x: number, y: number, side: number, level: number): number[] {
  return Array.from({ length: W * H }, (_, i) => {
    const cx = (i % W) + 0.5;
    const cy = Math.floor(i / W) + 0.5;
    return cx >= x && cx < x + side && cy >= y && cy < y + side ? level : 0;
  });
}

const kf = (frame: number, value: number, easing: Keyframe['easing'] = 'linear'): Keyframe => ({
  frame,
  value,
  easing,
});
// A square picture: fitted inside the 16x8 frame it is 8x8, from x = 4.
const media: FrameSource = {
  frameFor: () => ({ width: 4, height: 4 }) as unknown as CanvasImageSource,
};
const square = (
  keyframes: TimelineItem['keyframes'],
  extra: Partial<TimelineItem> = {},
): TimelineItem[] => [
  {
    id: 'sq',
    type: 'image',
    settings: { url: 'https://x.test/sq.png' },
    start_time: 1,
    duration: 1,
    track: 'overlay-1',
    keyframes,
    ...extra,
  } as TimelineItem,
];
const frame = (items: readonly TimelineItem[], i: number) => {
  const r = rasterContext();
  drawFrame(r.ctx, { width: W, height: H, items, fps: FPS }, i / FPS, media);
  return r.pixels();
};

describe('keyframes in drawFrame (golden frames)', () => {
  // One pixel of x on a 16x8 frame is 1080 / 8 = 135 reference pixels.
  const unit = 1080 / H;

  it('draws a keyframed opacity at its keyframes and eased between them', () => {
    // Source frames 0 and 10 are timeline frames 30 and 40 (the clip starts at 1 s).
    const items = square({ opacity: [kf(0, 20), kf(10, 100, 'hold'), kf(20, 0)] });
    expect(frame(items, 30)).toEqual(expected(4, 0, 8, 51));
    expect(frame(items, 35)).toEqual(expected(4, 0, 8, 153));
    expect(frame(items, 40)).toEqual(expected(4, 0, 8, 255));
    // Held until the next keyframe, where it steps to 0.
    expect(frame(items, 49)).toEqual(expected(4, 0, 8, 255));
    expect(frame(items, 50)).toEqual(expected(4, 0, 8, 0));
  });

  it('draws a keyframed position and scale at their frames', () => {
    const items = square({
      x: [kf(0, 0), kf(10, 4 * unit)],
      y: [kf(0, 0), kf(10, -2 * unit)],
      scale: [kf(0, 100), kf(10, 50)],
    });
    expect(frame(items, 30)).toEqual(expected(4, 0, 8, 255));
    // Half way: 2 px right and 1 px up, 75% of 8 px (6 px) about the centre.
    expect(frame(items, 35)).toEqual(expected(4 + 2 + 1, 1 - 1, 6, 255));
    // At the keyframe: 4 px right, 2 px up, 4 px square about the centre (6, 2) + (4, -2).
    expect(frame(items, 40)).toEqual(expected(10, 0, 4, 255));
  });

  it('counts keyframes from the source start, so a trimmed clip keeps them at their moment', () => {
    const whole = square({ opacity: [kf(0, 0), kf(20, 100)] });
    const trimmed = square(
      { opacity: [kf(0, 0), kf(20, 100)] },
      { start_time: 1 + 10 / FPS, duration: 1 - 10 / FPS, in_point: 10 / FPS },
    );
    for (const i of [40, 45, 50]) expect(frame(trimmed, i), `frame ${i}`).toEqual(frame(whole, i));
  });

  it('draws a clip without keyframes as before', () => {
    expect(frame(square(undefined), 35)).toEqual(expected(4, 0, 8, 255));
  });

  it('gives every frame of an animated still its own run, so the export paints each one', () => {
    const runs = (items: readonly TimelineItem[]) =>
      frameRuns(items, FPS, 60).filter((r) => r.layers.length > 0).length;
    expect(runs(square(undefined))).toBe(1);
    expect(runs(square({ opacity: [kf(0, 0), kf(10, 100)] }))).toBe(30);
  });
});
