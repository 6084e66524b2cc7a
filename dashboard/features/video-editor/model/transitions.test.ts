import { describe, expect, it } from 'vitest';
import { videoProjectContentSchema, type TimelineItem } from '@core/editor/model';
import { commit, createHistory, undo, type History } from './history';
import {
  duplicateClips,
  fromItems,
  isValid,
  moveClips,
  pasteClips,
  copyClips,
  removeClips,
  reorderInTrack,
  splitAt,
  timelineLength,
  toItems,
  trimEnd,
  trimStart,
  type Clip,
  type Timeline,
  type TrackId,
} from './tracks';
import {
  cutBefore,
  defaultTransitionFrames,
  mainCuts,
  normalizeTransitions,
  setTransition,
} from './transitions';

const FPS = 30;
const clip = (
  id: string,
  start: number,
  length: number,
  track: TrackId = 'main',
  transition?: { kind: 'crossfade' | 'wipe-left'; frames: number },
): Clip => ({
  id,
  track,
  start,
  length,
  in: 0,
  item: {
    id,
    type: 'image',
    settings: { url: `https://example.test/${id}.png` },
    start_time: 0,
    duration: 1,
    ...(transition && {
      transition_in: { kind: transition.kind, duration: transition.frames / FPS },
    }),
  } as TimelineItem,
});
const tl = (...clips: Clip[]): Timeline => ({ fps: FPS, clips });
const transitionOf = (t: Timeline, id: string) =>
  t.clips.find((c) => c.id === id)?.item.transition_in;
const framesOf = (t: Timeline, id: string) => {
  const tr = transitionOf(t, id);
  return tr ? { kind: tr.kind, frames: Math.round(tr.duration * FPS) } : undefined;
};
let n = 0;
const newId = () => `new${++n}`;

describe('setTransition', () => {
  const base = tl(
    clip('a', 0, 30),
    clip('b', 30, 60),
    clip('c', 100, 30),
    clip('o', 30, 30, 'overlay-1'),
  );
  it.each([
    [
      'adds a crossfade on the cut before b',
      'b',
      'crossfade',
      10,
      { kind: 'crossfade', frames: 10 },
    ],
    [
      'clamps to the shorter clip (a: 30 frames)',
      'b',
      'dip-black',
      45,
      { kind: 'dip-black', frames: 30 },
    ],
    [
      'rounds to a whole frame, at least one',
      'b',
      'wipe-left',
      0.2,
      { kind: 'wipe-left', frames: 1 },
    ],
    ['does nothing on a clip after a gap', 'c', 'crossfade', 10, undefined],
    ['does nothing on the first clip', 'a', 'crossfade', 10, undefined],
    ['does nothing off the main track', 'o', 'crossfade', 10, undefined],
  ] as const)('%s', (_name, id, kind, frames, expected) => {
    const next = setTransition(base, id, kind, frames);
    expect(framesOf(next, id)).toEqual(expected);
    if (!expected) expect(next).toBe(base);
  });

  it('changes and removes it; the same setting returns the same timeline', () => {
    const one = setTransition(base, 'b', 'crossfade', 10);
    expect(setTransition(one, 'b', 'crossfade', 10)).toBe(one);
    expect(framesOf(setTransition(one, 'b', 'slide-left', 12), 'b')).toEqual({
      kind: 'slide-left',
      frames: 12,
    });
    const none = setTransition(one, 'b', null, 0);
    expect(transitionOf(none, 'b')).toBeUndefined();
    expect(toItems(none)).toEqual(toItems(base));
    expect(setTransition(base, 'b', null, 0)).toBe(base);
  });

  it('is one undo step back to the identical project', () => {
    const h = commit(createHistory({ items: toItems(base) }), {
      items: toItems(setTransition(base, 'b', 'dip-white', 8)),
    });
    expect(JSON.stringify(undo(h).present.items)).toBe(JSON.stringify(toItems(base)));
  });
});

describe('edits keep transitions on cuts', () => {
  const start = tl(
    clip('a', 0, 30),
    clip('b', 30, 20, 'main', { kind: 'crossfade', frames: 10 }),
    clip('c', 50, 30, 'main', { kind: 'wipe-left', frames: 6 }),
  );
  it.each<
    [
      string,
      (t: Timeline) => Timeline,
      Record<string, { kind: string; frames: number } | undefined>,
    ]
  >([
    [
      'moving b away drops both of its cuts',
      (t) => moveClips(removeClips(t, ['c']), ['b'], 5),
      { b: undefined },
    ],
    [
      'deleting a drops the transition into b',
      (t) => removeClips(t, ['a']),
      { b: undefined, c: { kind: 'wipe-left', frames: 6 } },
    ],
    [
      'ripple delete of b makes a new cut a|c, which stays a hard cut',
      (t) => removeClips(t, ['b'], { ripple: true }),
      { c: undefined },
    ],
    [
      'trimming a short clamps the transition to it',
      (t) => trimStart(t, 'a', 26),
      { b: { kind: 'crossfade', frames: 4 } },
    ],
    [
      'trimming b with ripple clamps both of its cuts',
      (t) => trimEnd(t, 'b', 35, { ripple: true }),
      { b: { kind: 'crossfade', frames: 5 }, c: { kind: 'wipe-left', frames: 5 } },
    ],
    [
      'trimming the end of a opens a gap and drops it',
      (t) => trimEnd(t, 'a', 20),
      { b: undefined },
    ],
  ])('%s', (_name, op, expected) => {
    const next = op(start);
    for (const [id, t] of Object.entries(expected)) expect(framesOf(next, id)).toEqual(t);
  });

  it('a split keeps both cuts of the clip and the new cut inside it is a hard cut', () => {
    const next = splitAt(start, 40, newId, ['b']);
    const parts = next.clips.filter((c) => c.track === 'main').sort((x, y) => x.start - y.start);
    expect(parts.map((c) => [c.start, c.length, framesOf(next, c.id)?.frames])).toEqual([
      [0, 30, undefined],
      [30, 10, 10],
      [40, 10, undefined],
      [50, 30, 6],
    ]);
  });

  it('pasted clips with a transition keep it only where they touch a clip', () => {
    const { timeline } = pasteClips(start, copyClips(start, ['b']), 200, newId);
    const pasted = timeline.clips.find((c) => c.start === 200)!;
    expect(pasted.item.transition_in).toBeUndefined();
  });
});

describe('reading and listing', () => {
  it('a project saved without transitions reads as hard cuts and writes back unchanged', () => {
    const items: TimelineItem[] = [
      {
        id: 'a',
        type: 'image',
        settings: { url: 'https://example.test/a.png' },
        start_time: 0,
        duration: 2,
      },
      {
        id: 'b',
        type: 'image',
        settings: { url: 'https://example.test/b.png' },
        start_time: 0,
        duration: 2,
      },
    ];
    const t = fromItems(items, FPS);
    expect(mainCuts(t).map((c) => [c.frame, c.transition])).toEqual([[60, undefined]]);
    expect(normalizeTransitions(t)).toBe(t);
  });

  it('stores the transition on the right clip and validates it', () => {
    const t = setTransition(tl(clip('a', 0, 30), clip('b', 30, 30)), 'b', 'dip-black', 15);
    const items = toItems(t);
    expect(items[1]).toMatchObject({
      id: 'b',
      transition_in: { kind: 'dip-black', duration: 0.5 },
    });
    const parsed = videoProjectContentSchema.parse({
      title: 'x',
      settings: {
        timelineItems: items,
        project: {
          aspectRatio: '16:9',
          resolution: { width: 1920, height: 1080 },
          fps: 30,
          format: 'mp4',
          quality: 'high',
        },
      },
    });
    expect(cutBefore(fromItems(parsed.settings.timelineItems, FPS), 'b')?.transition).toEqual({
      kind: 'dip-black',
      frames: 15,
    });
    expect(() =>
      videoProjectContentSchema.parse({
        title: 'x',
        settings: {
          timelineItems: [{ ...items[1], transition_in: { kind: 'spin', duration: 1 } }],
          project: {
            aspectRatio: '16:9',
            resolution: { width: 1920, height: 1080 },
            fps: 30,
            format: 'mp4',
            quality: 'high',
          },
        },
      }),
    ).toThrow();
  });

  it('a new transition lasts half a second within the shorter clip', () => {
    expect(defaultTransitionFrames({ left: clip('a', 0, 30), right: clip('b', 30, 90) }, FPS)).toBe(
      15,
    );
    expect(defaultTransitionFrames({ left: clip('a', 0, 4), right: clip('b', 4, 90) }, FPS)).toBe(
      4,
    );
  });
});

describe('random edits with transitions', () => {
  it('2,000 edits leave every transition on a cut, whole frames, within the shorter clip; undo restores the project', () => {
    let seed = 7;
    const r = () => (seed = (seed * 1664525 + 1013904223) % 4294967296) / 4294967296;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
    const kinds = ['crossfade', 'dip-black', 'dip-white', 'slide-left', 'wipe-left'] as const;
    let h: History<Timeline> = createHistory(
      tl(clip('a', 0, 40), clip('b', 40, 50), clip('c', 90, 30), clip('o', 0, 60, 'overlay-1')),
    );
    const start = JSON.stringify(h.present);
    let withTransitions = 0;
    for (let i = 0; i < 2000; i++) {
      const t = h.present;
      const c = pick(t.clips);
      const f = Math.floor(r() * (timelineLength(t) + 30));
      const ripple = r() < 0.5;
      let next = t;
      switch (Math.floor(r() * 9)) {
        case 0:
        case 1:
          next = setTransition(t, c.id, r() < 0.2 ? null : pick(kinds), Math.floor(r() * 60));
          break;
        case 2:
          if (t.clips.length < 30) next = splitAt(t, f, newId);
          break;
        case 3:
          next = r() < 0.5 ? trimStart(t, c.id, f, { ripple }) : trimEnd(t, c.id, f, { ripple });
          break;
        case 4:
          if (t.clips.length > 3) next = removeClips(t, [c.id], { ripple });
          break;
        case 5:
          next = moveClips(t, [c.id], Math.round((r() - 0.5) * 40));
          break;
        case 6:
          if (t.clips.length < 30) next = duplicateClips(t, [c.id], newId).timeline;
          break;
        case 7:
          next = reorderInTrack(t, c.id, pick(t.clips).id);
          break;
        default:
          if (h.past.length) h = undo(h);
          continue;
      }
      expect(isValid(next)).toBe(true);
      for (const x of next.clips) {
        const tr = x.item.transition_in;
        if (!tr) continue;
        withTransitions++;
        const cut = cutBefore(next, x.id);
        expect(cut, `edit ${i}: ${x.id} has a transition but no cut`).toBeDefined();
        const frames = tr.duration * FPS;
        expect(Math.abs(frames - Math.round(frames))).toBeLessThan(1e-6);
        expect(Math.round(frames)).toBeLessThanOrEqual(
          Math.min(cut!.left.length, cut!.right.length),
        );
      }
      h = commit(h, next, Infinity);
    }
    expect(withTransitions).toBeGreaterThan(200);
    while (h.past.length) h = undo(h);
    expect(JSON.stringify(h.present)).toBe(start);
  });
});
