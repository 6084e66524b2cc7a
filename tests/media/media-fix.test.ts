import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BufferSource } from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetSettings } from '../../core/editor/fix-link';
import type { TimelineItem } from '../../core/editor/model';
import {
  checkMediaForChannel,
  type ExportPresetId,
  type MediaTarget,
} from '../../core/platforms/media-rules';
import { probeVideoSource } from '../../dashboard/lib/media-probe';
import { MEDIA_ORIGIN, run, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';

// "Fix in editor" makes a file the channel takes: a refused clip on the main track of a project with the
// channel's export preset (what /create/editor?preset=... opens), rendered by the editor's engine in
// Chromium, then probed and checked like an attached file.

let dir: string;
let harness: Harness;
const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-media-fix-'));
  await Promise.all([
    // HEVC at 120 fps: X refuses the codec and the frame rate.
    ff(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x180:r=120:d=1',
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
    // 16:9 H.264: not a Short.
    ff(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x180:r=30:d=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      join(dir, 'wide.mp4'),
    ),
  ]);
  harness = await openSharedHarness(dir);
});

afterAll(async () => {
  await harness?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function probeFile(name: string) {
  const bytes = await readFile(join(dir, name));
  return probeVideoSource(new BufferSource(bytes), {
    contentType: 'video/mp4',
    sizeBytes: bytes.length,
  });
}

describe('Fix in editor', () => {
  it.each([
    ['hevc.mp4', 'x', 'x-landscape'],
    ['wide.mp4', 'youtube-shorts', 'hd-portrait'],
  ] as [string, MediaTarget, ExportPresetId][])(
    'renders %s with the %s preset into a file it takes',
    async (name, target, preset) => {
      const before = checkMediaForChannel(await probeFile(name), target);
      expect(before.length).toBeGreaterThan(0);
      expect(before[0]!.fix).toBe(preset);

      const items: TimelineItem[] = [
        {
          id: 'clip',
          type: 'video',
          settings: { url: `${MEDIA_ORIGIN}/${name}` },
          start_time: 0,
          duration: 1,
        },
      ];
      const result = await harness.render(
        { items, settings: presetSettings(preset), title: 'Fix' },
        'auto',
      );
      const bytes = Buffer.from(result.base64!, 'base64');
      const fixed = await probeVideoSource(new BufferSource(bytes), {
        contentType: result.mimeType,
        sizeBytes: bytes.length,
      });

      expect(fixed).toMatchObject({
        videoCodec: 'avc',
        width: presetSettings(preset).resolution.width,
        height: presetSettings(preset).resolution.height,
      });
      expect(checkMediaForChannel(fixed, target)).toEqual([]);
    },
  );
});
