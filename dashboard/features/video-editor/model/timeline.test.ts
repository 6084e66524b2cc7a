import { describe, expect, it } from 'vitest';
import type { TimelineItem } from '@core/editor/model';
import {
  advancePlayback,
  appendClip,
  clampDuration,
  clampSeek,
  createClip,
  formatTime,
  moveClip,
  recomputeStartTimes,
  removeClip,
  reorderClip,
  setClipDuration,
  setClipMuted,
  startPlayback,
  totalDuration,
  updateTitle,
} from './timeline';

const src = (name: string) => ({ url: `https://example.test/${name}`, name });
const image = (id: string, duration = 5) => ({ ...createClip('image', id, src(id)), duration });
const video = (id: string, duration = 10) => ({ ...createClip('video', id, src(id)), duration });
const title = (id: string, duration = 3) => ({ ...createClip('title', id), duration });
const audio = (id: string, duration = 10) => createClip('audio', id, src(id), duration);

/** Builds a timeline by appending, as the editor does. */
const timeline = (...clips: TimelineItem[]) =>
  clips.reduce<TimelineItem[]>((items, c) => appendClip(items, c), []);
const layout = (items: readonly TimelineItem[]) =>
  items.map((i) => `${i.id}@${i.start_time}+${i.duration}`);

describe('createClip', () => {
  it.each([
    ['video', 10],
    ['image', 5],
    ['audio', 10],
  ] as const)('a new %s clip lasts %d s by default', (type, seconds) => {
    expect(createClip(type, 'x', src('x')).duration).toBe(seconds);
  });

  it('a new title clip says New Title in white at 32 px for 3 s', () => {
    expect(createClip('title', 't')).toEqual({
      id: 't',
      type: 'title',
      settings: { text: 'New Title', fontSize: 32, color: '#ffffff' },
      start_time: 0,
      duration: 3,
    });
  });

  it('an audio clip takes its own length, clamped to the clip range', () => {
    expect(createClip('audio', 'a', src('a'), 42.37).duration).toBe(30);
    expect(createClip('audio', 'a', src('a'), 7.26).duration).toBe(7.3);
  });

  it('a video clip takes its own length, clamped to the clip range, and 10 s only when it is unknown', () => {
    expect(createClip('video', 'v', src('v'), 8.04).duration).toBe(8);
    expect(createClip('video', 'v', src('v'), 5).duration).toBe(5);
    expect(createClip('video', 'v', src('v'), 42).duration).toBe(30);
    expect(createClip('video', 'v', src('v')).duration).toBe(10);
  });

  it('keeps only the source fields that are set (Firestore refuses undefined)', () => {
    expect(createClip('image', 'i', { url: 'https://x.test/a.png' }).settings).toEqual({
      url: 'https://x.test/a.png',
    });
  });
});

describe('appendClip', () => {
  it('starts each new clip after the sum of the durations on its track', () => {
    expect(layout(timeline(video('v'), image('i'), title('t')))).toEqual([
      'v@0+10',
      'i@10+5',
      't@15+3',
    ]);
  });

  it('puts audio on its own track from 0', () => {
    expect(layout(timeline(image('i'), audio('a', 4), title('t'), audio('b', 2)))).toEqual([
      'i@0+5',
      'a@0+4',
      't@5+3',
      'b@4+2',
    ]);
  });

  it('does not change the list it was given', () => {
    const items = timeline(image('i'));
    appendClip(items, title('t'));
    expect(items).toHaveLength(1);
  });
});

describe('reorderClip', () => {
  const items = timeline(video('a', 10), image('b', 5), title('c', 3));

  it.each([
    ['first to last', 'a', 'c', ['b@0+5', 'c@5+3', 'a@8+10']],
    ['last to first', 'c', 'a', ['c@0+3', 'a@3+10', 'b@13+5']],
    ['middle down one', 'b', 'c', ['a@0+10', 'c@10+3', 'b@13+5']],
    ['first down one', 'a', 'b', ['b@0+5', 'a@5+10', 'c@15+3']],
  ])(
    '%s: start times run back to back from 0 in the new order',
    (_name, active, over, expected) => {
      expect(layout(reorderClip(items, active, over))).toEqual(expected);
    },
  );

  it.each([
    ['no destination (null)', null],
    ['no destination (undefined)', undefined],
    ['itself', 'a'],
    ['an unknown clip', 'zz'],
  ])('a drop on %s changes nothing', (_name, over) => {
    expect(reorderClip(items, 'a', over)).toBe(items);
  });

  it('never moves a clip onto the other track', () => {
    const mixed = timeline(image('i'), audio('s'));
    expect(reorderClip(mixed, 'i', 's')).toBe(mixed);
  });
});

describe('moveClip (keyboard buttons)', () => {
  const items = timeline(image('a', 1), image('b', 2), audio('s', 4), image('c', 3));
  it.each([
    ['b', -1, ['b@0+2', 'a@2+1', 's@0+4', 'c@3+3']],
    ['b', 1, ['a@0+1', 's@0+4', 'c@1+3', 'b@4+2']],
  ] as const)('moves %s by %d within its track', (id, dir, expected) => {
    expect(layout(moveClip(items, id, dir))).toEqual(expected);
  });
  it.each([
    ['a', -1],
    ['c', 1],
    ['s', 1],
  ] as const)('leaves %s in place at the end of its track (%d)', (id, dir) => {
    expect(moveClip(items, id, dir)).toBe(items);
  });
});

describe('clampDuration', () => {
  it.each([
    [0, 0.1],
    [-4, 0.1],
    [0.04, 0.1],
    [0.1, 0.1],
    [2.35, 2.4],
    [7.26, 7.3],
    [30, 30],
    [30.05, 30],
    [120, 30],
    [Number.NaN, 0.1],
    [Number.POSITIVE_INFINITY, 0.1],
  ])('%d s becomes %d s', (input, expected) => {
    expect(clampDuration(input)).toBe(expected);
  });
});

describe('setClipDuration', () => {
  const items = timeline(image('a', 5), title('b', 3), image('c', 5));

  it('changes one clip and shifts the clips after it', () => {
    expect(layout(setClipDuration(items, 'a', 2.5))).toEqual(['a@0+2.5', 'b@2.5+3', 'c@5.5+5']);
  });

  it('clamps to 0.1-30 s', () => {
    expect(layout(setClipDuration(items, 'b', 99))).toEqual(['a@0+5', 'b@5+30', 'c@35+5']);
    expect(layout(setClipDuration(items, 'b', 0))).toEqual(['a@0+5', 'b@5+0.1', 'c@5.1+5']);
  });

  it('keeps start times exact for sums of tenths', () => {
    const tenths = timeline(image('x', 0.1), image('y', 0.2), image('z', 0.1));
    expect(tenths.map((i) => i.start_time)).toEqual([0, 0.1, 0.3]);
  });

  it('returns the same list when nothing changes', () => {
    expect(setClipDuration(items, 'a', 5)).toBe(items);
    expect(setClipDuration(items, 'nope', 4)).toBe(items);
  });
});

describe('removeClip', () => {
  it('closes the gap it leaves', () => {
    expect(layout(removeClip(timeline(image('a'), title('b'), image('c')), 'b'))).toEqual([
      'a@0+5',
      'c@5+5',
    ]);
  });
  it('ignores an unknown id', () => {
    const items = timeline(image('a'));
    expect(removeClip(items, 'x')).toBe(items);
  });
});

describe('recomputeStartTimes', () => {
  it('repairs start times loaded from anywhere', () => {
    const broken = [
      { ...image('a', 2), start_time: 9 },
      { ...title('b', 1), start_time: 0 },
    ];
    expect(layout(recomputeStartTimes(broken))).toEqual(['a@0+2', 'b@2+1']);
  });
});

describe('totalDuration', () => {
  it.each([
    ['no clips', [], 0],
    ['visual only', [image('a', 5), title('b', 3)], 8],
    ['audio longer than the pictures', [image('a', 5), audio('s', 12)], 12],
    ['tenths', [image('a', 0.1), image('b', 0.2)], 0.3],
  ])('%s: %d s', (_n, clips, expected) => {
    expect(totalDuration(timeline(...(clips as TimelineItem[])))).toBe(expected);
  });
});

describe('updateTitle', () => {
  it('changes only title clips', () => {
    const items = timeline(title('t'), image('i'));
    const next = updateTitle(items, 't', { text: 'Hello' });
    expect(next[0]).toMatchObject({ settings: { text: 'Hello', fontSize: 32, color: '#ffffff' } });
    expect(updateTitle(items, 'i', { text: 'no' })[1]).toBe(items[1]);
  });
});

describe('formatTime (mm:ss.tenths)', () => {
  it.each([
    [0, '00:00.0'],
    [0.1, '00:00.1'],
    [0.3, '00:00.3'],
    [5.99, '00:05.9'],
    [59.95, '00:59.9'],
    [60, '01:00.0'],
    [75.36, '01:15.3'],
    [3599.9, '59:59.9'],
    [6000, '100:00.0'],
    [-3, '00:00.0'],
    [Number.NaN, '00:00.0'],
  ])('%d s reads %s', (seconds, text) => {
    expect(formatTime(seconds)).toBe(text);
  });
});

describe('clampSeek', () => {
  it.each([
    [-1, 10, 0],
    [0.04, 10, 0],
    [3.26, 10, 3.3],
    [12, 10, 10],
    [Number.NaN, 10, 0],
  ])('%d within %d s is %d', (t, total, expected) => {
    expect(clampSeek(t, total)).toBe(expected);
  });
});

describe('playback', () => {
  it.each([
    ['paused stays put', { time: 2, playing: false }, 1, 10, { time: 2, playing: false }],
    [
      'playing advances by elapsed real time',
      { time: 2, playing: true },
      0.5,
      10,
      { time: 2.5, playing: true },
    ],
    [
      'reaching the end stops and returns to 0',
      { time: 9.8, playing: true },
      0.5,
      10,
      { time: 0, playing: false },
    ],
    ['exactly the end stops too', { time: 9, playing: true }, 1, 10, { time: 0, playing: false }],
    ['an empty timeline stops', { time: 0, playing: true }, 0.1, 0, { time: 0, playing: false }],
    ['time never runs backwards', { time: 3, playing: true }, -1, 10, { time: 3, playing: true }],
  ])('%s', (_n, state, elapsed, total, expected) => {
    expect(advancePlayback(state, elapsed, total)).toEqual(expected);
  });

  it.each([
    ['from the middle', { time: 4, playing: false }, 10, { time: 4, playing: true }],
    ['from the end restarts at 0', { time: 10, playing: false }, 10, { time: 0, playing: true }],
    ['with no clips does not play', { time: 0, playing: false }, 0, { time: 0, playing: false }],
  ])('play %s', (_n, state, total, expected) => {
    expect(startPlayback(state, total)).toEqual(expected);
  });
});

describe('setClipMuted', () => {
  it('mutes a video clip and unmutes it again, dropping the flag', () => {
    const items = timeline(video('v'), image('i'));
    const muted = setClipMuted(items, 'v', true);
    expect(muted[0]).toMatchObject({ type: 'video', settings: { muted: true } });
    expect(setClipMuted(muted, 'v', false)[0]!.settings).toEqual(items[0]!.settings);
  });

  it.each([
    ['an image clip', 'i', true],
    ['an audio clip', 'a', true],
    ['an unknown id', 'nope', true],
    ['a video already playing its sound', 'v', false],
  ])('leaves the timeline as it is for %s', (_what, id, muted) => {
    const items = timeline(video('v'), image('i'), audio('a'));
    expect(setClipMuted(items, id, muted)).toBe(items);
  });
});
