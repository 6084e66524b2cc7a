import { TITLE_DEFAULTS } from '@core/constants';
import type { TimelineItem } from '@core/editor/model';
import { describe, expect, it } from 'vitest';
import { drawFrame, layoutTitle, titleScale } from './draw-frame';

// Every character 0.5 em wide: enough to check the layout arithmetic.
const measure = (line: string, font: string) => line.length * 0.5 * parseFloat(font);

describe('titles', () => {
  it.each([
    [1920, 1080, 1],
    [1080, 1080, 1],
    [1080, 1920, 1],
    [640, 360, 1 / 3],
    [320, 180, 1 / 6],
  ])('scale by the shorter side: %sx%s -> %s', (w, h, s) =>
    expect(titleScale(w, h)).toBeCloseTo(s),
  );

  it('centres the text on a box with 16 px padding at full size, in Arial', () => {
    const l = layoutTitle('New Title', 32, 1920, 1080, measure);
    expect(l.font).toBe('32px Arial');
    expect(l.box).toEqual({ x: 960 - 72 - 16, y: 540 - 16 - 16, width: 144 + 32, height: 32 + 32 });
    expect(l.lineYs).toEqual([540]);
  });

  it('shrinks padding and font with the frame, so a small preview looks like the export', () => {
    const l = layoutTitle('New Title', 32, 640, 360, measure);
    expect(l.fontPx).toBeCloseTo(32 / 3);
    expect(l.box.width).toBeCloseTo((144 + 32) / 3);
  });

  it('stacks lines and shrinks a title wider than 90% of the frame', () => {
    const two = layoutTitle('ab\ncd', 100, 1920, 1080, measure);
    expect(two.lines).toEqual(['ab', 'cd']);
    expect(two.lineYs[1]! - two.lineYs[0]!).toBeCloseTo(120);
    const wide = layoutTitle('x'.repeat(100), 100, 1920, 1080, measure);
    expect(wide.box.width - 2 * TITLE_DEFAULTS.padding).toBeCloseTo(1920 * 0.9);
  });
});

/** A 2D context that records calls. */
function recorder() {
  const calls: string[] = [];
  const ctx = new Proxy({} as Record<string, unknown>, {
    get: (target, key: string) => {
      if (key in target) return target[key];
      if (key === 'measureText') return (s: string) => ({ width: s.length * 10 });
      return (...args: unknown[]) =>
        calls.push(
          `${key}(${args.map((a) => (typeof a === 'number' ? Math.round(a) : typeof a === 'object' ? 'src' : a)).join(',')})`,
        );
    },
    set: (target, key: string, value) => {
      target[key] = value;
      if (key === 'fillStyle' || key === 'font') calls.push(`${key}=${value}`);
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

describe('drawFrame', () => {
  const items: TimelineItem[] = [
    {
      id: 'i',
      type: 'image',
      settings: { url: 'https://x.test/i.png' },
      start_time: 0,
      duration: 2,
    },
    {
      id: 't',
      type: 'title',
      settings: { text: 'Hi', fontSize: 32, color: '#ff0000' },
      start_time: 2,
      duration: 1,
    },
  ];
  const scene = { width: 320, height: 180, items };
  const square = { width: 100, height: 100 } as unknown as CanvasImageSource;

  it('paints black, then the image fitted inside the frame', () => {
    const { ctx, calls } = recorder();
    drawFrame(ctx, scene, 1, { frameFor: () => square });
    expect(calls).toContain('fillStyle=#000000');
    expect(calls).toContain('fillRect(0,0,320,180)');
    expect(calls).toContain('drawImage(src,70,0,180,180)');
  });

  it('asks the media for the clip-local time', () => {
    const asked: number[] = [];
    drawFrame(recorder().ctx, scene, 1.5, { frameFor: (_item, t) => (asked.push(t), undefined) });
    expect(asked).toEqual([1.5]);
  });

  it('paints only black while a frame is missing and after the last clip', () => {
    for (const t of [0.5, 5]) {
      const { ctx, calls } = recorder();
      drawFrame(ctx, scene, t, { frameFor: () => null });
      expect(calls.filter((c) => c.startsWith('drawImage') || c.startsWith('fillText'))).toEqual(
        [],
      );
    }
  });

  it('draws a title in its colour on the half-transparent box', () => {
    const { ctx, calls } = recorder();
    drawFrame(ctx, scene, 2.5, { frameFor: () => square });
    expect(calls).toContain(`fillStyle=${TITLE_DEFAULTS.boxColor}`);
    expect(calls).toContain('fillStyle=#ff0000');
    expect(calls.some((c) => c.startsWith('fillText(Hi,160,90'))).toBe(true);
    expect(calls.some((c) => c.startsWith('drawImage'))).toBe(false);
  });
});

describe('drawFrame on tracks', () => {
  const wide = { width: 200, height: 100 } as unknown as CanvasImageSource;
  const tall = { width: 50, height: 100 } as unknown as CanvasImageSource;
  // Stored in track order (captions first), as the editor saves them: painting must still go bottom up.
  const items: TimelineItem[] = [
    {
      id: 't',
      type: 'title',
      settings: { text: 'Hi', fontSize: 32, color: '#ff0000' },
      start_time: 0,
      duration: 2,
      track: 'caption',
    },
    {
      id: 'o',
      type: 'image',
      settings: { url: 'https://x.test/o.png' },
      start_time: 0.5,
      duration: 1,
      track: 'overlay-1',
    },
    {
      id: 'v',
      type: 'video',
      settings: { url: 'https://x.test/v.mp4' },
      start_time: 0,
      duration: 2,
      track: 'main',
      in_point: 3,
    },
  ];
  const scene = { width: 320, height: 180, items };
  const frameFor = (item: { id: string }) => (item.id === 'v' ? wide : tall);

  it('paints the main track, then the overlay over it, then the caption on top', () => {
    const { ctx, calls } = recorder();
    drawFrame(ctx, scene, 1, { frameFor });
    const painted = calls.filter((c) => c.startsWith('drawImage') || c.startsWith('fillText'));
    expect(painted).toEqual([
      'drawImage(src,0,10,320,160)',
      'drawImage(src,115,0,90,180)',
      'fillText(Hi,160,90)',
    ]);
  });

  it('without the background (an overlay layer for ffmpeg), clears to transparent and paints no black', () => {
    const { ctx, calls } = recorder();
    drawFrame(
      ctx,
      { ...scene, items: items.filter((i) => i.id !== 'v') },
      1,
      { frameFor },
      { background: false },
    );
    expect(calls[0]).toBe('save()');
    expect(calls).toContain('clearRect(0,0,320,180)');
    expect(calls).not.toContain('fillStyle=#000000');
    expect(calls.filter((c) => c.startsWith('drawImage') || c.startsWith('fillText'))).toEqual([
      'drawImage(src,115,0,90,180)',
      'fillText(Hi,160,90)',
    ]);
  });

  it('reads a trimmed clip from its in-point', () => {
    const asked: Record<string, number> = {};
    drawFrame(recorder().ctx, scene, 1.25, {
      frameFor: (item, t) => ((asked[item.id] = t), undefined),
    });
    expect(asked).toEqual({ v: 4.25, o: 0.75 });
  });
});
