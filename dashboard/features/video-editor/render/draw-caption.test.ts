import { CAPTION_STYLE } from '@core/constants';
import { videoProjectSchema } from '@core/data/video-project';
import type { CaptionStyle, TimelineItem } from '@core/editor/model';
import { describe, expect, it } from 'vitest';
import { CAPTION_LOOKS, CAPTION_OUTLINE_COLOR, layoutCaption } from './draw-caption';
import { drawFrame } from './draw-frame';
import { frameRuns } from './scene';

/** A 2D context that records fills: each fillText with the fill colour it was painted in. */
function recorder() {
  const painted: string[] = [];
  let fill = '';
  const ctx = new Proxy({} as Record<string, unknown>, {
    get: (target, key: string) => {
      if (key in target) return target[key];
      if (key === 'measureText') return (s: string) => ({ width: s.length * 10 });
      if (key === 'fillText') return (text: string) => painted.push(`${text}:${fill}`);
      return () => undefined;
    },
    set: (target, key: string, value) => {
      target[key] = value;
      if (key === 'fillStyle') fill = String(value);
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, painted };
}

// A cue from 2 s to 3.5 s: "Hello" spoken 2.1-2.5, "world" 2.6-3.2 (word times from the cue's first frame).
const cue: TimelineItem = {
  id: 'c',
  type: 'title',
  track: 'caption',
  start_time: 2,
  duration: 1.5,
  settings: {
    text: 'Hello world',
    fontSize: 56,
    color: '#ffffff',
    words: [
      { text: 'Hello', start: 0.1, end: 0.5 },
      { text: 'world', start: 0.6, end: 1.2 },
    ],
  },
};
const scene = (items: TimelineItem[]) => ({ width: 1920, height: 1080, items });
const paint = (items: TimelineItem[], t: number) => {
  const { ctx, painted } = recorder();
  drawFrame(ctx, scene(items), t, { frameFor: () => null });
  return painted;
};
const white = '#ffffff';
const spoken = CAPTION_STYLE.highlight;

describe('caption cues in drawFrame', () => {
  it('paints the cue while it shows, with the word being spoken highlighted', () => {
    expect(paint([cue], 2)).toEqual([`Hello:${white}`, `world:${white}`]);
    expect(paint([cue], 2.3)).toEqual([`Hello:${spoken}`, `world:${white}`]);
    expect(paint([cue], 3)).toEqual([`Hello:${white}`, `world:${spoken}`]);
    expect(paint([cue], 3.4)).toEqual([`Hello:${white}`, `world:${white}`]);
  });

  it('paints nothing before the cue starts or from the moment it ends', () => {
    for (const t of [0, 1.99, 3.5, 4]) expect(paint([cue], t)).toEqual([]);
  });

  it('after a split, each part shows only the words of its own stretch', () => {
    // The right part of a split at 2.55 s: starts there, in-point 0.55 s into the cue.
    const right: TimelineItem = {
      ...cue,
      id: 'r',
      start_time: 2.55,
      duration: 0.95,
      in_point: 0.55,
    };
    const left: TimelineItem = { ...cue, duration: 0.55 };
    expect(paint([left, right], 2.3)).toEqual([`Hello:${spoken}`]);
    expect(paint([left, right], 3)).toEqual([`world:${spoken}`]);
  });

  it('a plain title on the caption track is still drawn as a title', () => {
    const title: TimelineItem = {
      id: 't',
      type: 'title',
      track: 'caption',
      start_time: 0,
      duration: 1,
      settings: { text: 'Plain', fontSize: 32, color: '#ff0000' },
    };
    expect(paint([title], 0.5)).toEqual(['Plain:#ff0000']);
  });
});

describe('layoutCaption', () => {
  const measure = (s: string, font: string) =>
    s.length * 0.5 * parseFloat(font.replace('bold ', ''));
  const words = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ text: `word${i}`, start: i, end: i + 0.5 }));

  it('centres one line with its baseline above the bottom margin, scaled like titles', () => {
    const l = layoutCaption(words(2), 0, 56, 1920, 1080, measure)!;
    expect(l.font).toBe('bold 56px Arial');
    // Each character is half the font size wide: two words of 5 characters and a space.
    const lineWidth = 2 * 5 * 28 + 28;
    expect(l.words[0]!.x).toBeCloseTo(960 - lineWidth / 2);
    expect(l.box.y + l.box.height).toBeCloseTo(1080 * (1 - CAPTION_STYLE.bottomMargin) + 16);
    const small = layoutCaption(words(2), 0, 56, 640, 360, measure)!;
    expect(parseFloat(small.font.replace('bold ', ''))).toBeCloseTo(56 / 3);
  });

  it('wraps into lines within 90% of the width and shrinks the font rather than use more lines than allowed', () => {
    const l = layoutCaption(words(40), 0, 56, 1920, 1080, measure)!;
    const lines = new Set(l.words.map((w) => Math.round(w.y)));
    expect(lines.size).toBeLessThanOrEqual(CAPTION_STYLE.maxLines);
    expect(parseFloat(l.font.replace('bold ', ''))).toBeLessThan(56);
    expect(l.box.width).toBeLessThanOrEqual(1920 * 0.9 + 2 * 16);
  });

  it('breaks lines where the cue text does (at most CAPTION_STYLE.maxCharsPerLine characters), however wide the frame', () => {
    const text = 'Hello and welcome to the sandbox where every'
      .split(' ')
      .map((t, i) => ({ text: t, start: i, end: i + 0.5 }));
    const l = layoutCaption(text, 0, 56, 3840, 2160, measure)!;
    const lines: Record<number, string[]> = {};
    for (const w of l.words) (lines[Math.round(w.y)] ??= []).push(w.text);
    expect(Object.values(lines).map((ws) => ws.join(' '))).toEqual([
      'Hello and welcome to the sandbox',
      'where every',
    ]);
  });

  it('lays out nothing for no words', () => {
    expect(layoutCaption([], 0, 56, 1920, 1080, measure)).toBeNull();
  });
});

describe('frameRuns with captions', () => {
  it('starts a new run where the spoken word changes, so the export draws each highlight', () => {
    // At 10 fps the cue covers frames 20-34: Hello spoken 21-24, world 26-31.
    const runs = frameRuns([cue], 10, 40).map((r) => [r.startFrame, r.frames, r.layers.length]);
    expect(runs).toEqual([
      [0, 20, 0],
      [20, 1, 1],
      [21, 4, 1],
      [25, 1, 1],
      [26, 6, 1],
      [32, 3, 1],
      [35, 5, 0],
    ]);
  });
});

/** A 2D context that records what a style changes: boxes, outlines, and each word's colour and scale. */
function styleRecorder() {
  const ops: string[] = [];
  let scale = 1;
  const ctx = new Proxy({} as Record<string, unknown>, {
    get: (target, key: string) => {
      if (key in target) return target[key];
      if (key === 'measureText') return (s: string) => ({ width: s.length * 10 });
      if (key === 'fillRect') return () => ops.push(`box:${String(target.fillStyle)}`);
      if (key === 'strokeText')
        return (text: string) => ops.push(`outline:${text}:${String(target.strokeStyle)}`);
      if (key === 'fillText')
        return (text: string) =>
          ops.push(`${text}:${String(target.fillStyle)}${scale !== 1 ? `x${scale}` : ''}`);
      if (key === 'scale') return (x: number) => (scale = x);
      if (key === 'restore') return () => (scale = 1);
      return () => undefined;
    },
    set: (target, key: string, value) => {
      target[key] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, ops };
}
const paintStyled = (style: CaptionStyle | undefined, t: number) => {
  const { ctx, ops } = styleRecorder();
  drawFrame(ctx, { ...scene([cue]), ...(style && { captionStyle: style }) }, t, {
    frameFor: () => null,
  });
  // The first fill is the frame's black background.
  expect(ops[0]).toBe('box:#000000');
  return ops.slice(1);
};

describe('caption styles', () => {
  it("a project saved without a caption style opens with today's look: the dark box and the yellow word", () => {
    const saved = {
      title: 'Old',
      settings: {
        timelineItems: [cue],
        project: {
          aspectRatio: '16:9',
          resolution: { width: 1920, height: 1080 },
          fps: 25,
          format: 'mp4',
          quality: 'high',
        },
      },
    };
    const opened = videoProjectSchema.parse(saved);
    // Its settings are kept (not swapped for the defaults), without a style.
    expect(opened.settings.fps).toBe(25);
    expect(opened.settings.captionStyle).toBeUndefined();
    const ops = paintStyled(opened.settings.captionStyle, 2.3);
    expect(ops).toEqual([`box:${CAPTION_STYLE.boxColor}`, `Hello:${spoken}`, `world:${white}`]);
    expect(paintStyled({ preset: 'box', position: 'bottom', size: 'medium' }, 2.3)).toEqual(ops);
  });

  it('karaoke outlines every word, has no box, and draws the spoken word bigger in its own colour', () => {
    const look = CAPTION_LOOKS.karaoke;
    expect(paintStyled({ preset: 'karaoke', position: 'bottom', size: 'medium' }, 3)).toEqual([
      `outline:Hello:${CAPTION_OUTLINE_COLOR}`,
      `Hello:${white}`,
      `outline:world:${CAPTION_OUTLINE_COLOR}`,
      `world:${look.highlight}x${look.spokenScale}`,
    ]);
  });

  it('the plain subtitle outlines the words and highlights none', () => {
    expect(paintStyled({ preset: 'subtitle', position: 'bottom', size: 'medium' }, 3)).toEqual([
      `outline:Hello:${CAPTION_OUTLINE_COLOR}`,
      `Hello:${white}`,
      `outline:world:${CAPTION_OUTLINE_COLOR}`,
      `world:${white}`,
    ]);
  });

  it('puts the lines at the bottom, the middle or the top, at the chosen size', () => {
    const measure = (s: string, font: string) =>
      s.length * 0.5 * parseFloat(/(\d+(\.\d+)?)px/.exec(font)![1]!);
    const words = [{ text: 'Hello', start: 0, end: 1 }];
    const at = (position: CaptionStyle['position'], size: CaptionStyle['size'] = 'medium') =>
      layoutCaption(words, 0, 56, 1920, 1080, measure, { preset: 'subtitle', position, size })!;
    const margin = 1080 * CAPTION_STYLE.bottomMargin;
    // One line, 1.25 font sizes high: its middle that far from the edge, or in the middle of the frame.
    expect(at('bottom').words[0]!.y).toBeCloseTo(1080 - margin - 56 * 0.625);
    expect(at('top').words[0]!.y).toBeCloseTo(margin + 56 * 0.625);
    expect(at('middle').words[0]!.y).toBeCloseTo(540);
    expect(at('bottom', 'large').fontPx).toBeCloseTo(56 * 1.35);
    expect(at('bottom', 'small').fontPx).toBeCloseTo(56 * 0.75);
    expect(at('bottom').font).toBe('normal 56px Arial');
  });
});
