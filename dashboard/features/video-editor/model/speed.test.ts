import { describe, expect, it } from 'vitest';
import { videoProjectContentSchema, type TimelineItem } from '@core/editor/model';
import { captionItemsFor } from './captions';
import { commit, createHistory, redo, undo, type History } from './history';
import {
  clipSourceFrame,
  keyframeMarks,
  sourceFrameAt,
  valueAt,
  volumeEnvelope,
} from './keyframes';
import {
  clipSpeed,
  dropLeft,
  dropRight,
  fromItems,
  isValid,
  moveClips,
  removeClips,
  setSpeed,
  splitAt,
  timelineLength,
  toItems,
  trimEnd,
  trimStart,
  type Clip,
  type Timeline,
} from './tracks';
import { soundSpan, sourceTime } from '../render/scene';

// Clip speed: a clip plays `length * speed` frames of its source from its in-point; its length on the
// timeline is that span over the speed, in whole frames.

const FPS = 30;
const video = (id: string, extra: Partial<TimelineItem> = {}): TimelineItem =>
  ({
    id,
    type: 'video',
    settings: { url: `https://example.test/${id}.mp4` },
    start_time: 0,
    duration: 1,
    ...extra,
  }) as TimelineItem;
const clip = (
  id: string,
  start: number,
  length: number,
  extra: Partial<Clip> = {},
  item: Partial<TimelineItem> = {},
): Clip => ({ id, track: 'main', start, length, in: 0, item: video(id, item), ...extra });
const tl = (...clips: Clip[]): Timeline => ({ fps: FPS, clips });
const get = (t: Timeline, id: string) => t.clips.find((c) => c.id === id)!;
const ids = () => {
  let n = 0;
  return () => `n${++n}`;
};

describe('setSpeed', () => {
  it('at 2x halves the length on the timeline, keeps the in-point and pulls the rest of the track left', () => {
    const t = setSpeed(
      tl(clip('a', 0, 60, { in: 12, sourceLength: 200 }), clip('b', 60, 30), clip('c', 100, 10)),
      'a',
      2,
    );
    expect(get(t, 'a')).toMatchObject({ start: 0, length: 30, in: 12 });
    expect(get(t, 'a').item.speed).toBe(2);
    expect([get(t, 'b').start, get(t, 'c').start]).toEqual([30, 70]);
    expect(isValid(t)).toBe(true);
  });

  it('at 0.5x doubles the length and pushes the rest of the track right', () => {
    const t = setSpeed(tl(clip('a', 0, 60, { sourceLength: 200 }), clip('b', 60, 30)), 'a', 0.5);
    expect(get(t, 'a').length).toBe(120);
    expect(get(t, 'b').start).toBe(120);
  });

  it('stops at the end of the source when slowing down, and clamps to 0.25..4', () => {
    // 60 frames from in 20 of an 80-frame source: at 0.25x the span would be 240 frames, the source leaves 60 / 0.25.
    const t = setSpeed(tl(clip('a', 0, 30, { in: 20, sourceLength: 80 })), 'a', 0.1);
    expect(get(t, 'a').item.speed).toBe(0.25);
    expect(get(t, 'a').length).toBe(120);
    expect(get(setSpeed(tl(clip('a', 0, 80)), 'a', 9), 'a')).toMatchObject({
      length: 20,
      item: { speed: 4 },
    });
  });

  it('back to 1 removes the speed; a title or image has none; the same speed changes nothing', () => {
    const fast = setSpeed(tl(clip('a', 0, 60)), 'a', 2);
    const back = setSpeed(fast, 'a', 1);
    expect(get(back, 'a').length).toBe(60);
    expect('speed' in get(back, 'a').item).toBe(false);
    expect(setSpeed(fast, 'a', 2)).toBe(fast);
    const title: Clip = {
      id: 't',
      track: 'main',
      start: 0,
      length: 30,
      in: 0,
      item: {
        id: 't',
        type: 'title',
        settings: { text: 'Hi', fontSize: 32, color: '#ffffff' },
        start_time: 0,
        duration: 1,
      },
    };
    const withTitle = tl(title);
    expect(setSpeed(withTitle, 't', 2)).toBe(withTitle);
  });

  it('is one undo step', () => {
    const h0 = createHistory(tl(clip('a', 0, 60), clip('b', 60, 30)));
    const h1 = commit(h0, setSpeed(h0.present, 'a', 1.5));
    expect(get(h1.present, 'a').length).toBe(40);
    expect(undo(h1).present).toBe(h0.present);
  });
});

describe('trims and splits of a clip at another speed', () => {
  it('at 2x: a split continues the source where the left part stops (two source frames a frame)', () => {
    const t = splitAt(tl(clip('a', 0, 30, { in: 10, sourceLength: 100 }, { speed: 2 })), 10, ids());
    expect(get(t, 'a')).toMatchObject({ start: 0, length: 10, in: 10 });
    expect(get(t, 'n1')).toMatchObject({ start: 10, length: 20, in: 30 });
    expect(get(t, 'n1').item.speed).toBe(2);
    expect(isValid(t)).toBe(true);
  });

  it('at 0.5x: a split may land between two source frames and the parts still join', () => {
    const t = splitAt(tl(clip('a', 0, 60, {}, { speed: 0.5 })), 15, ids());
    expect(get(t, 'n1').in).toBe(7.5);
    expect(clipSourceFrame(get(t, 'n1'), 15)).toBe(clipSourceFrame(get(t, 'a'), 15));
    expect(isValid(t)).toBe(true);
  });

  it('at 2x: trimming the start moves the in-point two frames a frame, and the end stops at the source', () => {
    const c = clip('a', 10, 20, { in: 10, sourceLength: 100 }, { speed: 2 });
    // The left edge can go back 5 frames (10 source frames to the file's start).
    expect(get(trimStart(tl(c), 'a', 0), 'a')).toMatchObject({ start: 5, in: 0, length: 25 });
    expect(get(trimStart(tl(c), 'a', 14), 'a')).toMatchObject({ start: 14, in: 18, length: 16 });
    // 90 source frames are left after the in-point: 45 frames at 2x.
    expect(get(trimEnd(tl(c), 'a', 500), 'a').length).toBe(45);
  });

  it('at 0.5x: the end reaches twice as far and a one-frame trim moves the in-point half a frame', () => {
    const c = clip('a', 0, 20, { sourceLength: 100 }, { speed: 0.5 });
    expect(get(trimEnd(tl(c), 'a', 500), 'a').length).toBe(200);
    let t = tl(c);
    for (let i = 1; i <= 4; i++) t = trimStart(t, 'a', i);
    // Four one-frame trims are two source frames: the right edge still shows the same source frame.
    expect(get(t, 'a')).toMatchObject({ start: 4, in: 2, length: 16 });
    expect(isValid(t)).toBe(true);
  });

  it('keeps keyframes on their source frames: a 2x clip reaches keyframe 40 twice as early', () => {
    const item = video('a', {
      speed: 2,
      keyframes: {
        opacity: [
          { frame: 0, value: 0, easing: 'linear' },
          { frame: 40, value: 100, easing: 'linear' },
        ],
      },
    });
    const c: Clip = { id: 'a', track: 'main', start: 0, length: 30, in: 0, item };
    expect(keyframeMarks(c)).toEqual([0, 20]);
    const stored = toItems(tl(c))[0]!;
    expect(sourceFrameAt(stored, 20 / FPS, FPS)).toBe(40);
    expect(valueAt(stored, 'opacity', 10 / FPS, FPS)).toBe(50);
  });
});

describe('stored projects and the render kernels', () => {
  it('round-trips speed and a fractional in-point; a project without speed plays at 1', () => {
    const c = clip('a', 30, 20, { in: 7.5, sourceLength: 90 }, { speed: 1.5 });
    const items = toItems(tl(c));
    expect(items[0]).toMatchObject({
      speed: 1.5,
      in_point: 0.25,
      start_time: 1,
      source_duration: 3,
    });
    expect(
      videoProjectContentSchema.safeParse({
        title: 'x',
        settings: {
          timelineItems: items,
          project: {
            aspectRatio: '16:9',
            resolution: { width: 1920, height: 1080 },
            fps: FPS,
            format: 'mp4',
            quality: 'high',
          },
        },
      }).success,
    ).toBe(true);
    const back = fromItems(items, FPS);
    expect(back.clips[0]).toMatchObject({ start: 30, length: 20, in: 7.5, sourceLength: 90 });
    const plain = fromItems([video('p', { track: 'main', in_point: 1, duration: 2 })], FPS);
    expect(plain.clips[0]!.item.speed).toBeUndefined();
    expect(sourceTime(plain.clips[0]!.item, 1.5)).toBe(2.5);
  });

  it('sourceTime, soundSpan and the volume envelope run at the clip speed', () => {
    const item = video('a', {
      start_time: 1,
      duration: 2,
      in_point: 0.5,
      speed: 2,
      keyframes: { volume: [{ frame: 30, value: 0, easing: 'hold' }] },
    });
    expect(sourceTime(item, 2)).toBe(2.5);
    expect(soundSpan([item], item)).toEqual({ start_time: 1, duration: 2, offset: 0.5, speed: 2 });
    // Source frame 30 (1 s) is 0.25 s after the clip's start at 2x (in-point 0.5 s).
    expect(volumeEnvelope(item, FPS)![0]!.t).toBeCloseTo(1.25, 9);
  });
});

describe('captions of a clip at another speed', () => {
  it('come as fast as the clip plays its words', () => {
    const words = [
      { text: 'one', start: 2, end: 2.4 },
      { text: 'two', start: 3, end: 3.4 },
      { text: 'late', start: 9, end: 9.5 },
    ];
    // From 2 s of the file at 2x, placed at 10 s for 1 s: it plays 2 to 4 s of the file.
    let n = 0;
    const cues = captionItemsFor(
      words,
      { start_time: 10, duration: 1, in_point: 2, speed: 2 },
      FPS,
      () => `c${++n}`,
    );
    expect(cues).toHaveLength(1);
    expect(cues[0]).toMatchObject({
      start_time: 10,
      settings: {
        text: 'one two',
        words: [
          { text: 'one', start: 0, end: 0.2 },
          { text: 'two', start: 0.5, end: 0.7 },
        ],
      },
    });
  });
});

describe('random edits with speeds', () => {
  it('2,000 edits (speed, split, trim, ripple, move, undo/redo) keep whole frames within the sources, and undo back to the identical project', () => {
    let seed = 7;
    const r = () => (seed = (seed * 1664525 + 1013904223) % 4294967296) / 4294967296;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
    const newId = ids();
    const speeds = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4];
    let h: History<Timeline> = createHistory(
      tl(
        clip('a', 0, 90, { sourceLength: 400 }),
        clip('b', 90, 60, { in: 30, sourceLength: 200 }, { speed: 1.5 }),
      ),
    );
    const start = JSON.stringify(h.present);
    let edits = 0;
    for (let i = 0; i < 2000; i++) {
      const t = h.present;
      const c = pick(t.clips);
      const f = Math.floor(r() * (timelineLength(t) + 30));
      const ripple = r() < 0.5;
      let next = t;
      switch (Math.floor(r() * 8)) {
        case 0:
          next = setSpeed(t, c.id, pick(speeds));
          break;
        case 1:
          if (t.clips.length < 30) next = splitAt(t, f, newId);
          break;
        case 2:
          next = trimStart(t, c.id, f, { ripple });
          break;
        case 3:
          next = trimEnd(t, c.id, f, { ripple });
          break;
        case 4:
          next =
            r() < 0.3 && t.clips.length > 2
              ? removeClips(t, [c.id], { ripple })
              : r() < 0.5
                ? dropLeft(t, f)
                : dropRight(t, f);
          break;
        case 5:
          next = moveClips(t, [c.id], Math.round((r() - 0.5) * 60));
          break;
        case 6:
          if (h.past.length) h = undo(h);
          continue;
        default:
          if (h.future.length) h = redo(h);
          continue;
      }
      if (!isValid(next)) throw new Error(`edit ${i} broke the timeline: ${JSON.stringify(next)}`);
      // Every clip plays no more than its source from its in-point.
      for (const x of next.clips)
        expect(x.in + x.length * clipSpeed(x)).toBeLessThanOrEqual(x.sourceLength! + 1e-6);
      if (next !== t) edits++;
      h = commit(h, next, Infinity);
    }
    expect(edits).toBeGreaterThan(500);
    while (h.past.length) h = undo(h);
    expect(JSON.stringify(h.present)).toBe(start);
  });
});
