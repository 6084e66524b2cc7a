import { describe, expect, it } from 'vitest';
import {
  audioCodecArgs,
  audioFilter,
  buildAudioArgs,
  buildRenderArgs,
  parseFfmpegTime,
  runFilter,
  videoCodecArgs,
} from './ffmpeg-args';

describe('run filters', () => {
  it('loops a still (decoded once) into exactly its frames at 1/fps time base', () => {
    expect(runFilter({ kind: 'still', file: 's.png', frames: 120 }, 0, 1280, 720, 30, 'v0')).toBe(
      '[0:v]format=yuv420p,loop=loop=119:size=1:start=0,settb=1/30,setpts=N,setsar=1[v0]',
    );
  });

  it('fits a video inside the frame with black bars, holds its last frame and cuts it at the clip length', () => {
    expect(runFilter({ kind: 'video', file: 'c.mp4', frames: 45 }, 2, 320, 180, 30, 'v2')).toBe(
      '[2:v]setpts=PTS-STARTPTS,fps=30,scale=320:180:force_original_aspect_ratio=decrease,pad=320:180:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,' +
        'tpad=stop=-1:stop_mode=clone,trim=end_frame=45,settb=1/30,setpts=N[v2]',
    );
  });
});

describe('audio filter', () => {
  it('delays, trims and scales one clip and pads it to the render length', () => {
    expect(
      audioFilter([{ file: 'a.mp3', startSec: 0.5, durationSec: 1, volume: 0.8 }], 3, 4, 'aout'),
    ).toBe(
      '[3:a]atrim=0:1,asetpts=PTS-STARTPTS,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=0.8,adelay=500|500[a0];[a0]anull,apad,atrim=0:4[aout]',
    );
  });

  it('fades a clip in from its start and out to its end, in the time of the clip', () => {
    expect(
      audioFilter(
        [{ file: 'a.mp3', startSec: 2, durationSec: 4, volume: 1, fadeInSec: 0.5, fadeOutSec: 1 }],
        1,
        6,
        'aout',
      ),
    ).toContain('volume=1,afade=t=in:st=0:d=0.5,afade=t=out:st=3:d=1,adelay=2000|2000[a0]');
  });

  it('sums several clips without normalising', () => {
    const f = audioFilter(
      [
        { file: 'a', startSec: 0, durationSec: 2, volume: 1 },
        { file: 'b', startSec: 1.25, durationSec: 0.5, volume: 0.5 },
      ],
      1,
      3,
      'aout',
    );
    expect(f).toContain('[2:a]atrim=0:0.5,');
    expect(f).toContain('adelay=1250|1250[a1]');
    expect(f).toMatch(
      /\[a0\]\[a1\]amix=inputs=2:duration=longest:normalize=0,apad,atrim=0:3\[aout\]$/,
    );
  });
});

describe('codec arguments per format and quality', () => {
  it.each([
    ['mp4', 'high', ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18']],
    ['mp4', 'low', ['-crf', '28']],
    ['webm', 'medium', ['-c:v', 'libvpx', '-crf', '20', '-b:v', '1000000']],
    [
      'mov',
      'high',
      ['-c:v', 'prores_aw', '-profile:v', '3', '-vendor', 'apl0', '-pix_fmt', 'yuv422p10le'],
    ],
    ['mov', 'low', ['-profile:v', '1']],
  ] as const)('%s %s', (format, quality, expected) => {
    const args = videoCodecArgs(format, quality, { bitrate: 1_000_000 }).join(' ');
    expect(args).toContain(expected.join(' '));
  });

  it.each([
    ['mp4', 'high', ['-c:a', 'aac', '-b:a', '192000']],
    ['webm', 'low', ['-c:a', 'libvorbis', '-b:a', '96000']],
    ['mov', 'medium', ['-c:a', 'pcm_s16le']],
  ] as const)('audio for %s %s', (format, quality, expected) =>
    expect(audioCodecArgs(format, quality)).toEqual(expected),
  );
});

describe('buildRenderArgs', () => {
  const plan = {
    width: 1280,
    height: 720,
    fps: 30,
    format: 'mp4' as const,
    quality: 'medium' as const,
    runs: [
      { kind: 'still' as const, file: '/j/s0.png', frames: 120 },
      { kind: 'video' as const, file: '/j/v.mp4', frames: 90 },
    ],
    audio: [{ file: '/j/a.mp3', startSec: 0, durationSec: 7, volume: 1 }],
    output: '/j/out.mp4',
  };

  it('takes every run and audio clip as an input, in order, and writes the output last', () => {
    const args = buildRenderArgs(plan);
    expect(args.filter((_, i) => args[i - 1] === '-i')).toEqual([
      '/j/s0.png',
      '/j/v.mp4',
      '/j/a.mp3',
    ]);
    expect(args[args.length - 1]).toBe('/j/out.mp4');
  });

  it('concatenates the runs and maps the mixed audio, with exact frame count and explicit threads', () => {
    const args = buildRenderArgs({ ...plan, threads: 2 });
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain('[v0][v1]concat=n=2:v=1:a=0,format=yuv420p[vout]');
    expect(graph).toContain('[2:a]atrim=0:7');
    expect(args.join(' ')).toContain('-map [vout] -map [aout] -c:a aac');
    expect(args.join(' ')).toContain('-frames:v 210 -threads 2 -f mp4 -movflags +faststart');
  });

  it('has no audio map without audio clips, and 10-bit 4:2:2 for ProRes', () => {
    const args = buildRenderArgs({ ...plan, audio: [], format: 'mov' });
    expect(args).not.toContain('[aout]');
    expect(args[args.indexOf('-filter_complex') + 1]).toContain('format=yuv422p10le[vout]');
    expect(args.join(' ')).toContain('-f mov');
  });

  it('stores the project title as a tag, as one argument whatever it contains', () => {
    const args = buildRenderArgs({ ...plan, title: 'My "film"; rm -rf /' });
    expect(args[args.indexOf('-metadata') + 1]).toBe('title=My "film"; rm -rf /');
  });

  it('lays each overlay over its run bottom up, each its own input before the audio, video from its in-point', () => {
    const args = buildRenderArgs({
      ...plan,
      runs: [
        {
          kind: 'video',
          file: '/j/v.mp4',
          frames: 60,
          startSec: 1.5,
          overlays: [{ kind: 'still', file: '/j/t.png' }],
        },
        {
          kind: 'still',
          file: '/j/s.png',
          frames: 30,
          overlays: [
            { kind: 'video', file: '/j/o.mp4', startSec: 2 },
            { kind: 'still', file: '/j/c.png' },
          ],
        },
      ],
    });
    expect(args.filter((_, i) => args[i - 1] === '-i')).toEqual([
      '/j/v.mp4',
      '/j/t.png',
      '/j/s.png',
      '/j/o.mp4',
      '/j/c.png',
      '/j/a.mp3',
    ]);
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain('[0:v]trim=start=1.5,setpts=PTS-STARTPTS,fps=30,');
    expect(graph).toContain(
      '[1:v]format=rgba,loop=loop=59:size=1:start=0,settb=1/30,setpts=N[v0o0]',
    );
    expect(graph).toContain('[v0b][v0o0]overlay=0:0:eof_action=repeat,format=yuv420p[v0]');
    expect(graph).toContain(
      '[3:v]trim=start=2,setpts=PTS-STARTPTS,fps=30,scale=1280:720:force_original_aspect_ratio=decrease,format=rgba,pad=1280:720:(ow-iw)/2:(oh-ih)/2:color=black@0,',
    );
    expect(graph).toContain('[v1b][v1o0]overlay=0:0:eof_action=repeat[v1b1]');
    expect(graph).toContain('[v1b1][v1o1]overlay=0:0:eof_action=repeat,format=yuv420p[v1]');
    expect(graph).toContain('[v0][v1]concat=n=2');
    expect(graph).toContain('[5:a]atrim=0:7');
  });

  it('refuses an empty timeline', () =>
    expect(() => buildRenderArgs({ ...plan, runs: [] })).toThrow(/Nothing to render/));

  it('encodes the sound track alone into a file of the container, no video', () => {
    expect(
      buildAudioArgs({ wav: '/j/a.wav', format: 'mp4', quality: 'high', output: '/j/a.m4a' }).join(
        ' ',
      ),
    ).toBe('-nostdin -y -i /j/a.wav -vn -c:a aac -b:a 192000 -threads 1 -f mp4 /j/a.m4a');
    expect(
      buildAudioArgs({
        wav: '/j/a.wav',
        format: 'webm',
        quality: 'medium',
        output: '/j/a.webm',
      }).join(' '),
    ).toBe('-nostdin -y -i /j/a.wav -vn -c:a libvorbis -b:a 128000 -threads 1 -f webm /j/a.webm');
  });
});

describe('parseFfmpegTime', () => {
  it.each([
    ['frame=  120 fps= 30 q=28.0 size=  256kB time=00:00:04.00 bitrate= 524.3kbits/s', 4],
    ['size=N/A time=01:02:03.50 bitrate=N/A', 3723.5],
    ['time=-00:00:00.03', 0],
    ['Input #0, png_pipe, from x.png:', null],
  ])('%s -> %s', (line, s) => expect(parseFfmpegTime(line)).toBe(s));
});
