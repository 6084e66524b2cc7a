import { describe, expect, it } from 'vitest';
import { buildRenderArgs, overlayPosition } from './ffmpeg-args';

// A video moved by keyframes in the ffmpeg.wasm export: overlay lays it at x and y that follow its path.

describe('overlay position of a video layer', () => {
  it('is 0:0 for a still or an unmoved video', () => {
    expect(overlayPosition({ kind: 'still', file: 's.png' })).toBe('0:0');
    expect(overlayPosition({ kind: 'video', file: 'v.mp4' })).toBe('0:0');
  });

  it('follows the path as expressions of the run time, straight lines between its points', () => {
    const pos = overlayPosition({
      kind: 'video',
      file: 'v.mp4',
      move: {
        x: [
          { t: 0, gain: 0 },
          { t: 1, gain: 90 },
        ],
        y: [{ t: 0, gain: -10 }],
      },
    });
    expect(pos).toBe("x='0+90*clip((t-(0))/1,0,1)':y='-10'");
  });

  it('goes into the overlay of its run', () => {
    const args = buildRenderArgs({
      width: 320,
      height: 180,
      fps: 30,
      format: 'mp4',
      quality: 'high',
      runs: [
        {
          kind: 'still',
          file: 'black.png',
          frames: 30,
          overlays: [
            {
              kind: 'video',
              file: 'v.mp4',
              move: { x: [{ t: 0, gain: 45 }], y: [{ t: 0, gain: 0 }] },
            },
          ],
        },
      ],
      audio: [],
      output: 'out.mp4',
    });
    expect(args[args.indexOf('-filter_complex') + 1]).toContain(
      "[v0b][v0o0]overlay=x='45':y='0':eof_action=repeat,format=yuv420p[v0]",
    );
  });
});
