import { describe, expect, it } from 'vitest';
import { buildRenderArgs, type VideoRun } from './ffmpeg-args';

// The ffmpeg.wasm engine (mov, and where WebCodecs cannot encode) mixes a transition's two clips with
// ffmpeg's xfade; a transition split into several runs (an overlay starting inside it) stays one mix.

const plan = {
  width: 320,
  height: 180,
  fps: 30,
  format: 'mp4' as const,
  quality: 'low' as const,
  audio: [],
  output: 'out.mp4',
};
const filter = (runs: VideoRun[]) => {
  const args = buildRenderArgs({ ...plan, runs });
  return args[args.indexOf('-filter_complex') + 1]!;
};

describe('transitions in the ffmpeg engine', () => {
  it('mixes the base and the right clip with the matching xfade over the run', () => {
    const f = filter([
      {
        kind: 'video',
        file: 'a.mp4',
        frames: 10,
        startSec: 2,
        transition: {
          kind: 'wipe-left',
          frames: 10,
          intoFrames: 0,
          to: { kind: 'video', file: 'b.mp4', startSec: 0.5 },
        },
      },
    ]);
    expect(f).toContain('[0:v]trim=start=2,setpts=PTS-STARTPTS,fps=30,');
    expect(f).toContain('[1:v]trim=start=0.5,setpts=PTS-STARTPTS,fps=30,');
    expect(f).toContain(
      '[v0y0][v0y1]xfade=transition=wipeleft:duration=0.333333:offset=0,trim=start_frame=0:end_frame=10,settb=1/30,setpts=N[v0]',
    );
  });

  it('a later part of a split transition starts both clips where the transition started', () => {
    const f = filter([
      {
        kind: 'still',
        file: 'a.png',
        frames: 4,
        transition: {
          kind: 'dip-black',
          frames: 10,
          intoFrames: 0,
          to: { kind: 'still', file: 'b.png' },
        },
      },
      {
        kind: 'video',
        file: 'a.mp4',
        frames: 6,
        startSec: 1,
        transition: {
          kind: 'crossfade',
          frames: 10,
          intoFrames: 4,
          to: { kind: 'video', file: 'b.mp4', startSec: 0.5 },
        },
        overlays: [{ kind: 'still', file: 'o.png' }],
      },
    ]);
    expect(f).toContain('loop=loop=9:size=1');
    expect(f).toContain(
      'xfade=transition=fadeblack:duration=0.333333:offset=0,trim=start_frame=0:end_frame=4',
    );
    // 4 frames (0.133 s) earlier in both files; the overlay goes over the mix.
    expect(f).toContain('[2:v]trim=start=0.866667,');
    expect(f).toContain('[3:v]trim=start=0.366667,');
    expect(f).toContain(
      'xfade=transition=fade:duration=0.333333:offset=0,trim=start_frame=4:end_frame=10,settb=1/30,setpts=N[v1b]',
    );
    expect(f).toContain('[v1b][v1o0]overlay=0:0');
  });

  it('a run without a transition is built as before', () => {
    expect(filter([{ kind: 'still', file: 'a.png', frames: 3 }])).not.toContain('xfade');
  });
});
