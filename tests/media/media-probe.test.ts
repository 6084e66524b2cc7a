import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BufferSource } from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGifInfo } from '../../core/media-probe';
import { checkMediaForChannel } from '../../core/platforms/media-rules';
import { probeVideoSource } from '../../dashboard/lib/media-probe';
import { run } from './support/harness';

// The probe the composers run when a file is attached, over small files ffmpeg makes here: what it reads
// (codec, size, duration, frame rate, sound) is what the channel rules then refuse. mediabunny's demuxer
// reads the same in Node as in the browser (no decoding), so no browser is needed.

let dir: string;
const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=2'];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-media-probe-'));
  await Promise.all([
    ff(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x180:r=30:d=2',
      ...tone,
      '-ac',
      '2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      join(dir, 'ok.mp4'),
    ),
    ff(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=180x320:r=30:d=2',
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-pix_fmt',
      'yuv420p',
      '-tag:v',
      'hvc1',
      join(dir, 'hevc.mp4'),
    ),
    ff(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x180:r=120:d=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      join(dir, 'fast.mp4'),
    ),
    ff(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=640x160:r=25:d=2',
      ...tone,
      '-ac',
      '2',
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-c:a',
      'libopus',
      '-shortest',
      join(dir, 'wide.webm'),
    ),
    ff('-f', 'lavfi', '-i', 'testsrc2=s=64x36:r=10:d=4', join(dir, 'anim.gif')),
  ]);
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function probe(name: string, contentType: string) {
  const bytes = await readFile(join(dir, name));
  return probeVideoSource(new BufferSource(bytes), {
    contentType,
    sizeBytes: (await stat(join(dir, name))).size,
  });
}

describe('probing real files', () => {
  it('reads an H.264 + AAC MP4 that every video channel takes', async () => {
    const p = await probe('ok.mp4', 'video/mp4');
    expect(p).toMatchObject({
      kind: 'video',
      container: 'MP4',
      width: 320,
      height: 180,
      videoCodec: 'avc',
      audioCodec: 'aac',
      audioChannels: 2,
    });
    expect(p.durationSeconds).toBeCloseTo(2, 0);
    expect(p.frameRate).toBeCloseTo(30, 0);
    for (const target of ['x', 'youtube'] as const)
      expect(checkMediaForChannel(p, target), target).toEqual([]);
    // LinkedIn wants 3 s or more, longer than this clip: nothing else is wrong with it there.
    expect(checkMediaForChannel(p, 'linkedin').map((x) => x.rule)).toEqual(['duration']);
  });

  it('reads HEVC, which X and LinkedIn refuse and YouTube takes', async () => {
    const p = await probe('hevc.mp4', 'video/mp4');
    expect(p).toMatchObject({ videoCodec: 'hevc', width: 180, height: 320, audioCodec: null });
    expect(checkMediaForChannel(p, 'x').map((x) => x.rule)).toEqual(['codec']);
    expect(checkMediaForChannel(p, 'linkedin').map((x) => x.rule)).toContain('codec');
    expect(checkMediaForChannel(p, 'youtube-shorts')).toEqual([]);
  });

  it('reads a frame rate of 120, over X and LinkedIn limits', async () => {
    const p = await probe('fast.mp4', 'video/mp4');
    expect(p.frameRate).toBeCloseTo(120, 0);
    expect(checkMediaForChannel(p, 'x').map((x) => x.rule)).toContain('fps');
    expect(checkMediaForChannel(p, 'linkedin').map((x) => x.rule)).toContain('fps');
  });

  it('reads a 4:1 VP9 + Opus WebM, not a Short', async () => {
    const p = await probe('wide.webm', 'video/webm');
    expect(p).toMatchObject({
      container: 'WebM',
      videoCodec: 'vp9',
      audioCodec: 'opus',
      width: 640,
      height: 160,
    });
    expect(checkMediaForChannel(p, 'youtube-shorts').map((x) => x.rule)).toEqual(['aspect']);
    expect(checkMediaForChannel(p, 'youtube')).toEqual([]);
  });

  it("counts an ffmpeg GIF's frames", async () => {
    expect(readGifInfo(new Uint8Array(await readFile(join(dir, 'anim.gif'))))).toEqual({
      width: 64,
      height: 36,
      frames: 40,
    });
  });
});
