import { CAPTION_STYLE, TITLE_DEFAULTS } from '@core/constants';
import { DEFAULT_CAPTION_STYLE, type CaptionPreset, type CaptionStyle } from '@core/editor/model';
import type { TranscribedWord } from '@core/jobs';
import { visibleWords, type CaptionItem } from '../model/captions';

// Caption cues as drawFrame paints them (preview and export alike): the cue's words in lines at the
// bottom, middle or top of the frame in the caption track's style (core/editor/model.ts CaptionStyle),
// the word being spoken at time t highlighted as the style says.

/** What each preset looks like. `box` is the look captions had before styles (CAPTION_STYLE). */
export interface CaptionLook {
  /** CSS font weight of the words. */
  weight: string;
  /** Fill of the box behind the lines, or none. */
  box: string | null;
  /** Colour of the spoken word, or null for no highlight. */
  highlight: string | null;
  /** Width of the dark outline around each letter, as a fraction of the font size (0: none). */
  outline: number;
  /** The spoken word is drawn this much larger; every word gets room for it so the line never shifts. */
  spokenScale: number;
}

export const CAPTION_LOOKS: Record<CaptionPreset, CaptionLook> = {
  box: {
    weight: 'bold',
    box: CAPTION_STYLE.boxColor,
    highlight: CAPTION_STYLE.highlight,
    outline: 0,
    spokenScale: 1,
  },
  karaoke: { weight: '900', box: null, highlight: '#4ade80', outline: 0.12, spokenScale: 1.2 },
  subtitle: { weight: 'normal', box: null, highlight: null, outline: 0.08, spokenScale: 1 },
};
export const CAPTION_OUTLINE_COLOR = '#000000';
/** The font size of each size choice, as a factor of the cue's own size. */
export const CAPTION_SIZE_SCALE: Record<CaptionStyle['size'], number> = {
  small: 0.75,
  medium: 1,
  large: 1.35,
};

type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export interface CaptionWordBox {
  text: string;
  /** Left edge of the word's room on its line (the word is drawn centred in it), and its middle. */
  x: number;
  y: number;
  /** Width of the word's room: its width at the spoken size. */
  width: number;
  spoken: boolean;
}

export interface CaptionLayout {
  font: string;
  fontPx: number;
  box: { x: number; y: number; width: number; height: number };
  words: CaptionWordBox[];
}

/**
 * Where each word of a cue goes at time t on a width x height frame: lines of at most 90% of the width and
 * CAPTION_STYLE.maxCharsPerLine characters (wrapped word by word like the cue's text, at most
 * CAPTION_STYLE.maxLines, the font shrunk when a line would not fit), centred; at the bottom the last
 * line ends a margin above the frame's edge, at the top the first starts that margin below it, in the
 * middle the lines are centred. Sizes scale with the shorter side like titles, times the style's size.
 */
export function layoutCaption(
  words: readonly TranscribedWord[],
  t: number,
  fontSize: number,
  width: number,
  height: number,
  measure: (text: string, font: string) => number,
  style: CaptionStyle = DEFAULT_CAPTION_STYLE,
): CaptionLayout | null {
  if (!words.length) return null;
  const look = CAPTION_LOOKS[style.preset];
  const scale = Math.min(width, height) / 1080;
  const maxWidth = width * 0.9;
  let fontPx = Math.max(1, fontSize * CAPTION_SIZE_SCALE[style.size] * scale);
  const fontFor = (px: number) => `${look.weight} ${px}px ${TITLE_DEFAULTS.font}`;
  const wrap = (font: string, byChars: boolean) => {
    const space = measure(' ', font);
    const lines: {
      words: { w: TranscribedWord; width: number }[];
      width: number;
      chars: number;
    }[] = [];
    for (const w of words) {
      const wWidth = measure(w.text, font) * look.spokenScale;
      const line = lines[lines.length - 1];
      // A line holds what fits in the width and at most CAPTION_STYLE.maxCharsPerLine characters, as in SRT and VTT.
      if (
        line &&
        line.width + space + wWidth <= maxWidth &&
        (!byChars || line.chars + 1 + w.text.length <= CAPTION_STYLE.maxCharsPerLine)
      ) {
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
  for (
    let i = 0;
    i < 8 &&
    (wrapped.lines.length > CAPTION_STYLE.maxLines ||
      wrapped.lines.some((l) => l.width > maxWidth));
    i++
  ) {
    fontPx *= 0.85;
    font = fontFor(fontPx);
    wrapped = wrap(font, byChars);
  }
  const lineHeight = fontPx * 1.25;
  const pad = TITLE_DEFAULTS.padding * scale;
  const textHeight = lineHeight * wrapped.lines.length;
  const margin = height * CAPTION_STYLE.bottomMargin;
  const top =
    style.position === 'top'
      ? margin
      : style.position === 'middle'
        ? height / 2 - textHeight / 2
        : height - margin - textHeight;
  const bottom = top + textHeight;
  const widest = Math.max(...wrapped.lines.map((l) => l.width));
  const out: CaptionWordBox[] = [];
  wrapped.lines.forEach((line, li) => {
    let x = width / 2 - line.width / 2;
    const y = top + lineHeight * (li + 0.5);
    for (const { w, width: ww } of line.words) {
      out.push({ text: w.text, x, y, width: ww, spoken: t >= w.start && t < w.end });
      x += ww + wrapped.space;
    }
  });
  return {
    font,
    fontPx,
    box: {
      x: width / 2 - widest / 2 - pad,
      y: top - pad,
      width: widest + pad * 2,
      height: bottom - top + pad * 2,
    },
    words: out,
  };
}

/** Paints a caption cue at timeline time t in the caption track's style (the caller checked the cue is showing). */
export function drawCaption(
  ctx: Ctx2D,
  item: CaptionItem,
  t: number,
  width: number,
  height: number,
  style: CaptionStyle = DEFAULT_CAPTION_STYLE,
): void {
  const layout = layoutCaption(
    visibleWords(item),
    t,
    item.settings.fontSize,
    width,
    height,
    (text, font) => {
      ctx.font = font;
      return ctx.measureText(text).width;
    },
    style,
  );
  if (!layout) return;
  const look = CAPTION_LOOKS[style.preset];
  if (look.box) {
    ctx.fillStyle = look.box;
    ctx.fillRect(layout.box.x, layout.box.y, layout.box.width, layout.box.height);
  }
  ctx.font = layout.font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = CAPTION_OUTLINE_COLOR;
  for (const w of layout.words) {
    const highlighted = w.spoken && look.highlight !== null;
    const size = highlighted ? look.spokenScale : 1;
    ctx.save();
    ctx.translate(w.x + w.width / 2, w.y);
    if (size !== 1) ctx.scale(size, size);
    if (look.outline > 0) {
      // The stroke is centred on the letters' edges: twice the width leaves `outline` outside them.
      ctx.lineWidth = layout.fontPx * look.outline * 2;
      ctx.strokeText(w.text, 0, 0);
    }
    ctx.fillStyle = highlighted ? look.highlight! : item.settings.color;
    ctx.fillText(w.text, 0, 0);
    ctx.restore();
  }
}
