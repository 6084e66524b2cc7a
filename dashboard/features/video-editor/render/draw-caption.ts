import { CAPTION_STYLE, TITLE_DEFAULTS } from '@core/constants';
import type { TranscribedWord } from '@core/jobs';
import { visibleWords, type CaptionItem } from '../model/captions';

// Caption cues as drawFrame paints them (preview and export alike): the cue's words in lines at the bottom
// of the frame on a dark box, the word being spoken at time t in the highlight colour.

type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export interface CaptionWordBox {
  text: string;
  x: number;
  y: number;
  spoken: boolean;
}

export interface CaptionLayout {
  font: string;
  box: { x: number; y: number; width: number; height: number };
  words: CaptionWordBox[];
}

/**
 * Where each word of a cue goes at time t on a width x height frame: lines of at most 90% of the width and
 * CAPTION_STYLE.maxCharsPerLine characters (wrapped word by word like the cue's text, at most
 * CAPTION_STYLE.maxLines, the font shrunk when a line would not fit),
 * centred, the last line's baseline a margin above the bottom. Sizes scale with the shorter side like titles.
 */
export function layoutCaption(words: readonly TranscribedWord[], t: number, fontSize: number, width: number, height: number, measure: (text: string, font: string) => number): CaptionLayout | null {
  if (!words.length) return null;
  const scale = Math.min(width, height) / 1080;
  const maxWidth = width * 0.9;
  let fontPx = Math.max(1, fontSize * scale);
  const fontFor = (px: number) => `bold ${px}px ${TITLE_DEFAULTS.font}`;
  const wrap = (font: string, byChars: boolean) => {
    const space = measure(' ', font);
    const lines: { words: { w: TranscribedWord; width: number }[]; width: number; chars: number }[] = [];
    for (const w of words) {
      const wWidth = measure(w.text, font);
      const line = lines[lines.length - 1];
      // A line holds what fits in the width and at most CAPTION_STYLE.maxCharsPerLine characters, as in SRT and VTT.
      if (line && line.width + space + wWidth <= maxWidth && (!byChars || line.chars + 1 + w.text.length <= CAPTION_STYLE.maxCharsPerLine)) {
        line.words.push({ w, width: wWidth });
        line.width += space + wWidth;
        line.chars += 1 + w.text.length;
      } else lines.push({ words: [{ w, width: wWidth }], width: wWidth, chars: w.text.length });
    }
    return { lines, space };
  };
  let font = fontFor(fontPx);
  let wrapped = wrap(font, true);
  // A cue longer than its lines (an edited word): wrapped by the width alone, the font shrunk below.
  const byChars = wrapped.lines.length <= CAPTION_STYLE.maxLines;
  if (!byChars) wrapped = wrap(font, false);
  // Too many lines or a word wider than the frame: shrink until it fits (a few steps at most).
  for (let i = 0; i < 8 && (wrapped.lines.length > CAPTION_STYLE.maxLines || wrapped.lines.some((l) => l.width > maxWidth)); i++) {
    fontPx *= 0.85;
    font = fontFor(fontPx);
    wrapped = wrap(font, byChars);
  }
  const lineHeight = fontPx * 1.25;
  const pad = TITLE_DEFAULTS.padding * scale;
  const bottom = height * (1 - CAPTION_STYLE.bottomMargin);
  const top = bottom - lineHeight * wrapped.lines.length;
  const widest = Math.max(...wrapped.lines.map((l) => l.width));
  const out: CaptionWordBox[] = [];
  wrapped.lines.forEach((line, li) => {
    let x = width / 2 - line.width / 2;
    const y = top + lineHeight * (li + 0.5);
    for (const { w, width: ww } of line.words) {
      out.push({ text: w.text, x, y, spoken: t >= w.start && t < w.end });
      x += ww + wrapped.space;
    }
  });
  return { font, box: { x: width / 2 - widest / 2 - pad, y: top - pad, width: widest + pad * 2, height: bottom - top + pad * 2 }, words: out };
}

/** Paints a caption cue at timeline time t (the caller checked the cue is showing). */
export function drawCaption(ctx: Ctx2D, item: CaptionItem, t: number, width: number, height: number): void {
  const layout = layoutCaption(visibleWords(item), t, item.settings.fontSize, width, height, (text, font) => {
    ctx.font = font;
    return ctx.measureText(text).width;
  });
  if (!layout) return;
  ctx.fillStyle = CAPTION_STYLE.boxColor;
  ctx.fillRect(layout.box.x, layout.box.y, layout.box.width, layout.box.height);
  ctx.font = layout.font;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const w of layout.words) {
    ctx.fillStyle = w.spoken ? CAPTION_STYLE.highlight : item.settings.color;
    ctx.fillText(w.text, w.x, w.y);
  }
}
