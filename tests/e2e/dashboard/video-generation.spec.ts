import { readFile } from 'node:fs/promises';
import { type Locator, type Page } from '@playwright/test';
import { eventually, expect, type Muse, test, waits } from '../support/fixtures';

// Video generation runs as a server-side job against the Luma sandbox: a generation advances one state
// per poll (every second on the test stack, scripts/stack/stack.ts); a `holdJob` tag keeps it dreaming until the test releases it, '[error]' fails it with Luma's reason.

test.describe.configure({ timeout: waits.test * 1.5 });

const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
const description = (page: Page) => page.getByLabel('Description', { exact: true });
const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate Video' });

const openAs = (muse: Muse, key: string | null) =>
  muse.signUp().withKey('lumaai', key).open('/create/video', { heading: 'Video Generation' });

/** The element has loaded real video: metadata read, a duration and a frame size. */
async function expectPlayable(video: Locator) {
  await expect(video).toBeVisible({ timeout: waits.job });
  await expect
    .poll(
      () =>
        video.evaluate(
          (v: HTMLVideoElement) => v.readyState >= 1 && v.duration > 1 && v.videoWidth > 0,
        ),
      { timeout: waits.call },
    )
    .toBe(true);
}

/** Library cards with a poster load the video on demand: its Play button starts it. */
async function expectPlayableInLibrary(page: Page, title: string) {
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible({ timeout: waits.call });
  await card.getByRole('button', { name: `Play ${title}` }).click();
  await expectPlayable(card.getByLabel(`Video: ${title}`));
}

const videoRecords = async (muse: Muse) =>
  (await muse.stored.list('generations')).filter((g) => g.type === 'video');

test('shows the product defaults, the empty states, and refuses a blank description', async ({
  muse,
  page,
}) => {
  await openAs(muse, 'sandbox-luma-key');
  await expect(page.getByLabel('Style')).toHaveValue('cinematic');
  await expect(page.getByLabel('Style').locator('option')).toHaveText([
    'Cinematic',
    'Anime',
    '3D',
    'Realistic',
  ]);
  await expect(preview(page).getByText('Video preview will appear here')).toBeVisible();
  await expect(page.getByText('No recent video generations')).toBeVisible();
  await generateButton(page).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please provide a prompt for the video' }).first(),
  ).toBeVisible();
});

test('a description runs to a playable video in the preview, Recent Generations and the library, and downloads', async ({
  muse,
  page,
  holdJob,
}) => {
  await openAs(muse, 'sandbox-luma-key');
  // Held dreaming until the running state is checked on screen, then released to finish.
  const hold = holdJob('luma');
  const prompt = `A drone over sea cliffs at sunrise ${hold.tag}`;
  await description(page).fill(prompt);
  await page.getByLabel('Style').selectOption('anime');
  await generateButton(page).click();
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  await expect(page.getByRole('progressbar', { name: 'Video generation progress' })).toBeVisible();
  await expect(preview(page).getByText('Generating preview...')).toBeVisible();
  await hold.release();

  // The toast shows for 5 s from the job's end; the player's metadata can take longer on a busy machine.
  const toastShown = expect(page.getByText('Video generated successfully!')).toBeVisible({
    timeout: waits.long,
  });
  await expectPlayable(preview(page).getByLabel(`Generated video: ${prompt}`));
  await toastShown;
  await expect(generateButton(page)).toBeEnabled();

  const [saved] = await eventually(async () => {
    const all = await videoRecords(muse);
    return all.length === 1 ? all : null;
  });
  expect(saved).toMatchObject({
    title: prompt,
    prompt,
    metadata: { model: 'ray-2', style: 'anime' },
  });
  expect(await muse.stored.fileExists(saved!.storagePath)).toBe(true);
  expect(await muse.stored.fileExists(saved!.thumbnailPath!)).toBe(true);

  const recent = page.getByRole('region', { name: 'Recent Generations' });
  await expect(recent.getByRole('listitem')).toHaveCount(1);

  const downloadPromise = page.waitForEvent('download');
  await preview(page).getByRole('button', { name: 'Download Video' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('A drone over sea cliffs at sun.mp4');
  expect((await readFile(await download.path())).toString('ascii', 4, 8)).toBe('ftyp');
  await expect(page.getByText('Video downloaded successfully')).toBeVisible();

  await page.goto('/library');
  await expectPlayableInLibrary(page, prompt);
});

test('a closed tab during a video job still ends with the video in the library', async ({
  muse,
  page,
  context,
  holdJob,
}) => {
  await openAs(muse, 'sandbox-luma-key');
  // Held dreaming until the tab is closed, so the server alone finishes it.
  const hold = holdJob('luma');
  const prompt = `waves on a black sand beach ${hold.tag}`;
  await description(page).fill(prompt);
  await generateButton(page).click();
  await expect(preview(page).getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.close();
  await hold.release();

  const [saved] = await eventually(async () => {
    const all = await videoRecords(muse);
    return all.length === 1 ? all : null;
  }, waits.long);
  expect(saved!.prompt).toBe(prompt);

  const again = await context.newPage();
  await again.goto('/library');
  await expectPlayableInLibrary(again, prompt);
  // Back on the page, the finished job shows its video.
  await again.goto('/create/video');
  await expectPlayable(preview(again).getByLabel(`Generated video: ${prompt}`));
});

test.describe('errors', () => {
  test("Luma's failure reason is shown", async ({ muse, page }) => {
    await openAs(muse, 'sandbox-luma-key');
    await description(page).fill('a forbidden scene [error]');
    await generateButton(page).click();
    await expect(preview(page).getByRole('alert')).toHaveText(
      'Failed to generate video: Sandbox generation failed ([error] in the prompt)',
      { timeout: waits.call },
    );
  });

  test('without a Luma key the page sends the user to Integrations', async ({ muse, page }) => {
    await openAs(muse, null);
    await description(page).fill('a lighthouse');
    await generateButton(page).click();
    const alert = preview(page).getByRole('alert');
    await expect(alert).toContainText(
      'Luma API key not found. Please add your API key in the Integrations page.',
    );
    await expect(alert.getByRole('link', { name: 'Open Integrations' })).toBeVisible();
  });
});
