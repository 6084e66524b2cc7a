import { describe, expect, it } from 'vitest';
import { atempoChain, audioFilter, overlayLayerFilter, runFilter } from './ffmpeg-args';

// Clip speed in the ffmpeg.wasm export: pictures sampled at source time in + t * speed, sound time-stretched
// with its pitch kept by atempo (0.5..2 per filter, chained beyond).

describe('atempo chain', () => {
  it.each([
    [0.25, 'atempo=0.5,atempo=0.5'],
    [0.5, 'atempo=0.5'],
    [1.5, 'atempo=1.5'],
    [2, 'atempo=2'],
    [3, 'atempo=2,atempo=1.5'],
    [4, 'atempo=2,atempo=2'],
    [0.3, 'atempo=0.5,atempo=0.6'],
    [1, ''],
    [undefined, ''],
  ])('%s -> "%s"', (speed, chain) => {
    expect(atempoChain(speed)).toBe(chain);
  });

  it('every filter in a chain stays within 0.5..2 and the product is the speed', () => {
    for (let s = 0.25; s <= 4; s += 0.05) {
      const factors = atempoChain(s)
        .split(',')
        .filter(Boolean)
        .map((p) => Number(p.split('=')[1]));
      for (const f of factors) expect(f >= 0.5 && f <= 2).toBe(true);
      expect(factors.reduce((a, b) => a * b, 1)).toBeCloseTo(s, 5);
    }
  });
});

describe('audio of a clip at another speed', () => {
  it('reads duration x speed of its file from the in-point and stretches it to the clip with atempo', () => {
    const f = audioFilter(
      [
        {
          file: 'a.mp4',
          startSec: 1,
          durationSec: 2,
          volume: 1,
          offsetSec: 0.5,
          speed: 4,
          fadeOutSec: 0.5,
        },
      ],
      1,
      3,
      'aout',
    );
    expect(f).toBe(
      '[1:a]atrim=0.5:8.5,asetpts=PTS-STARTPTS,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,atempo=2,atempo=2,volume=1,' +
        'afade=t=out:st=1.5:d=0.5,adelay=1000|1000[a0];[a0]anull,apad,atrim=0:3[aout]',
    );
    expect(
      audioFilter(
        [{ file: 'a', startSec: 0, durationSec: 4, volume: 1, speed: 0.25 }],
        0,
        4,
        'aout',
      ),
    ).toContain(
      'atrim=0:1,asetpts=PTS-STARTPTS,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,atempo=0.5,atempo=0.5,',
    );
    expect(
      audioFilter(
        [{ file: 'a', startSec: 0, durationSec: 2, volume: 1, speed: 1.5 }],
        0,
        2,
        'aout',
      ),
    ).toContain(
      'atrim=0:3,asetpts=PTS-STARTPTS,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,atempo=1.5,',
    );
  });
});

describe('pictures of a clip at another speed', () => {
  it('divides the timestamps after the seek by the speed before resampling to the frame rate', () => {
    expect(
      runFilter(
        { kind: 'video', file: 'c.mp4', frames: 30, startSec: 1, speed: 2 },
        0,
        320,
        180,
        30,
        'v0',
      ),
    ).toMatch(/^\[0:v\]trim=start=1,setpts=\(PTS-STARTPTS\)\/2,fps=30,scale=/);
    expect(
      overlayLayerFilter({ kind: 'video', file: 'c.mp4', speed: 0.5 }, 1, 320, 180, 30, 10, 'o'),
    ).toMatch(/^\[1:v\]setpts=\(PTS-STARTPTS\)\/0\.5,fps=30,/);
    expect(
      runFilter({ kind: 'video', file: 'c.mp4', frames: 30, speed: 1 }, 0, 320, 180, 30, 'v0'),
    ).toMatch(/^\[0:v\]setpts=PTS-STARTPTS,fps=30,/);
  });
});
