import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { eventually, expect, type Muse, PNG_1X1, test, waits } from '../support/fixtures';

// Generation runs as a server-side job against the BFL sandbox, polled every second on the test stack
// (scripts/stack/stack.ts): '[pending:55]' in a prompt keeps it Pending for about 55 s, a `holdJob` tag until the test releases it, '[error]' ends it with the provider status Error, the key 'bad-key' is refused.

test.describe.configure({ timeout: waits.test * 1.5 });

const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
const promptBox = (page: Page) => page.getByLabel('Prompt', { exact: true });
const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate Image' });
const resultImage = (page: Page) => page.getByRole('img', { name: /^Generated image/ });

const openAs = (muse: Muse, key: string | null) =>
  muse.signUp().withKey('blackforest', key).open('/create/image', { heading: 'Image Generation' });

async function expectVisiblePicture(page: Page) {
  await expect(resultImage(page)).toBeVisible({ timeout: waits.job });
  await expect
    .poll(() =>
      resultImage(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
}

const savedGenerations = (muse: Muse) => muse.stored.list('generations');

test('text to image: the job runs to a saved library item with the picture visible, then downloads', async ({
  muse,
  page,
}) => {
  await openAs(muse, 'sandbox-bfl-key');
  const prompt = 'A red fox in fresh snow at golden hour, 35mm';
  await promptBox(page).fill(prompt);
  await page.getByLabel('Style').selectOption('watercolor');
  await generateButton(page).click();
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  await expectVisiblePicture(page);
  await expect(page.getByRole('button', { name: 'Generate Image' })).toBeEnabled();

  const [saved] = await eventually(async () => {
    const all = await savedGenerations(muse);
    return all.length === 1 ? all : null;
  });
  expect(saved).toMatchObject({ type: 'image', prompt, title: prompt });
  expect(await muse.stored.fileExists(saved!.storagePath)).toBe(true);

  // Recent Generations follows the library live.
  const recent = page.getByRole('region', { name: 'Recent Generations' });
  await expect(recent.getByRole('listitem')).toHaveCount(1);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Image' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('A red fox in fresh snow at gol.png');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  await expect(page.getByText('Image downloaded successfully')).toBeVisible();

  await page.goto('/library');
  const card = page.getByRole('article', { name: prompt });
  await expect(card).toBeVisible();
  await expect
    .poll(() =>
      card
        .getByRole('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
});

test('image to image: an uploaded input image is edited into a new library item', async ({
  muse,
  page,
}, testInfo) => {
  await openAs(muse, 'sandbox-bfl-key');
  const input = testInfo.outputPath('input.png');
  await (await import('node:fs/promises')).writeFile(input, PNG_1X1);

  await page.getByRole('tab', { name: 'Image to Image' }).click();
  await page.getByLabel('Input Image', { exact: true }).setInputFiles(input);
  await expect(page.getByRole('img', { name: 'Input Image preview' })).toBeVisible();
  await promptBox(page).fill('make it a snowy winter night');
  await generateButton(page).click();
  await expectVisiblePicture(page);

  const [saved] = await eventually(async () => {
    const all = await savedGenerations(muse);
    return all.length === 1 ? all : null;
  });
  expect(saved!.prompt).toBe('make it a snowy winter night');
  const jobs = await muse.stored.list('jobs');
  const jobInput = jobs[0]!.input as { mode: string; inputImagePath: string };
  expect(jobInput.mode).toBe('image');
  expect(jobInput.inputImagePath).toMatch(
    new RegExp(`^${muse.user.uid}/uploads/[0-9a-f-]+\\.png$`),
  );
});

test('a reload during generation follows the same job to its result', async ({
  muse,
  page,
  holdJob,
}) => {
  await openAs(muse, 'sandbox-bfl-key');
  // Held Pending until the reloaded page shows the job running, then released to finish.
  const hold = holdJob('bfl');
  const prompt = `${hold.tag} a lighthouse in a storm`;
  await promptBox(page).fill(prompt);
  await generateButton(page).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeVisible();
  await expect(promptBox(page)).toHaveValue(prompt);
  await hold.release();
  await expectVisiblePicture(page);

  const jobs = await muse.stored.list('jobs');
  expect(jobs).toHaveLength(1);
  expect(jobs[0]!.status).toBe('succeeded');
});

test('Cancel stops a running job', async ({ muse, page }) => {
  await openAs(muse, 'sandbox-bfl-key');
  // Pending for 55 polls (about 55 s): the job cannot finish before the cancel lands, even when the first call to the
  // cancel function cold-starts its emulator worker on a loaded machine (CI saw that take over 20 s).
  await promptBox(page).fill('[pending:55] a field of sunflowers');
  await generateButton(page).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Generation cancelled')).toBeVisible({ timeout: waits.job });
  await expect(generateButton(page)).toBeEnabled();
  expect((await muse.stored.list('jobs'))[0]!.status).toBe('cancelled');
});

test.describe('errors', () => {
  test('a refused key shows the provider failure with a link to Integrations', async ({
    muse,
    page,
  }) => {
    await openAs(muse, 'bad-key');
    await promptBox(page).fill('a fox');
    await generateButton(page).click();
    const alert = preview(page).getByRole('alert');
    await expect(alert).toContainText('Failed to generate image', { timeout: waits.job });
    await expect(alert.getByRole('link', { name: 'Open Integrations' })).toBeVisible();
  });
});
