import type { TimelineItem } from '@core/editor/model';
import { describe, expect, it } from 'vitest';
import {
  activeVisualAt,
  audioDuration,
  fadeGainAt,
  fitContain,
  frameCount,
  frameRuns,
  frameTime,
  renderDuration,
  soundClips,
  visualDuration,
} from './scene';

const image = (id: string, start: number, duration: number): TimelineItem => ({
  id,
  type: 'image',
  settings: { url: `https://x.test/${id}.png` },
  start_time: start,
  duration,
});
const title = (id: string, start: number, duration: number): TimelineItem => ({
  id,
  type: 'title',
  settings: { text: id, fontSize: 32, color: '#ffffff' },
  start_time: start,
  duration,
});
const audio = (id: string, start: number, duration: number): TimelineItem => ({
  id,
  type: 'audio',
  settings: { url: `https://x.test/${id}.mp3`, volume: 1 },
  start_time: start,
  duration,
});

const items = [image('a', 0, 4), title('t', 4, 3), image('b', 7, 0.1), audio('m', 0, 9)];

describe('track lengths', () => {
  it('measures the visual track, the audio track and a render (the longer of the two)', () => {
    expect(visualDuration(items)).toBeCloseTo(7.1);
    expect(audioDuration(items)).toBe(9);
    expect(renderDuration(items)).toBe(9);
    expect(renderDuration([image('a', 0, 5)])).toBe(5);
    expect(renderDuration([])).toBe(0);
  });
});

describe('activeVisualAt', () => {
  it.each([
    [0, 'a'],
    [3.999, 'a'],
    [4, 't'],
    [120 / 30, 't'],
    [6.9999999, 'b'],
    [7, 'b'],
    [7.05, 'b'],
    [7.1, null],
    [8, null],
    [-1, null],
  ])('at %s s shows %s (start inclusive, end exclusive, audio ignored)', (t, id) => {
    expect(activeVisualAt(items, t)?.id ?? null).toBe(id);
  });

  it('keeps a clip starting at a tenth-of-a-second sum on the frame that lands on it', () => {
    const tenths = [image('x', 0, 0.1), image('y', 0.1, 0.2), image('z', 0.3, 1)];
    expect(activeVisualAt(tenths, 3 / 30)?.id).toBe('y');
    expect(activeVisualAt(tenths, 9 / 30)?.id).toBe('z');
  });
});

describe('frame timing', () => {
  it.each([
    [15, 30, 450],
    [0.1, 30, 3],
    [0.01, 30, 1],
    [0, 30, 0],
    [4.0166, 30, 120],
  ])('%s s at %s fps is %s frames', (d, fps, n) => expect(frameCount(d, fps)).toBe(n));

  it.each([
    [0, 0, 33_333],
    [1, 33_333, 33_334],
    [2, 66_667, 33_333],
    [30, 1_000_000, 33_333],
  ])('frame %s starts at %s µs and lasts %s µs at 30 fps (no drift)', (i, micros, dur) => {
    expect(frameTime(i, 30)).toEqual({ seconds: i / 30, micros, durationMicros: dur });
  });

  it('splits frames into runs of the same clip, with a black run after the pictures', () => {
    const runs = frameRuns(items, 30, frameCount(renderDuration(items), 30));
    expect(runs.map((r) => [r.item?.id ?? null, r.startFrame, r.frames])).toEqual([
      ['a', 0, 120],
      ['t', 120, 90],
      ['b', 210, 3],
      [null, 213, 57],
    ]);
  });
});

describe('fitContain', () => {
  it.each([
    ['same aspect fills', [1920, 1080, 1280, 720], { x: 0, y: 0, width: 1280, height: 720 }],
    [
      'square in 16:9 is pillarboxed',
      [1000, 1000, 320, 180],
      { x: 70, y: 0, width: 180, height: 180 },
    ],
    [
      '16:9 in square is letterboxed',
      [1920, 1080, 1080, 1080],
      { x: 0, y: 236.25, width: 1080, height: 607.5 },
    ],
    [
      '16:9 in 9:16 is letterboxed',
      [1280, 720, 1080, 1920],
      { x: 0, y: 656.25, width: 1080, height: 607.5 },
    ],
    ['small sources are scaled up', [160, 90, 320, 180], { x: 0, y: 0, width: 320, height: 180 }],
    ['an unloaded source draws nothing', [0, 0, 320, 180], { x: 0, y: 0, width: 0, height: 0 }],
  ] as const)('%s', (_name, [sw, sh, dw, dh], rect) => {
    expect(fitContain(sw, sh, dw, dh)).toEqual(rect);
  });
});

describe('soundClips', () => {
  const clips: TimelineItem[] = [
    {
      id: 'loud',
      type: 'video',
      settings: { url: 'https://m/loud.mp4', name: 'Loud' },
      start_time: 0,
      duration: 2,
    },
    {
      id: 'quiet',
      type: 'video',
      settings: { url: 'https://m/quiet.mp4', muted: true },
      start_time: 2,
      duration: 1,
    },
    {
      id: 'mute-file',
      type: 'video',
      settings: { url: 'https://m/silent.mp4' },
      start_time: 3,
      duration: 1,
    },
    { id: 'pic', type: 'image', settings: { url: 'https://m/a.png' }, start_time: 4, duration: 1 },
    {
      id: 'music',
      type: 'audio',
      settings: { url: 'https://m/a.mp3', volume: 0.5 },
      start_time: 0,
      duration: 4,
    },
  ];
  const hasSound = (item: { settings: { url: string } }) =>
    !item.settings.url.endsWith('silent.mp4');

  it('mixes audio clips at their volume and unmuted video clips with sound at full volume', () => {
    expect(soundClips(clips, hasSound)).toEqual([
      { url: 'https://m/loud.mp4', name: 'Loud', start_time: 0, duration: 2, offset: 0, volume: 1 },
      {
        url: 'https://m/a.mp3',
        name: undefined,
        start_time: 0,
        duration: 4,
        offset: 0,
        volume: 0.5,
      },
    ]);
  });

  it('leaves out a muted video clip and one whose file has no audio track', () => {
    const urls = soundClips(clips, hasSound).map((c) => c.url);
    expect(urls).not.toContain('https://m/quiet.mp4');
    expect(urls).not.toContain('https://m/silent.mp4');
  });
});

describe('soundClips on tracks', () => {
  const clips: TimelineItem[] = [
    {
      id: 'v',
      type: 'video',
      settings: { url: 'https://m/v.mp4' },
      start_time: 0,
      duration: 2,
      track: 'main',
      in_point: 1.5,
      gain_db: -6,
    },
    {
      id: 'm',
      type: 'audio',
      settings: { url: 'https://m/m.mp3', volume: 1 },
      start_time: 0,
      duration: 4,
      track: 'audio-1',
      gain_db: 6,
    },
    {
      id: 'n',
      type: 'audio',
      settings: { url: 'https://m/n.mp3', volume: 0.5 },
      start_time: 1,
      duration: 2,
      track: 'audio-2',
    },
  ];
  const all = () => true;

  it('starts each sound at its in-point and scales it by its dB gain', () => {
    const [v, m, n] = soundClips(clips, all);
    expect(v).toMatchObject({ offset: 1.5 });
    expect(v!.volume).toBeCloseTo(0.501, 3);
    expect(m!.volume).toBeCloseTo(1.995, 3);
    expect(n!.volume).toBe(0.5);
  });

  it('carries the fades of each clip, cut to its duration, and the preview follows the same envelope', () => {
    const faded: TimelineItem = {
      id: 'f',
      type: 'audio',
      settings: { url: 'https://m/f.mp3', volume: 1 },
      start_time: 2,
      duration: 4,
      track: 'audio-1',
      fade_in: 1,
      fade_out: 5,
    };
    expect(soundClips([faded], all)[0]).toMatchObject({ fadeIn: 1, fadeOut: 3 });
    expect(soundClips(clips, all)[0]).not.toHaveProperty('fadeIn');
    expect([2, 2.5, 3, 4.5, 6].map((t) => fadeGainAt(faded, t))).toEqual([0, 0.5, 1, 0.5, 0]);
    expect(fadeGainAt(clips[1]!, 1)).toBe(1);
  });

  it('leaves out muted tracks, and while any track is soloed every track that is not', () => {
    const ids = (mix: Parameters<typeof soundClips>[2]) =>
      soundClips(clips, all, mix).map((c) => c.url.slice(10, 11));
    expect(ids({ 'audio-1': { muted: true } })).toEqual(['v', 'n']);
    expect(ids({ 'audio-2': { solo: true } })).toEqual(['n']);
    expect(ids({ 'audio-2': { solo: true }, main: { solo: true } })).toEqual(['v', 'n']);
    expect(ids({ 'audio-2': { solo: true, muted: true } })).toEqual([]);
  });

  it('a run changes wherever the set of layers changes', () => {
    const pics: TimelineItem[] = [
      {
        id: 'a',
        type: 'image',
        settings: { url: 'https://m/a.png' },
        start_time: 0,
        duration: 2,
        track: 'main',
      },
      {
        id: 'o',
        type: 'image',
        settings: { url: 'https://m/o.png' },
        start_time: 1,
        duration: 0.5,
        track: 'overlay-1',
      },
    ];
    expect(
      frameRuns(pics, 10, 20).map((r) => [
        r.layers.map((l) => l.id).join('+'),
        r.startFrame,
        r.frames,
      ]),
    ).toEqual([
      ['a', 0, 10],
      ['a+o', 10, 5],
      ['a', 15, 5],
    ]);
  });
});
