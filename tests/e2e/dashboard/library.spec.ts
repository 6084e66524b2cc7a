import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import {
  eventually,
  expect,
  type GenerationSeed,
  type Muse,
  test,
  waits,
} from '../support/fixtures';

const grid = (page: Page) => page.getByRole('list', { name: 'Projects' });
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const cardTitles = (page: Page) =>
  grid(page)
    .getByRole('article')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

const openLibrary = (muse: Muse, items: GenerationSeed[]) =>
  muse.signUp().withGenerations(items, { files: true }).open('/library', { heading: 'Library' });

const mixed: GenerationSeed[] = [
  { type: 'image', title: 'Red fox in snow', prompt: 'A red fox in fresh snow', minutesAgo: 1 },
  {
    type: 'video',
    title: 'Waves at dawn',
    prompt: 'Slow ocean waves, golden light',
    minutesAgo: 2,
  },
  { type: 'audio', title: 'Calm piano', prompt: 'calm piano with soft rain', minutesAgo: 3 },
  {
    type: 'image',
    title: 'Mountain lake',
    prompt: 'alpine lake, reflections, a small red boat',
    contentType: 'image/jpeg',
    minutesAgo: 4,
  },
];

test('lists projects newest first with a picture, a video and an audio player', async ({
  muse,
  page,
}) => {
  await openLibrary(muse, mixed);
  await expect
    .poll(() => cardTitles(page))
    .toEqual(['Red fox in snow', 'Waves at dawn', 'Calm piano', 'Mountain lake']);
  await expect
    .poll(() =>
      card(page, 'Red fox in snow')
        .getByRole('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await expect(
    card(page, 'Waves at dawn').getByRole('button', { name: 'Play Waves at dawn' }),
  ).toBeVisible();
  await expect(card(page, 'Calm piano').locator('audio')).toHaveAttribute('controls', '');
});

test('search filters by title and prompt, and the type filter narrows the list', async ({
  muse,
  page,
}) => {
  await openLibrary(muse, mixed);
  await expect(grid(page).getByRole('article')).toHaveCount(4);

  await page.getByLabel('Search projects').fill('red');
  // 'red' is in one title and in the other image's prompt.
  await expect.poll(() => cardTitles(page)).toEqual(['Red fox in snow', 'Mountain lake']);
  await expect(page.getByText('2 projects match “red”')).toBeVisible();

  await page.getByRole('radio', { name: 'Images' }).click();
  await expect.poll(() => cardTitles(page)).toEqual(['Red fox in snow', 'Mountain lake']);
  await page.getByLabel('Search projects').fill('');
  await expect.poll(() => cardTitles(page)).toEqual(['Red fox in snow', 'Mountain lake']);

  await page.getByRole('radio', { name: 'Audio' }).click();
  await expect.poll(() => cardTitles(page)).toEqual(['Calm piano']);
  await page.getByRole('radio', { name: 'Videos' }).click();
  await expect.poll(() => cardTitles(page)).toEqual(['Waves at dawn']);

  await page.getByLabel('Search projects').fill('tokyo');
  await expect(page.getByText('No projects found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(grid(page).getByRole('article')).toHaveCount(4);
});

test('search finds a match beyond the first page', async ({ muse, page }) => {
  const items: GenerationSeed[] = Array.from({ length: 60 }, (_, i) => ({
    type: 'image',
    title: `Filler ${i + 1}`,
    minutesAgo: i,
  }));
  items.push({ type: 'image', title: 'Needle in the haystack', minutesAgo: 500 });
  await openLibrary(muse, items);
  await expect(grid(page).getByRole('article').first()).toBeVisible();
  await page.getByLabel('Search projects').fill('needle');
  await expect.poll(() => cardTitles(page)).toEqual(['Needle in the haystack']);
});

test('infinite scroll loads older pages', async ({ muse, page }) => {
  const items: GenerationSeed[] = Array.from({ length: 55 }, (_, i) => ({
    type: 'image',
    title: `Project ${String(i + 1).padStart(2, '0')}`,
    minutesAgo: i,
  }));
  await openLibrary(muse, items);
  await expect(card(page, 'Project 01')).toBeVisible();
  // Scrolls on until the oldest card shows: each turn waits only until it does, for at most 300 ms.
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(card(page, 'Project 55')).toBeVisible({ timeout: 300 });
  }).toPass({ intervals: [0], timeout: waits.step });
  await expect(page.getByText('55 projects')).toBeVisible();
  // Virtualised: the first rows have left the DOM.
  await expect(card(page, 'Project 01')).toHaveCount(0);
});

test('Delete asks first, then removes the card, the record and the file', async ({
  muse,
  page,
}) => {
  await openLibrary(muse, mixed);
  const [fox] = muse.seededGenerations;
  await card(page, 'Red fox in snow')
    .getByRole('button', { name: 'Delete Red fox in snow' })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText(
    'This action cannot be undone. This will permanently delete your project.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Red fox in snow')).toBeVisible();

  await card(page, 'Red fox in snow')
    .getByRole('button', { name: 'Delete Red fox in snow' })
    .click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  // deleteGeneration removes the record and the file before the page says so.
  await expect(page.getByText('Project deleted')).toBeVisible({ timeout: waits.call });
  await expect(page.getByText('The project has been successfully deleted.')).toBeVisible();
  await expect(card(page, 'Red fox in snow')).toHaveCount(0);
  await expect(grid(page).getByRole('article')).toHaveCount(3);

  await eventually(async () => !(await muse.stored.get('generations', fox!.id)));
  await eventually(async () => !(await muse.stored.fileExists(fox!.storagePath)));
});

test.describe('download', () => {
  // One page for the four types (a picture as PNG and as JPEG, a video, a track): each saves under its
  // title with its stored type's extension.
  test('saves each item under its title with its own extension', async ({ muse, page }) => {
    await openLibrary(muse, mixed);
    for (const [title, expected] of [
      ['Red fox in snow', 'Red fox in snow.png'],
      ['Mountain lake', 'Mountain lake.jpg'],
      ['Waves at dawn', 'Waves at dawn.mp4'],
      ['Calm piano', 'Calm piano.mp3'],
    ] as const) {
      const downloadPromise = page.waitForEvent('download');
      await card(page, title)
        .getByRole('button', { name: `Download ${title}` })
        .click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toBe(expected);
      expect((await readFile(await download.path())).length).toBeGreaterThan(0);
    }
    await expect(page.getByText('Download started').first()).toBeVisible();
  });

  test('a file that cannot be fetched shows Download failed', async ({ muse, page }) => {
    await openLibrary(muse, mixed);
    await muse.stored.deleteFile(muse.seededGenerations[0]!.storagePath);
    await card(page, 'Red fox in snow')
      .getByRole('button', { name: 'Download Red fox in snow' })
      .click();
    await expect(page.getByText('Download failed')).toBeVisible();
    await expect(page.getByText('There was an error downloading your file.')).toBeVisible();
  });
});
