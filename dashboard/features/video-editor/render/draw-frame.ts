import { TITLE_DEFAULTS } from '@core/constants';
import type { VisualItem } from '@core/editor/model';
import { isCaption } from '../model/captions';
import { drawCaption } from './draw-caption';
import { activeVisualsAt, fitContain, sourceTime, type FrameSource, type Scene } from './scene';

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
export function layoutTitle(text: string, fontSize: number, width: number, height: number, measure: (line: string, font: string) => number): TitleLayout {
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
  const box = { x: width / 2 - textWidth / 2 - pad, y: height / 2 - textHeight / 2 - pad, width: textWidth + pad * 2, height: textHeight + pad * 2 };
  const top = height / 2 - textHeight / 2;
  return { font: fontFor(fontPx), fontPx, lines, lineHeight, box, textX: width / 2, lineYs: lines.map((_, i) => top + lineHeight * (i + 0.5)) };
}

type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Intrinsic size of anything drawImage accepts (0 x 0 while an element has not loaded). */
export function sourceSize(src: CanvasImageSource): { width: number; height: number } {
  if (typeof HTMLVideoElement !== 'undefined' && src instanceof HTMLVideoElement) return { width: src.videoWidth, height: src.videoHeight };
  if (typeof HTMLImageElement !== 'undefined' && src instanceof HTMLImageElement) return { width: src.naturalWidth, height: src.naturalHeight };
  if (typeof VideoFrame !== 'undefined' && src instanceof VideoFrame) return { width: src.displayWidth, height: src.displayHeight };
  const s = src as { width?: unknown; height?: unknown };
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'object' && v && 'baseVal' in v ? Number((v as SVGAnimatedLength).baseVal.value) : 0);
  return { width: num(s.width), height: num(s.height) };
}

export function drawTitle(ctx: Ctx2D, item: Extract<VisualItem, { type: 'title' }>, width: number, height: number): void {
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
 * Paints the picture tracks at time t (seconds) on a context of scene.width x scene.height: black, then
 * every clip showing at t, the main track first and overlays and captions over it. Images and video frames are fitted inside the frame (contain, black bars);
 * titles are drawn on black. Synchronous: the caller makes sure `media` has the frame ready.
 */
export function drawFrame(ctx: Ctx2D, scene: Scene, t: number, media: FrameSource, opts: { background?: boolean } = {}): void {
  const { width, height } = scene;
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
  // Layers bottom up: the main track, then overlays, then captions.
  for (const item of activeVisualsAt(scene.items, t)) {
    if (isCaption(item)) {
      drawCaption(ctx, item, t, width, height);
      continue;
    }
    if (item.type === 'title') {
      drawTitle(ctx, item, width, height);
      continue;
    }
    const src = media.frameFor(item, sourceTime(item, t));
    if (!src) continue;
    const size = sourceSize(src);
    const r = fitContain(size.width, size.height, width, height);
    if (r.width > 0 && r.height > 0) {
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(src, r.x, r.y, r.width, r.height);
    }
  }
  ctx.restore();
}
