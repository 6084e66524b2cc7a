import { describe, expect, it } from 'vitest';
import { videoProjectContentSchema, type TimelineItem } from '@core/editor/model';
import { commit, createHistory, redo, undo, type History } from './history';
import {
  copyClips,
  dropLeft,
  dropRight,
  duplicateClips,
  formatTimecode,
  fromItems,
  insertAtFrame,
  isValid,
  moveClips,
  pasteClips,
  removeClips,
  fadeFrames,
  setFade,
  setGain,
  snap,
  snapMove,
  snapPoints,
  splitAt,
  timelineLength,
  toItems,
  trimEnd,
  trimStart,
  type Clip,
  type Timeline,
  type TrackId,
} from './tracks';

const FPS = 30;
const item = (id: string, type: TimelineItem['type'] = 'video'): TimelineItem =>
  type === 'title'
    ? {
        id,
        type,
        settings: { text: id, fontSize: 32, color: '#ffffff' },
        start_time: 0,
        duration: 1,
      }
    : type === 'audio'
      ? {
          id,
          type,
          settings: { url: `https://example.test/${id}`, volume: 1 },
          start_time: 0,
          duration: 1,
        }
      : ({
          id,
          type,
          settings: { url: `https://example.test/${id}` },
          start_time: 0,
          duration: 1,
        } as TimelineItem);
const clip = (
  id: string,
  track: TrackId,
  start: number,
  length: number,
  extra: Partial<Clip> = {},
): Clip => ({
  id,
  track,
  start,
  length,
  in: 0,
  item: item(id, track.startsWith('audio') ? 'audio' : track === 'caption' ? 'title' : 'video'),
  ...extra,
});
const tl = (...clips: Clip[]): Timeline => ({ fps: FPS, clips });
const layout = (t: Timeline) =>
  [...t.clips]
    .sort((a, b) => a.track.localeCompare(b.track) || a.start - b.start)
    .map((c) => `${c.track}:${c.id}@${c.start}+${c.length}${c.in ? `/in${c.in}` : ''}`);
const ids = () => {
  let n = 0;
  return () => `n${++n}`;
};

// A project exactly as the list editor saved it (no track, no in-point; start times back to back).
const LEGACY_PROJECT = {
  title: 'Trip to the sea',
  settings: {
    timelineItems: [
      {
        id: 'v1',
        type: 'video',
        settings: { url: 'https://example.test/waves.mp4', name: 'Waves at dawn', muted: true },
        start_time: 0,
        duration: 7.5,
      },
      {
        id: 't1',
        type: 'title',
        settings: { text: 'Hello sea', fontSize: 32, color: '#ffffff' },
        start_time: 7.5,
        duration: 3,
      },
      {
        id: 'a1',
        type: 'audio',
        settings: { url: 'https://example.test/piano.mp3', name: 'Calm piano', volume: 0.5 },
        start_time: 0,
        duration: 12.3,
      },
      {
        id: 'i1',
        type: 'image',
        settings: { url: 'https://example.test/fox.png', name: 'Red fox' },
        start_time: 10.5,
        duration: 0.1,
      },
    ],
    project: {
      aspectRatio: '9:16',
      resolution: { width: 1080, height: 1920 },
      fps: 30,
      format: 'webm',
      quality: 'low',
    },
  },
};

describe('opening a project saved by the list editor', () => {
  const parsed = videoProjectContentSchema.parse(LEGACY_PROJECT);
  const t = fromItems(parsed.settings.timelineItems, parsed.settings.project.fps);

  it('still parses, and lays its pictures back to back on the main track and its sound on Audio 1', () => {
    expect(layout(t)).toEqual([
      'audio-1:a1@0+369',
      'main:v1@0+225',
      'main:t1@225+90',
      'main:i1@315+3',
    ]);
    expect(isValid(t)).toBe(true);
  });

  it('keeps every setting of every clip (mute, volume, text, names)', () => {
    const back = toItems(t);
    for (const original of parsed.settings.timelineItems) {
      const saved = back.find((i) => i.id === original.id)!;
      expect(saved.settings).toEqual(original.settings);
      expect(saved.start_time).toBeCloseTo(original.start_time, 6);
      expect(saved.duration).toBeCloseTo(original.duration, 6);
    }
  });

  it('saves as items that name their track and read back to the same frames', () => {
    const back = toItems(t);
    expect(back.every((i) => i.track)).toBe(true);
    expect(
      videoProjectContentSchema.parse({
        title: 'x',
        settings: { timelineItems: back, project: parsed.settings.project },
      }).settings.timelineItems,
    ).toEqual(back);
    expect(fromItems(back, FPS)).toEqual({
      fps: FPS,
      clips: expect.arrayContaining(
        t.clips.map((c) =>
          expect.objectContaining({ id: c.id, track: c.track, start: c.start, length: c.length }),
        ),
      ),
    });
  });
});

describe('trimming', () => {
  const base = tl(
    clip('a', 'main', 0, 30),
    clip('b', 'main', 40, 30, { in: 10, sourceLength: 100 }),
    clip('c', 'main', 70, 30),
  );

  it('the left edge moves the in-point with it and stops at the source start', () => {
    expect(layout(trimStart(base, 'b', 45))).toContain('main:b@45+25/in15');
    expect(layout(trimStart(base, 'b', 20))).toContain('main:b@30+40');
  });

  it('the left edge stops at the previous clip and leaves at least one frame', () => {
    const t = tl(clip('a', 'main', 0, 30), clip('b', 'main', 32, 30, { in: 60 }));
    expect(layout(trimStart(t, 'b', 10))).toContain('main:b@30+32/in58');
    expect(layout(trimStart(t, 'b', 500))).toContain('main:b@61+1/in89');
  });

  it('the right edge stops at the next clip and at the source end', () => {
    expect(layout(trimEnd(base, 'a', 60))).toContain('main:a@0+40');
    const t = tl(clip('b', 'main', 0, 30, { in: 10, sourceLength: 50 }));
    expect(layout(trimEnd(t, 'b', 90))).toEqual(['main:b@0+40/in10']);
  });

  it('with ripple, trimming the right edge pushes or pulls the rest of the track', () => {
    expect(layout(trimEnd(base, 'a', 20, { ripple: true }))).toEqual([
      'main:a@0+20',
      'main:b@30+30/in10',
      'main:c@60+30',
    ]);
    expect(layout(trimEnd(base, 'a', 35, { ripple: true }))).toEqual([
      'main:a@0+35',
      'main:b@45+30/in10',
      'main:c@75+30',
    ]);
  });

  it('with ripple, trimming the left edge keeps the clip start and closes the gap after', () => {
    expect(layout(trimStart(base, 'b', 50, { ripple: true }))).toEqual([
      'main:a@0+30',
      'main:b@40+20/in20',
      'main:c@60+30',
    ]);
  });

  it('a trim that changes nothing returns the same timeline', () => {
    expect(trimStart(base, 'a', 0)).toBe(base);
    expect(trimEnd(base, 'zz', 5)).toBe(base);
  });
});

describe('split, Q and W', () => {
  const base = tl(
    clip('a', 'main', 0, 60, { in: 5 }),
    clip('o', 'overlay-1', 10, 40),
    clip('m', 'audio-1', 0, 20),
  );

  it('S splits every clip under the playhead; the right part continues the source', () => {
    expect(layout(splitAt(base, 30, ids()))).toEqual([
      'audio-1:m@0+20',
      'main:a@0+30/in5',
      'main:n1@30+30/in35',
      'overlay-1:o@10+20',
      'overlay-1:n2@30+20/in20',
    ]);
  });

  it('S with a selection splits only the selected clips', () => {
    expect(layout(splitAt(base, 30, ids(), ['o']))).toEqual([
      'audio-1:m@0+20',
      'main:a@0+60/in5',
      'overlay-1:o@10+20',
      'overlay-1:n1@30+20/in20',
    ]);
  });

  it('S on a clip edge or in a gap changes nothing', () => {
    expect(splitAt(base, 60, ids())).toBe(base);
    expect(splitAt(tl(clip('x', 'main', 10, 5)), 3, ids())).toEqual(tl(clip('x', 'main', 10, 5)));
  });

  it('Q drops the part before the playhead and closes the gap', () => {
    const t = tl(clip('a', 'main', 0, 60), clip('b', 'main', 60, 30));
    expect(layout(dropLeft(t, 20))).toEqual(['main:a@0+40/in20', 'main:b@40+30']);
  });

  it('W drops the part after the playhead and closes the gap', () => {
    const t = tl(clip('a', 'main', 0, 60), clip('b', 'main', 60, 30));
    expect(layout(dropRight(t, 20))).toEqual(['main:a@0+20', 'main:b@20+30']);
  });
});

describe('delete', () => {
  const base = tl(
    clip('a', 'main', 0, 30),
    clip('b', 'main', 30, 30),
    clip('c', 'main', 70, 30),
    clip('o', 'overlay-1', 80, 10),
  );

  it('Delete leaves a gap', () => {
    expect(layout(removeClips(base, ['b']))).toEqual([
      'main:a@0+30',
      'main:c@70+30',
      'overlay-1:o@80+10',
    ]);
  });

  it('ripple delete closes it on that track only', () => {
    expect(layout(removeClips(base, ['b'], { ripple: true }))).toEqual([
      'main:a@0+30',
      'main:c@40+30',
      'overlay-1:o@80+10',
    ]);
    expect(layout(removeClips(base, ['a', 'b'], { ripple: true }))).toEqual([
      'main:c@10+30',
      'overlay-1:o@80+10',
    ]);
  });
});

describe('moving', () => {
  const base = tl(
    clip('a', 'main', 0, 30),
    clip('b', 'main', 40, 30),
    clip('o', 'overlay-1', 0, 10),
    clip('m', 'audio-1', 0, 10),
  );

  it('moves along a track and onto another track that takes the clip', () => {
    expect(layout(moveClips(base, ['b'], 5))).toContain('main:b@45+30');
    expect(layout(moveClips(base, ['b'], -20, 'overlay-2'))).toContain('overlay-2:b@20+30');
  });

  it('refuses overlaps, negative frames and tracks that do not take the clip', () => {
    expect(moveClips(base, ['b'], -20)).toBe(base);
    expect(moveClips(base, ['a'], -1)).toBe(base);
    expect(moveClips(base, ['b'], 0, 'audio-2')).toBe(base);
    expect(moveClips(base, ['m'], 0, 'main')).toBe(base);
  });

  it('moves a multi-selection together', () => {
    expect(layout(moveClips(base, ['a', 'o'], 3))).toEqual([
      'audio-1:m@0+10',
      'main:a@3+30',
      'main:b@40+30',
      'overlay-1:o@3+10',
    ]);
  });
});

describe('snapping', () => {
  const base = tl(clip('a', 'main', 0, 30), clip('b', 'overlay-1', 100, 30));

  it('snaps to clip edges, the playhead and markers within 8 px at the current zoom', () => {
    const points = snapPoints(base, 57, [200]);
    expect(points).toEqual([0, 30, 57, 100, 130, 200]);
    // 2 px per frame: 4 frames = 8 px snaps, 5 frames = 10 px does not.
    expect(snap(34, points, 2)).toBe(30);
    expect(snap(35, points, 2)).toBe(35);
    expect(snap(196, points, 2)).toBe(200);
    // Zoomed in to 20 px per frame, one frame off is already too far.
    expect(snap(31, points, 20)).toBe(31);
  });

  it('a moved clip snaps by whichever edge is nearer a point', () => {
    const points = snapPoints(base, 0, [], ['b']);
    expect(snapMove(base, ['b'], -67, points, 2)).toBe(-70);
    expect(snapMove(base, ['b'], -96, points, 2)).toBe(-100);
  });
});

describe('copy, paste, duplicate', () => {
  const base = tl(clip('a', 'main', 0, 30), clip('o', 'overlay-1', 10, 10));

  it('pastes at the playhead on the same tracks with new ids', () => {
    const { timeline, ids: pasted } = pasteClips(base, copyClips(base, ['a', 'o']), 100, ids());
    expect(pasted).toEqual(['n1', 'n2']);
    expect(layout(timeline)).toEqual([
      'main:a@0+30',
      'main:n1@100+30',
      'overlay-1:o@10+10',
      'overlay-1:n2@110+10',
    ]);
    expect(timeline.clips.find((c) => c.id === 'n1')!.item.id).toBe('n1');
  });

  it('moves a paste that would overlap to the first place it fits', () => {
    expect(layout(pasteClips(base, copyClips(base, ['a']), 5, ids()).timeline)).toEqual([
      'main:a@0+30',
      'main:n1@30+30',
      'overlay-1:o@10+10',
    ]);
  });

  it('duplicates right after the selection', () => {
    expect(layout(duplicateClips(base, ['o'], ids()).timeline)).toContain('overlay-1:n1@20+10');
  });
});

describe('adding at the playhead', () => {
  // Audio 1 holds a 1 s sound at 0-30 and one at 70-100; a new sound or title lasts 1 s (30 frames).
  const base = tl(
    clip('m', 'main', 0, 120),
    clip('a1', 'audio-1', 0, 30),
    clip('a2', 'audio-1', 70, 30),
  );

  it.each([
    ['in a gap wide enough, at the playhead', 30, 'audio-1:new@30+30'],
    ['in the middle of a gap', 35, 'audio-1:new@35+30'],
    ['past the end of the track, at the playhead', 200, 'audio-1:new@200+30'],
    ['on a clip, right after it', 10, 'audio-1:new@30+30'],
    ['where the gap is too short, after the next clip in the way', 45, 'audio-1:new@100+30'],
  ])('puts a sound %s', (_, at, placed) => {
    const next = insertAtFrame(base, item('new', 'audio'), at);
    expect(layout(next)).toContain(placed);
    expect(isValid(next)).toBe(true);
    expect(layout(next).filter((c) => c !== placed)).toEqual(layout(base));
  });

  it('puts a title at the playhead of the track it is given', () => {
    expect(layout(insertAtFrame(base, item('t', 'title'), 45, 'caption'))).toContain(
      'caption:t@45+30',
    );
  });

  it('refuses a track that does not take the clip', () => {
    expect(insertAtFrame(base, item('t', 'title'), 45, 'audio-2')).toBe(base);
  });
});

describe('gain', () => {
  it('stores dB on clips with sound, clamped, and 0 dB as nothing', () => {
    const base = tl(clip('m', 'audio-1', 0, 10));
    expect(setGain(base, 'm', -6).clips[0]!.item.gain_db).toBe(-6);
    expect(setGain(base, 'm', -100).clips[0]!.item.gain_db).toBe(-60);
    expect('gain_db' in setGain(setGain(base, 'm', -6), 'm', 0).clips[0]!.item).toBe(false);
    expect(setGain(base, 'm', 0)).toBe(base);
  });
});

describe('fades', () => {
  it('stores whole frames as seconds on clips with sound, never past the clip or into the other fade, 0 as nothing', () => {
    const base = tl(clip('m', 'audio-1', 0, 30));
    const faded = setFade(base, 'm', 'in', 10.4);
    expect(faded.clips[0]!.item.fade_in).toBeCloseTo(10 / FPS);
    expect(fadeFrames(faded.clips[0]!, FPS)).toEqual({ in: 10, out: 0 });
    const both = setFade(faded, 'm', 'out', 100);
    expect(fadeFrames(both.clips[0]!, FPS)).toEqual({ in: 10, out: 20 });
    expect('fade_in' in setFade(both, 'm', 'in', 0).clips[0]!.item).toBe(false);
    expect(setFade(both, 'm', 'in', 10)).toBe(both);
    // Pictures without sound have none.
    const still = tl(clip('i', 'main', 0, 30, { item: item('i', 'image') }));
    expect(setFade(still, 'i', 'in', 5)).toBe(still);
  });

  it('a split keeps the fade-in on the left part and the fade-out on the right', () => {
    const base = setFade(setFade(tl(clip('m', 'audio-1', 0, 30)), 'm', 'in', 5), 'm', 'out', 6);
    const [left, right] = splitAt(base, 15, ids()).clips;
    expect(fadeFrames(left!, FPS)).toEqual({ in: 5, out: 0 });
    expect(fadeFrames(right!, FPS)).toEqual({ in: 0, out: 6 });
  });

  it('survive the round trip through stored items and the schema', () => {
    const base = setFade(setFade(tl(clip('m', 'audio-1', 0, 30)), 'm', 'in', 5), 'm', 'out', 6);
    const items = toItems(base);
    expect(() =>
      videoProjectContentSchema.parse({
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
      }),
    ).not.toThrow();
    expect(fadeFrames(fromItems(items, FPS).clips[0]!, FPS)).toEqual({ in: 5, out: 6 });
  });
});

it('formats frames as a timecode at the project rate', () => {
  expect(formatTimecode(0, 30)).toBe('00:00:00');
  expect(formatTimecode(30 * 75 + 7, 30)).toBe('01:15:07');
  expect(formatTimecode(60 * 3600, 60)).toBe('01:00:00:00');
});

describe('random edits', () => {
  // A seeded generator: the same run every time.
  function rng(seed: number) {
    return () => {
      seed = (seed * 1664525 + 1013904223) % 4294967296;
      return seed / 4294967296;
    };
  }

  it('2,000 edits keep whole frames and no overlaps, and undo back to the identical project', () => {
    const r = rng(42);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
    const newId = ids();
    const tracks: TrackId[] = ['main', 'overlay-1', 'overlay-2', 'caption', 'audio-1', 'audio-2'];
    let h: History<Timeline> = createHistory(
      tl(
        clip('a', 'main', 0, 90, { sourceLength: 300 }),
        clip('t', 'caption', 30, 60),
        clip('m', 'audio-1', 0, 120),
      ),
    );
    const start = JSON.stringify(h.present);
    let edits = 0;
    for (let i = 0; i < 2000; i++) {
      const t = h.present;
      const c = t.clips.length ? pick(t.clips) : null;
      // Splits and copies are capped so the timeline stays a realistic size.
      const grow = t.clips.length < 40;
      const f = Math.floor(r() * (timelineLength(t) + 30));
      const ripple = r() < 0.5;
      let next = t;
      switch (Math.floor(r() * 9)) {
        case 0:
          if (grow) next = splitAt(t, f, newId);
          break;
        case 1:
          if (c) next = trimStart(t, c.id, f, { ripple });
          break;
        case 2:
          if (c) next = trimEnd(t, c.id, f, { ripple });
          break;
        case 3:
          if (c && t.clips.length > 2) next = removeClips(t, [c.id], { ripple });
          break;
        case 4:
          if (c)
            next = moveClips(
              t,
              [c.id],
              Math.round((r() - 0.5) * 60),
              r() < 0.3 ? pick(tracks) : undefined,
            );
          break;
        case 5:
          if (c && grow) next = duplicateClips(t, [c.id], newId).timeline;
          break;
        case 6:
          next = r() < 0.5 ? dropLeft(t, f) : dropRight(t, f);
          break;
        case 7:
          if (h.past.length) h = undo(h);
          continue;
        default:
          if (h.future.length) h = redo(h);
          continue;
      }
      if (!isValid(next)) throw new Error(`edit ${i} broke the timeline: ${JSON.stringify(next)}`);
      if (next !== t) edits++;
      h = commit(h, next, Infinity);
    }
    expect(edits).toBeGreaterThan(500);
    while (h.past.length) h = undo(h);
    expect(JSON.stringify(h.present)).toBe(start);
  });
});
