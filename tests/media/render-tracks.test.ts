import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSettings, TimelineItem } from '../../core/editor/model';
import { MEDIA_ORIGIN, run, writePictureFixtures, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';
import { audioRms, frameAt } from './support/probe';

// The multi-track timeline exported with WebCodecs: an overlay painted over the main track, a video
// clip read from its in-point, a clip's dB gain and a muted track in the mix.

const W = 320;
const H = 180;
const FPS = 30;
const settings = (trackMix?: ProjectSettings['trackMix']): ProjectSettings => ({
  aspectRatio: '16:9',
  resolution: { width: W, height: H },
  fps: FPS,
  format: 'mp4',
  quality: 'medium',
  ...(trackMix ? { trackMix } : {}),
});
const mid = (frame: number) => Math.max(0, (frame - 0.25) / FPS);
const near = (rgb: readonly number[], want: readonly number[]) =>
  rgb.every((c, i) => Math.abs(c - want[i]!) <= 48);

// 0-2 s red still on main; 0.5-1.5 s a tall magenta still on Overlay 1; 2-2.5 s the lime-then-blue
// clip from its 0.5 s in-point (blue); a tone at -6 dB on Audio 1 at 0-1 s and the same tone at 0 dB
// at 1-2 s; the tone again on Audio 2 at 2-2.5 s, a track that is muted.
const items: TimelineItem[] = [
  {
    id: 'red',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/red.png` },
    start_time: 0,
    duration: 2,
    track: 'main',
  },
  {
    id: 'clip',
    type: 'video',
    settings: { url: `${MEDIA_ORIGIN}/clip.mp4` },
    start_time: 2,
    duration: 0.5,
    track: 'main',
    in_point: 0.5,
  },
  {
    id: 'tall',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/tall.png` },
    start_time: 0.5,
    duration: 1,
    track: 'overlay-1',
  },
  {
    id: 'quiet',
    type: 'audio',
    settings: { url: `${MEDIA_ORIGIN}/tone.mp3`, volume: 1 },
    start_time: 0,
    duration: 1,
    track: 'audio-1',
    gain_db: -6,
  },
  {
    id: 'loud',
    type: 'audio',
    settings: { url: `${MEDIA_ORIGIN}/tone.mp3`, volume: 1 },
    start_time: 1,
    duration: 1,
    track: 'audio-1',
  },
  {
    id: 'muted',
    type: 'audio',
    settings: { url: `${MEDIA_ORIGIN}/tone.mp3`, volume: 1 },
    start_time: 2,
    duration: 0.5,
    track: 'audio-2',
  },
];

let dir: string;
let harness: Harness;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-tracks-'));
  const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  await Promise.all([
    writePictureFixtures(dir, W, H),
    // 1 kHz, long enough for every clip, at a level that does not clip at 0 dB.
    ff(
      '-f',
      'lavfi',
      '-i',
      'sine=f=1000:d=2',
      '-af',
      'volume=2',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '192k',
      join(dir, 'tone.mp3'),
    ),
  ]);
  harness = await openSharedHarness(dir);
  const result = await harness.render(
    { items, settings: settings({ 'audio-2': { muted: true } }), title: 'Tracks' },
    'webcodecs',
  );
  file = join(dir, 'tracks.mp4');
  await writeFile(file, Buffer.from(result.base64!, 'base64'));
});

afterAll(async () => {
  await harness?.close();
  if (dir && !process.env.MEDIA_KEEP) await rm(dir, { recursive: true, force: true });
});

describe('a multi-track mp4 rendered with WebCodecs', () => {
  it('paints the overlay over the main track, and only while it lasts', async () => {
    const before = await frameAt(file, mid(10), W, H);
    expect(near(before(W / 2, H / 2), [255, 0, 0])).toBe(true);
    const during = await frameAt(file, mid(30), W, H);
    expect(
      near(during(W / 2, H / 2), [255, 0, 255]),
      `centre ${during(W / 2, H / 2).join(',')}`,
    ).toBe(true);
    // The pillarboxed overlay leaves the main track showing at the sides.
    expect(near(during(10, H / 2), [255, 0, 0]), `side ${during(10, H / 2).join(',')}`).toBe(true);
  });

  it('reads a video clip from its in-point', async () => {
    const frame = await frameAt(file, mid(62), W, H);
    expect(near(frame(W / 2, H / 2), [0, 0, 255]), `centre ${frame(W / 2, H / 2).join(',')}`).toBe(
      true,
    );
  });

  it('plays a clip at -6 dB within 0.5 dB of 6 dB below the same clip at 0 dB', async () => {
    // RMS of each window on its own (volumedetect with -ss after -i would also count what came before).
    const db = 20 * Math.log10((await audioRms(file, 1.2, 1.8)) / (await audioRms(file, 0.2, 0.8)));
    expect(db).toBeGreaterThan(5.5);
    expect(db).toBeLessThan(6.5);
  });

  it('leaves a muted track out of the mix', async () => {
    expect(await audioRms(file, 2.1, 2.4)).toBeLessThan(0.01);
  });
});

// Layers over a video clip and fades, in both engines: 0-1 s the tone fading in over its whole length;
// 0-1 s the red still on main; 1-1.5 s the square clip from its 0.5 s in-point (blue) with the tall
// magenta still over it on Overlay 1 (the clip showing either side of it, black beyond the clip).
const layered: TimelineItem[] = [
  {
    id: 'red',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/red.png` },
    start_time: 0,
    duration: 1,
    track: 'main',
  },
  {
    id: 'clip',
    type: 'video',
    settings: { url: `${MEDIA_ORIGIN}/clip.mp4` },
    start_time: 1,
    duration: 0.5,
    track: 'main',
    in_point: 0.5,
  },
  {
    id: 'tall',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/tall.png` },
    start_time: 1,
    duration: 0.5,
    track: 'overlay-1',
  },
  {
    id: 'fade',
    type: 'audio',
    settings: { url: `${MEDIA_ORIGIN}/tone.mp3`, volume: 1 },
    start_time: 0,
    duration: 1,
    track: 'audio-1',
    fade_in: 1,
  },
];

describe.each(['webcodecs', 'ffmpeg'] as const)(
  'layers over a video and a fade, exported with %s',
  (engine) => {
    let out: string;
    beforeAll(async () => {
      const result = await harness.render(
        { items: layered, settings: settings(), title: 'Layers' },
        engine,
      );
      out = join(dir, `layers-${engine}.mp4`);
      await writeFile(out, Buffer.from(result.base64!, 'base64'));
    });

    it('paints a still over a video clip read from its in-point', async () => {
      const frame = await frameAt(out, mid(38), W, H);
      expect(
        near(frame(W / 2, H / 2), [255, 0, 255]),
        `centre ${frame(W / 2, H / 2).join(',')}`,
      ).toBe(true);
      expect(near(frame(90, H / 2), [0, 0, 255]), `clip ${frame(90, H / 2).join(',')}`).toBe(true);
      expect(near(frame(10, H / 2), [0, 0, 0]), `side ${frame(10, H / 2).join(',')}`).toBe(true);
    });

    it('fades a clip in from silence', async () => {
      const db = 20 * Math.log10((await audioRms(out, 0.75, 1)) / (await audioRms(out, 0, 0.25)));
      expect(db).toBeGreaterThan(10);
    });
  },
);
