import { describe, expect, it } from 'vitest';
import { videoProjectSchema } from '@core/data/video-project';
import { timelineItemSchema, type TimelineItem } from '@core/editor/model';
import { migrateItems } from '../atoms';
import { envelopeExpression } from '../render/ffmpeg-args';
import {
  addKeyframe,
  ease,
  envelopeGainAt,
  interpolate,
  volumeEnvelope,
  keyframeMarks,
  keyframeProps,
  removeKeyframe,
  sourceFrameAt,
  transformAt,
  updateKeyframe,
  valueAt,
  volumeGainAt,
  type Keyframe,
} from './keyframes';
import { fromItems, splitAt, toItems, trimStart, type Timeline } from './tracks';

const FPS = 30;
const kf = (
  frame: number,
  value: number,
  easing: Keyframe['easing'] = 'linear',
  bezier?: Keyframe['bezier'],
): Keyframe => ({ frame, value, easing, ...(bezier && { bezier }) });
const image = (extra: Partial<TimelineItem> = {}): TimelineItem =>
  ({
    id: 'a',
    type: 'image',
    settings: { url: 'https://x.test/a.png' },
    start_time: 1,
    duration: 2,
    track: 'main',
    ...extra,
  }) as TimelineItem;
const timeline = (...items: TimelineItem[]): Timeline => fromItems(items, FPS);

describe('interpolate', () => {
  const pair = (easing: Keyframe['easing'], bezier?: Keyframe['bezier']) => [
    kf(10, 0, easing, bezier),
    kf(20, 100),
  ];

  it('is the neutral value without keyframes and a keyframe value at its frame', () => {
    expect(interpolate(undefined, 5, 100)).toBe(100);
    expect(interpolate([], 5, 7)).toBe(7);
    for (const easing of [
      'linear',
      'ease-in',
      'ease-out',
      'ease-in-out',
      'hold',
      'bezier',
    ] as const) {
      expect(interpolate(pair(easing), 10, 50), easing).toBe(0);
      expect(interpolate(pair(easing), 20, 50), easing).toBe(100);
    }
  });

  it('holds the first value before the first keyframe and the last after the last', () => {
    expect(interpolate(pair('linear'), 0, 50)).toBe(0);
    expect(interpolate(pair('linear'), 99, 50)).toBe(100);
  });

  it('eases between keyframes by the first keyframe of the segment', () => {
    expect(interpolate(pair('linear'), 15, 0)).toBe(50);
    expect(interpolate(pair('linear'), 12, 0)).toBeCloseTo(20, 9);
    // CSS ease-in (0.42, 0, 1, 1) at half way is about 0.3154; ease-out is its mirror.
    expect(interpolate(pair('ease-in'), 15, 0)).toBeCloseTo(31.54, 1);
    expect(interpolate(pair('ease-out'), 15, 0)).toBeCloseTo(68.46, 1);
    expect(interpolate(pair('ease-in-out'), 15, 0)).toBeCloseTo(50, 6);
    expect(interpolate(pair('ease-in-out'), 12, 0)).toBeLessThan(20);
    expect(interpolate(pair('ease-in-out'), 18, 0)).toBeGreaterThan(80);
  });

  it('steps at the next keyframe on hold', () => {
    const list = [kf(0, 5, 'hold'), kf(10, 9, 'hold'), kf(20, 1)];
    expect([0, 1, 9, 9.99, 10, 15, 19, 20, 30].map((f) => interpolate(list, f, 0))).toEqual([
      5, 5, 5, 5, 9, 9, 9, 1, 1,
    ]);
  });

  it('follows a cubic Bezier with fixed endpoints', () => {
    const straight = pair('bezier', [0.25, 0.25, 0.75, 0.75]);
    expect(interpolate(straight, 15, 0)).toBeCloseTo(50, 6);
    const overshoot = pair('bezier', [0.3, 1.6, 0.7, 1.6]);
    expect(interpolate(overshoot, 10, 0)).toBe(0);
    expect(interpolate(overshoot, 20, 0)).toBe(100);
    expect(interpolate(overshoot, 16, 0)).toBeGreaterThan(100);
    expect(ease({ easing: 'bezier', bezier: [0.9, 0, 0.1, 1] }, 0)).toBe(0);
    expect(ease({ easing: 'bezier', bezier: [0.9, 0, 0.1, 1] }, 1)).toBe(1);
  });

  it('reads keyframes stored out of order', () => {
    expect(interpolate([kf(20, 100), kf(10, 0)], 15, 0)).toBe(50);
  });
});

describe('a clip’s values at timeline times', () => {
  it('counts keyframe frames from the source start (the in-point)', () => {
    const item = image({ in_point: 10 / FPS, keyframes: { opacity: [kf(10, 0), kf(40, 100)] } });
    // The clip starts at 1 s on its source frame 10.
    expect(sourceFrameAt(item, 1, FPS)).toBe(10);
    expect(valueAt(item, 'opacity', 1, FPS)).toBe(0);
    expect(valueAt(item, 'opacity', 1.5, FPS)).toBe(50);
    expect(transformAt(item, 2, FPS).opacity).toBe(1);
  });

  it('is the identity and unit gain without keyframes', () => {
    expect(transformAt(image(), 1.5, FPS)).toEqual({
      x: 0,
      y: 0,
      scale: 1,
      rotation: 0,
      opacity: 1,
    });
    expect(volumeGainAt(image(), 1.5, FPS)).toBe(1);
    const audio = {
      id: 's',
      type: 'audio',
      settings: { url: 'https://x.test/s.mp3', volume: 1 },
      start_time: 0,
      duration: 2,
      keyframes: { volume: [kf(0, 0), kf(30, -20)] },
    } as TimelineItem;
    expect(volumeGainAt(audio, 1, FPS)).toBeCloseTo(0.1, 9);
  });

  it('offers pictures the transform, sounds the volume and videos both', () => {
    expect(keyframeProps(image())).toEqual(['x', 'y', 'scale', 'rotation', 'opacity']);
    expect(
      keyframeProps({
        id: 's',
        type: 'audio',
        settings: { url: 'https://x.test/s.mp3', volume: 1 },
        start_time: 0,
        duration: 1,
      } as TimelineItem),
    ).toEqual(['volume']);
    expect(keyframeProps({ ...image(), type: 'video' } as TimelineItem)).toContain('volume');
  });
});

describe('the volume envelope of the exports', () => {
  const audio = (keyframes: TimelineItem['keyframes']) =>
    ({
      id: 's',
      type: 'audio',
      settings: { url: 'https://x.test/s.mp3', volume: 1 },
      start_time: 1,
      duration: 2,
      in_point: 0.5,
      keyframes,
    }) as TimelineItem;

  it('is none without volume keyframes', () => {
    expect(volumeEnvelope(image(), FPS)).toBeUndefined();
  });

  it('passes through every keyframe at its timeline time and follows the easing between them', () => {
    const item = audio({ volume: [kf(15, 0, 'ease-in-out'), kf(45, -20, 'hold'), kf(60, -6)] });
    const env = volumeEnvelope(item, FPS)!;
    // Source frame 15 is the clip's first frame (in-point 0.5 s), at 1 s on the timeline.
    expect(env[0]).toEqual({ t: 1, gain: 1 });
    for (const t of [1, 1.25, 1.5, 1.75, 2, 2.2, 2.49, 2.5, 3])
      expect(envelopeGainAt(env, t), `t ${t}`).toBeCloseTo(volumeGainAt(item, t, FPS), 2);
    expect(envelopeGainAt(env, 0)).toBe(1);
  });

  it('is a piecewise-linear ffmpeg expression through the same points', () => {
    const points = [
      { t: 0, gain: 1 },
      { t: 0.5, gain: 1 },
      { t: 1, gain: 0.25 },
    ];
    expect(envelopeExpression(points)).toBe('1-0.75*clip((t-(0.5))/0.5,0,1)');
  });
});

describe('keyframe edits', () => {
  const base = timeline(image());

  it('adds a keyframe holding the current value, once per frame', () => {
    const one = addKeyframe(base, 'a', 'opacity', 0);
    expect(one.clips[0]!.item.keyframes).toEqual({ opacity: [kf(0, 100)] });
    const changed = updateKeyframe(one, 'a', 'opacity', 0, { value: 0 });
    const two = addKeyframe(addKeyframe(changed, 'a', 'opacity', 30), 'a', 'opacity', 30);
    expect(two.clips[0]!.item.keyframes?.opacity).toEqual([kf(0, 0), kf(30, 0)]);
    expect(addKeyframe(two, 'a', 'opacity', 30)).toBe(two);
    // A volume keyframe on a picture is not offered.
    expect(addKeyframe(base, 'a', 'volume', 0)).toBe(base);
  });

  it('changes value (clamped) and easing, and keeps Bezier points only on Bezier', () => {
    const one = addKeyframe(base, 'a', 'opacity', 5);
    expect(
      updateKeyframe(one, 'a', 'opacity', 5, { value: 250 }).clips[0]!.item.keyframes?.opacity,
    ).toEqual([kf(5, 100)]);
    expect(updateKeyframe(one, 'a', 'opacity', 5, { value: 100 })).toBe(one);
    const bez = updateKeyframe(one, 'a', 'opacity', 5, { easing: 'bezier' });
    expect(bez.clips[0]!.item.keyframes?.opacity?.[0]).toEqual(
      kf(5, 100, 'bezier', [0.25, 0.1, 0.25, 1]),
    );
    expect(
      updateKeyframe(bez, 'a', 'opacity', 5, { easing: 'hold' }).clips[0]!.item.keyframes
        ?.opacity?.[0],
    ).toEqual(kf(5, 100, 'hold'));
  });

  it('removes a keyframe, and the keyframes field with the last one', () => {
    const one = addKeyframe(base, 'a', 'x', 3);
    const none = removeKeyframe(one, 'a', 'x', 3);
    expect(none.clips[0]!.item).toEqual(base.clips[0]!.item);
    expect(removeKeyframe(none, 'a', 'x', 3)).toBe(none);
  });

  it('keeps keyframes at their moment through a split and a trim of the left edge', () => {
    const animated = updateKeyframe(
      addKeyframe(addKeyframe(base, 'a', 'x', 0), 'a', 'x', 59),
      'a',
      'x',
      59,
      { value: 590 },
    );
    const at = (t: Timeline, time: number) => {
      const items = toItems(t);
      const item = items.find(
        (i) => i.start_time <= time + 1e-9 && time < i.start_time + i.duration,
      )!;
      return valueAt(item, 'x', time, FPS);
    };
    const split = splitAt(animated, 45, () => 'b');
    const trimmed = trimStart(animated, 'a', 40);
    for (const time of [40 / FPS, 45 / FPS, 50 / FPS, 80 / FPS]) {
      expect(at(split, time), `split ${time}`).toBeCloseTo(at(animated, time), 9);
      expect(at(trimmed, time), `trim ${time}`).toBeCloseTo(at(animated, time), 9);
    }
    // Diamonds: both keyframes on the whole clip (frames 30..89), the second only on the right part after the split.
    expect(keyframeMarks(animated.clips[0]!)).toEqual([30, 89]);
    expect(keyframeMarks(split.clips.find((c) => c.id === 'b')!)).toEqual([89]);
    expect(keyframeMarks(split.clips.find((c) => c.id === 'a')!)).toEqual([30]);
  });
});

describe('stored projects', () => {
  const saved = {
    title: 'Before keyframes',
    settings: {
      timelineItems: [
        {
          id: 'v',
          type: 'video',
          settings: { url: 'https://x.test/v.mp4' },
          start_time: 0,
          duration: 2,
          track: 'main',
          in_point: 0.5,
        },
        {
          id: 's',
          type: 'audio',
          settings: { url: 'https://x.test/s.mp3', volume: 0.8 },
          start_time: 0,
          duration: 3,
          track: 'audio-1',
          gain_db: -6,
        },
      ],
      project: {
        aspectRatio: '16:9',
        resolution: { width: 1920, height: 1080 },
        fps: 30,
        format: 'mp4',
        quality: 'high',
      },
    },
  };

  it('opens a project saved without keyframes unchanged', () => {
    const opened = videoProjectSchema.parse(saved);
    const items = migrateItems(opened.items, opened.settings.fps);
    expect(items).toEqual(saved.settings.timelineItems);
    for (const item of items) {
      expect(item).not.toHaveProperty('keyframes');
      expect(transformAt(item, 1, FPS)).toEqual({ x: 0, y: 0, scale: 1, rotation: 0, opacity: 1 });
      expect(volumeGainAt(item, 1, FPS)).toBe(1);
    }
  });

  it('keeps keyframes through a save and a reopen, and rejects values out of range', () => {
    const keyed = {
      ...saved.settings.timelineItems[0]!,
      keyframes: {
        opacity: [kf(15, 0, 'bezier', [0.1, 0.2, 0.3, 0.4]), kf(45, 100)],
        volume: [kf(15, -12, 'hold')],
      },
    };
    const opened = videoProjectSchema.parse({
      ...saved,
      settings: { ...saved.settings, timelineItems: [keyed] },
    });
    expect(migrateItems(opened.items, FPS)).toEqual([keyed]);
    expect(
      timelineItemSchema.safeParse({ ...keyed, keyframes: { opacity: [kf(0, 101)] } }).success,
    ).toBe(false);
    expect(
      timelineItemSchema.safeParse({ ...keyed, keyframes: { opacity: [kf(0.5, 10)] } }).success,
    ).toBe(false);
  });
});
