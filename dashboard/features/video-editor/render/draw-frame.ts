import { TITLE_DEFAULTS, VIDEO_FPS } from '@core/constants';
import type { VisualItem } from '@core/editor/model';
import { isCaption } from '../model/captions';
import { isAnimated, transformAt } from '../model/keyframes';
import { drawCaption } from './draw-caption';
import {
  activeVisualsAt,
  fitContain,
  sourceTime,
  transitionAt,
  type FrameSource,
  type Scene,
  type Transition,
} from './scene';

// The one function that paints a frame of the timeline: the preview calls it on every animation frame,
// the export on every output frame, so what the user sees is what gets rendered.

/** Title sizes (font size, padding) are pixels of a frame whose shorter side is 1080 (every preset at full size). */
export const TITLE_REFERENCE_SIDE = 1080;

/** Pixels per title unit on a frame of width x height: 1 at 1920x1080, 1080x1080 and 1080x1920. */
export function titleScale(width: number, height: number): number {
  return Math.min(width, height) / TITLE_REFERENCE_SIDE;
}

export interface TitleLayout {
  font: string;
  fontPx: number;
  lines: string[];
  lineHeight: number;
  box: { x: number; y: number; width: number; height: number };
  /** Centre x and the middle y of each line. */
  textX: number;
  lineYs: number[];
}

/**
 * Where a title goes: lines (split on newlines) centred in the frame in Arial on a box with 16 px
 * padding. A title wider than 90% of the frame is shrunk to fit rather than cut off.
 * `measure` returns the width of a line at `fontPx`.
 */
export function layoutTitle(
  text: string,
  fontSize: number,
  width: number,
  height: number,
  measure: (line: string, font: string) => number,
): TitleLayout {
  const scale = titleScale(width, height);
  const lines = text.split(/\r?\n/);
  let fontPx = Math.max(1, fontSize * scale);
  const fontFor = (px: number) => `${px}px ${TITLE_DEFAULTS.font}`;
  let textWidth = Math.max(0, ...lines.map((l) => measure(l, fontFor(fontPx))));
  const maxWidth = width * 0.9;
  if (textWidth > maxWidth) {
    fontPx = Math.max(1, (fontPx * maxWidth) / textWidth);
    textWidth = Math.max(0, ...lines.map((l) => measure(l, fontFor(fontPx))));
  }
  const pad = TITLE_DEFAULTS.padding * scale;
  const lineHeight = lines.length > 1 ? fontPx * 1.2 : fontPx;
  const textHeight = lineHeight * lines.length;
  const box = {
    x: width / 2 - textWidth / 2 - pad,
    y: height / 2 - textHeight / 2 - pad,
    width: textWidth + pad * 2,
    height: textHeight + pad * 2,
  };
  const top = height / 2 - textHeight / 2;
  return {
    font: fontFor(fontPx),
    fontPx,
    lines,
    lineHeight,
    box,
    textX: width / 2,
    lineYs: lines.map((_, i) => top + lineHeight * (i + 0.5)),
  };
}

type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Intrinsic size of anything drawImage accepts (0 x 0 while an element has not loaded). */
export function sourceSize(src: CanvasImageSource): { width: number; height: number } {
  if (typeof HTMLVideoElement !== 'undefined' && src instanceof HTMLVideoElement)
    return { width: src.videoWidth, height: src.videoHeight };
  if (typeof HTMLImageElement !== 'undefined' && src instanceof HTMLImageElement)
    return { width: src.naturalWidth, height: src.naturalHeight };
  if (typeof VideoFrame !== 'undefined' && src instanceof VideoFrame)
    return { width: src.displayWidth, height: src.displayHeight };
  const s = src as { width?: unknown; height?: unknown };
  const num = (v: unknown) =>
    typeof v === 'number'
      ? v
      : typeof v === 'object' && v && 'baseVal' in v
        ? Number((v as SVGAnimatedLength).baseVal.value)
        : 0;
  return { width: num(s.width), height: num(s.height) };
}

export function drawTitle(
  ctx: Ctx2D,
  item: Extract<VisualItem, { type: 'title' }>,
  width: number,
  height: number,
): void {
  const { text, fontSize, color } = item.settings;
  const layout = layoutTitle(text, fontSize, width, height, (line, font) => {
    ctx.font = font;
    return ctx.measureText(line).width;
  });
  ctx.fillStyle = TITLE_DEFAULTS.boxColor;
  ctx.fillRect(layout.box.x, layout.box.y, layout.box.width, layout.box.height);
  ctx.font = layout.font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = color;
  layout.lines.forEach((line, i) => ctx.fillText(line, layout.textX, layout.lineYs[i]!));
}

/**
 * Paints one clip at time t: a title over what is below, a picture fitted inside the frame (nothing while it
 * is missing), moved, scaled about the frame's centre, turned and faded by its keyframes at t (model/keyframes.ts).
 */
function paintClip(
  ctx: Ctx2D,
  item: VisualItem,
  t: number,
  media: FrameSource,
  width: number,
  height: number,
  fps: number,
): void {
  if (!isAnimated(item)) return paintPlain(ctx, item, t, media, width, height);
  const tf = transformAt(item, t, fps);
  if (tf.opacity <= 0 || tf.scale <= 0) return;
  // x and y are pixels of a frame whose shorter side is 1080, like a title's size.
  const unit = titleScale(width, height);
  ctx.save();
  ctx.globalAlpha *= tf.opacity;
  ctx.translate(width / 2 + tf.x * unit, height / 2 + tf.y * unit);
  if (tf.rotation) ctx.rotate((tf.rotation * Math.PI) / 180);
  if (tf.scale !== 1) ctx.scale(tf.scale, tf.scale);
  ctx.translate(-width / 2, -height / 2);
  paintPlain(ctx, item, t, media, width, height);
  ctx.restore();
}

function paintPlain(
  ctx: Ctx2D,
  item: VisualItem,
  t: number,
  media: FrameSource,
  width: number,
  height: number,
): void {
  if (item.type === 'title') return drawTitle(ctx, item, width, height);
  const src = media.frameFor(item, sourceTime(item, t));
  if (!src) return;
  const size = sourceSize(src);
  const r = fitContain(size.width, size.height, width, height);
  if (r.width > 0 && r.height > 0) {
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(src, r.x, r.y, r.width, r.height);
  }
}

/** A clip's whole frame (black, then the clip): what it shows on the main track with nothing else. */
function paintFull(
  ctx: Ctx2D,
  item: VisualItem,
  t: number,
  media: FrameSource,
  width: number,
  height: number,
  fps: number,
): void {
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, 0, width, height);
  paintClip(ctx, item, t, media, width, height, fps);
}

/**
 * The two clips of a transition at progress p (0..1): crossfade mixes the right clip's frame in by p;
 * a dip fades the left clip into the colour over the first half and the colour into the right clip over
 * the second; slide pushes the left clip out to the left as the right one comes in from the right; wipe
 * reveals the right clip behind an edge moving from the right edge to the left.
 */
function paintTransition(
  ctx: Ctx2D,
  tr: Transition,
  p: number,
  t: number,
  media: FrameSource,
  width: number,
  height: number,
  fps: number,
): void {
  const { from, to } = tr;
  switch (tr.kind) {
    case 'crossfade': {
      paintFull(ctx, from, t, media, width, height, fps);
      ctx.save();
      ctx.globalAlpha = p;
      // The right clip's black (its bars, or the whole frame under a title or a missing picture) mixed in too.
      const src = to.type === 'title' ? null : media.frameFor(to, sourceTime(to, t));
      const size = src ? sourceSize(src) : { width: 0, height: 0 };
      const r = fitContain(size.width, size.height, width, height);
      ctx.fillStyle = '#000000';
      ctx.beginPath();
      ctx.rect(0, 0, width, height);
      if (r.width > 0 && r.height > 0) ctx.rect(r.x, r.y, r.width, r.height);
      ctx.fill('evenodd');
      paintClip(ctx, to, t, media, width, height, fps);
      ctx.restore();
      return;
    }
    case 'dip-black':
    case 'dip-white': {
      paintFull(ctx, p < 0.5 ? from : to, t, media, width, height, fps);
      ctx.save();
      ctx.globalAlpha = p < 0.5 ? p * 2 : (1 - p) * 2;
      ctx.fillStyle = tr.kind === 'dip-black' ? '#000000' : '#ffffff';
      ctx.fillRect(0, 0, width, height);
      ctx.restore();
      return;
    }
    case 'slide-left': {
      const dx = Math.round(p * width);
      ctx.save();
      ctx.translate(-dx, 0);
      paintClip(ctx, from, t, media, width, height, fps);
      ctx.restore();
      ctx.save();
      ctx.translate(width - dx, 0);
      paintClip(ctx, to, t, media, width, height, fps);
      ctx.restore();
      return;
    }
    case 'wipe-left': {
      paintFull(ctx, from, t, media, width, height, fps);
      const edge = Math.round((1 - p) * width);
      ctx.save();
      ctx.beginPath();
      ctx.rect(edge, 0, width - edge, height);
      ctx.clip();
      paintFull(ctx, to, t, media, width, height, fps);
      ctx.restore();
      return;
    }
  }
}

/**
 * Paints the picture tracks at time t (seconds) on a context of scene.width x scene.height: black, then
 * every clip showing at t, the main track first and overlays and captions over it. Images and video frames are fitted inside the frame (contain, black bars);
 * titles are drawn on black. During a transition (scene.ts `transitionAt`) its two main-track clips are
 * mixed by `paintTransition`. Synchronous: the caller makes sure `media` has the frame ready.
 */
export function drawFrame(
  ctx: Ctx2D,
  scene: Scene,
  t: number,
  media: FrameSource,
  opts: { background?: boolean } = {},
): void {
  const { width, height } = scene;
  const fps = scene.fps ?? VIDEO_FPS;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  // Without the black background (an overlay layer for ffmpeg): transparent where no layer draws.
  if (opts.background === false) ctx.clearRect(0, 0, width, height);
  else {
    ctx.fillStyle = '#000000';
    ctx.fillRect(0, 0, width, height);
  }
  const running = transitionAt(scene.items, t);
  // Layers bottom up: the main track, then overlays, then captions.
  for (const item of activeVisualsAt(scene.items, t)) {
    if (isCaption(item)) {
      drawCaption(ctx, item, t, width, height, scene.captionStyle);
      continue;
    }
    if (running && (item === running.transition.from || item === running.transition.to)) {
      if (item === running.transition.from)
        paintTransition(ctx, running.transition, running.progress, t, media, width, height, fps);
      continue;
    }
    paintClip(ctx, item, t, media, width, height, fps);
  }
  ctx.restore();
}
