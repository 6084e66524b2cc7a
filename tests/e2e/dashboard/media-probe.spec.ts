import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, waits } from '../support/fixtures';

// A file X refuses is caught when it is attached, not at publish time: the X composer reads the stored file
// itself in the browser (mediabunny over the Storage emulator's range requests), names X and the reason,
// keeps Post Now disabled, and Fix in editor opens the editor with the file and X's preset. With
// E2E_SHOTS=<dir>, it also saves the refused state and the editor it opens at 1280 and 375 px in the light
// and dark themes.

const SIZES = [
  ['1280', { width: 1280, height: 900 }],
  ['375', { width: 375, height: 812 }],
] as const;

/** 2 s of 320x180 HEVC in MP4 (about 20 KB), made by ffmpeg for this test. */
async function hevcClip(): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'muse-e2e-hevc-'));
  try {
    const file = join(dir, 'clip.mp4');
    await promisify(execFile)('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x180:r=30:d=2',
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
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('an HEVC video is refused for X when attached, and Fix in editor opens it with X’s preset', async ({
  muse,
  page,
}) => {
  await muse
    .signUp()
    .withSocialCredentials({
      platform: 'x',
      credentials: {
        consumerKey: 'sandbox-consumer-key',
        consumerSecret: 'sandbox-consumer-key-secret',
        accessToken: 'sandbox-access-token',
        accessTokenSecret: 'sandbox-access-token-secret',
      },
    })
    .withGenerations(
      [{ type: 'video', title: 'Harbour HEVC', contentType: 'video/mp4', body: await hevcClip() }],
      { files: true },
    )
    .open('/social/x', { heading: 'X/Twitter' });

  await page.getByLabel('Post Content').fill('A clip from the harbour');
  await page.getByRole('button', { name: 'Add Media' }).click();
  await page.getByRole('button', { name: 'Add Harbour HEVC' }).click();
  const why = page.getByRole('list', { name: 'Why Harbour HEVC is refused' });
  await expect(why).toContainText(
    'X refuses this file: X takes H.264 video only (this one is HEVC (H.265))',
    { timeout: waits.call },
  );
  await expect(page.getByRole('button', { name: 'Post Now' })).toBeDisabled();

  const shots = process.env.E2E_SHOTS;
  if (shots) {
    await mkdir(shots, { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        await page
          .getByRole('region', { name: 'Create Post' })
          .screenshot({ path: join(shots, `media-refused-${size}-${theme}.png`) });
      }
    }
    await page.setViewportSize(SIZES[0][1]);
  }

  await why.getByRole('link', { name: 'Fix Harbour HEVC for X in the editor' }).click();
  await expect(page).toHaveURL(/\/create\/editor\?preset=x-landscape&/);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Opened with the X landscape preset (1280x720, 30 fps, MP4 H.264)' }),
  ).toBeVisible();
  await expect(page.getByText('Harbour HEVC').first()).toBeVisible();
  if (shots) {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: join(shots, `editor-fix-${size}-${theme}.png`) });
      }
    }
  }
});
