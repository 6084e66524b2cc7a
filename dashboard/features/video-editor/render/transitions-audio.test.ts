import { describe, expect, it } from 'vitest';
import type { TimelineItem } from '@core/editor/model';
import { audioFilter, type AudioClipInput } from './ffmpeg-args';
import { soundClips, soundSpan, spanGainAt } from './scene';

// The audio side of a transition: the two clips' own sounds crossfade linearly over it, the same
// ramps in the preview (spanGainAt) and in the export (OfflineAudioContext ramps and ffmpeg afade, both
// made from soundClips).

const video = (
  id: string,
  start: number,
  duration: number,
  extra: Partial<TimelineItem> = {},
): TimelineItem =>
  ({
    id,
    type: 'video',
    settings: { url: `https://x.test/${id}.mp4` },
    start_time: start,
    duration,
    track: 'main',
    ...extra,
  }) as TimelineItem;
const all = () => true;
// A 2 s clip then a 3 s clip from 1 s into its file; a 1 s crossfade centred on the cut at 2 s.
const a = video('a', 0, 2, { source_duration: 10 });
const b = video('b', 2, 3, { in_point: 1 });
const hard = [a, b];
const faded = [a, { ...b, transition_in: { kind: 'crossfade' as const, duration: 1 } }];

describe('transition audio', () => {
  it('a hard cut plays each sound in its clip only', () => {
    expect(
      soundClips(hard, all).map((c) => [c.start_time, c.duration, c.offset, c.fadeIn, c.fadeOut]),
    ).toEqual([
      [0, 2, 0, undefined, undefined],
      [2, 3, 1, undefined, undefined],
    ]);
  });

  it('the left sound goes on half the transition and ramps out; the right starts half early and ramps in', () => {
    expect(
      soundClips(faded, all).map((c) => [c.start_time, c.duration, c.offset, c.fadeIn, c.fadeOut]),
    ).toEqual([
      [0, 2.5, 0, undefined, 1],
      [1.5, 3.5, 0.5, 1, undefined],
    ]);
  });

  it('the two gains sum to 1 across the transition (linear crossfade) and match the hard cut outside it', () => {
    const [sa, sb] = faded.map((i) => soundSpan(faded, i));
    const [ha, hb] = hard.map((i) => soundSpan(hard, i));
    for (const t of [1.5, 1.75, 2, 2.25, 2.49])
      expect(spanGainAt(sa!, t) + spanGainAt(sb!, t)).toBeCloseTo(1);
    expect([1.5, 1.75, 2, 2.25, 2.5].map((t) => spanGainAt(sa!, t))).toEqual([
      1, 0.75, 0.5, 0.25, 0,
    ]);
    for (const t of [0, 1, 1.49, 2.51, 4]) {
      expect(spanGainAt(sa!, t)).toBe(spanGainAt(ha!, t));
      expect(spanGainAt(sb!, t)).toBe(spanGainAt(hb!, t));
    }
  });

  it('without source before the in-point or after the out-point the ramps start and end at the clip edges', () => {
    const items = [
      video('a', 0, 2, { source_duration: 2 }),
      video('b', 2, 3, { transition_in: { kind: 'dip-black', duration: 1 } }),
    ];
    expect(
      soundClips(items, all).map((c) => [c.start_time, c.duration, c.offset, c.fadeIn, c.fadeOut]),
    ).toEqual([
      [0, 2, 0, undefined, 0.5],
      [2, 3, 0, 0.5, undefined],
    ]);
  });

  it('the export filter crossfades with afade over the transition', () => {
    const inputs: AudioClipInput[] = soundClips(faded, all).map((c, i) => ({
      file: `src${i}.mp4`,
      startSec: c.start_time,
      durationSec: c.duration,
      volume: c.volume,
      offsetSec: c.offset,
      fadeInSec: c.fadeIn,
      fadeOutSec: c.fadeOut,
    }));
    const f = audioFilter(inputs, 1, 5, 'aout');
    expect(f).toContain('[1:a]atrim=0:2.5,asetpts=PTS-STARTPTS,');
    expect(f).toContain('afade=t=out:st=1.5:d=1,adelay=0|0[a0]');
    expect(f).toContain('[2:a]atrim=0.5:4,asetpts=PTS-STARTPTS,');
    expect(f).toContain('afade=t=in:st=0:d=1,adelay=1500|1500[a1]');
  });
});
