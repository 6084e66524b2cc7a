import { describe, expect, it } from 'vitest';
import { buildRenderArgs, layerTransformFilters, overlayPosition } from './ffmpeg-args';

// A video scaled, turned or faded by keyframes in the ffmpeg.wasm export: filters on its layer follow the
// values at the frame's time, and overlay centres the result where drawFrame draws it.

const line = (a: number, b: number) => [
  { t: 0, gain: a },
  { t: 1, gain: b },
];

describe('transform filters of a video layer', () => {
  it('adds nothing for a layer that only moves', () => {
    expect(
      layerTransformFilters({ x: line(0, 90), y: [{ t: 0, gain: 0 }] }, 320, 180, 'v0o0'),
    ).toBe('');
  });

  it('scales the frame-sized layer about its centre by the factor at t', () => {
    expect(layerTransformFilters({ scale: line(1, 0.5) }, 320, 180, 'v0o0')).toBe(
      ",scale=w='max(1,round(320*(1-0.5*clip((t-(0))/1,0,1))))':h='max(1,round(180*(1-0.5*clip((t-(0))/1,0,1))))':eval=frame",
    );
  });

  it('turns the layer on a square as wide as the diagonal, degrees at t in radians', () => {
    // hypot(320, 180) = 367.1: a 368 px square.
    expect(layerTransformFilters({ rotation: line(0, 90) }, 320, 180, 'v0o0')).toBe(
      ",rotate=a='(0+90*clip((t-(0))/1,0,1))*PI/180':ow=368:oh=368:fillcolor=black@0",
    );
  });

  it('scales the turned square, not the frame', () => {
    expect(
      layerTransformFilters(
        { rotation: [{ t: 0, gain: 45 }], scale: [{ t: 0, gain: 0.5 }] },
        320,
        180,
        'v0o0',
      ),
    ).toContain(
      "fillcolor=black@0,scale=w='max(1,round(368*(0.5)))':h='max(1,round(368*(0.5)))':eval=frame",
    );
  });

  it('sets the alpha factor to the opacity at T before each frame, commas escaped for sendcmd', () => {
    expect(layerTransformFilters({ opacity: line(1, 0.25) }, 320, 180, 'v0o0')).toBe(
      ",sendcmd=c='0 [expr] colorchannelmixer@v0o0a aa 1-0.75*clip((T-(0))/1\\\\,0\\\\,1)',colorchannelmixer@v0o0a=aa=1",
    );
  });
});

describe('overlay position of a scaled or turned layer', () => {
  it('centres the layer on the frame, plus its offset', () => {
    expect(overlayPosition({ kind: 'video', file: 'v.mp4', move: { scale: line(1, 0.5) } })).toBe(
      "x='(W-w)/2':y='(H-h)/2'",
    );
    expect(
      overlayPosition({
        kind: 'video',
        file: 'v.mp4',
        move: { rotation: [{ t: 0, gain: 10 }], x: [{ t: 0, gain: 45 }], y: [{ t: 0, gain: -9 }] },
      }),
    ).toBe("x='(W-w)/2+(45)':y='(H-h)/2+(-9)'");
  });

  it('lays a layer that only fades at 0:0', () => {
    expect(overlayPosition({ kind: 'video', file: 'v.mp4', move: { opacity: line(1, 0) } })).toBe(
      '0:0',
    );
  });

  it('goes into the chain of its run, before the overlay', () => {
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
          overlays: [{ kind: 'video', file: 'v.mp4', move: { scale: [{ t: 0, gain: 0.5 }] } }],
        },
      ],
      audio: [],
      output: 'out.mp4',
    });
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain(
      "setpts=N,scale=w='max(1,round(320*(0.5)))':h='max(1,round(180*(0.5)))':eval=frame[v0o0]",
    );
    expect(graph).toContain("[v0b][v0o0]overlay=x='(W-w)/2':y='(H-h)/2':eof_action=repeat");
  });
});
