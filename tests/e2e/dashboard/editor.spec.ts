import { type Page } from '@playwright/test';
import { gradientPng } from '../../sandbox/providers/png';
import {
  eventually,
  expect,
  type GenerationSeed,
  type Muse,
  test,
  waits,
} from '../support/fixtures';

// The video editor end to end: library media onto the timeline, Save creating the project, reopening it,
// drafts surviving a reload, the project list, uploads, and a render followed to its download.

// The clips of the main video track in time order; each is named "<label>, <track>, <start> to <end>".
const clips = (page: Page) =>
  page.getByRole('group', { name: 'Track: Main video' }).getByRole('button');
const clipNames = (page: Page) =>
  clips(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!.split(', ')[0]));
const starts = (page: Page) =>
  clips(page).evaluateAll((els) =>
    els.map((e) => /, (\d\d:\d\d:\d\d) to /.exec(e.getAttribute('aria-label') ?? '')?.[1]),
  );
/** Selects a clip of the main track from the keyboard (Enter on the focused clip), opening its settings. */
async function select(page: Page, label: string, nth = 0) {
  await page
    .getByRole('group', { name: 'Track: Main video' })
    .getByRole('button', { name: new RegExp(`^${label}, Main video, `) })
    .nth(nth)
    .press('Enter');
  await expect(page.getByRole('group', { name: `Selected clip: ${label}` })).toBeVisible();
}
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

const library: GenerationSeed[] = [
  { type: 'image', title: 'Red fox', body: gradientPng(320, 180, 'fox'), minutesAgo: 1 },
  { type: 'video', title: 'Waves at dawn', minutesAgo: 2 },
  { type: 'image', title: 'Mountain lake', body: gradientPng(180, 320, 'lake'), minutesAgo: 3 },
  { type: 'audio', title: 'Calm piano', minutesAgo: 4 },
];

async function openEditor(muse: Muse, items: GenerationSeed[] = library) {
  await muse.signUp().withGenerations(items, { files: true }).open('/create/editor');
  await expect(muse.page.getByLabel('Project title')).toHaveValue('Untitled Project');
}

async function addFromLibrary(
  page: Page,
  button: 'Add Media' | 'Add Image' | 'Add Video' | 'Add Audio',
  title: string,
) {
  if (button === 'Add Audio') await page.getByRole('tab', { name: 'Effects' }).click();
  else await page.getByRole('tab', { name: 'Media', exact: true }).click();
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.getByRole('button', { name: `Add ${title}` }).click();
  await expect(dialog).toBeHidden();
}

async function addTitle(page: Page) {
  await page.getByRole('tab', { name: 'Effects' }).click();
  await page.getByRole('button', { name: 'Add Title' }).click();
}

const projectsOf = (muse: Muse) => muse.stored.list('videoProjects');

test('an empty editor: untitled, nothing to render or download, a 400 px Add Media dialog of images and videos', async ({
  muse,
  page,
}) => {
  await openEditor(muse);
  await expect(page.getByRole('button', { name: 'Render', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toHaveCount(0);
  await expect(page.getByText('No clips yet.')).toBeVisible();
  await expect(page.getByText('Not saved yet')).toBeVisible();
  await expect(page.getByLabel('Duration', { exact: true })).toHaveValue('00:00:00');

  await page.getByRole('button', { name: 'Add Media' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Media' });
  // Polled: the dialog scales in, and its box is smaller until the animation ends.
  await expect
    .poll(async () => (await dialog.getByTestId('add-media-panel').boundingBox())?.height)
    .toBe(400);
  const grid = dialog.getByRole('list', { name: 'Library media' });
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  await expect(grid.getByRole('button', { name: 'Add Calm piano' })).toHaveCount(0);
  const columns = await grid.evaluate(
    (el) => getComputedStyle(el).gridTemplateColumns.split(' ').length,
  );
  expect(columns).toBe(3);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Add Image', exact: true }).click();
  const images = page
    .getByRole('dialog', { name: 'Add Image' })
    .getByRole('list', { name: 'Library media' });
  await expect(images.getByRole('button')).toHaveText(['Red fox', 'Mountain lake']);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add Video', exact: true }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Add Video' })
      .getByRole('list', { name: 'Library media' })
      .getByRole('button'),
  ).toHaveText([/Waves at dawn$/]);
  // Nothing was saved by visiting.
  expect(await projectsOf(muse)).toHaveLength(0);
});

test('builds a project from library media, edits the timeline with undo, saves it and reopens it', async ({
  muse,
  page,
}) => {
  await openEditor(muse);
  await addFromLibrary(page, 'Add Media', 'Red fox');
  await addFromLibrary(page, 'Add Video', 'Waves at dawn');
  await addTitle(page);
  await addFromLibrary(page, 'Add Image', 'Mountain lake');
  await addFromLibrary(page, 'Add Audio', 'Calm piano');

  // Spec defaults: image 5 s, video 10 s, title 3 s, back to back on the main track; audio on Audio 1.
  // Timecodes are mm:ss:frames at 30 fps.
  await expect
    .poll(() => clipNames(page))
    .toEqual(['Red fox', 'Waves at dawn', 'New Title', 'Mountain lake']);
  expect(await starts(page)).toEqual(['00:00:00', '00:05:00', '00:15:00', '00:18:00']);
  await expect(page.getByRole('group', { name: 'Track: Audio 1' }).getByRole('button')).toHaveCount(
    1,
  );
  await expect(page.getByLabel('Duration', { exact: true })).toHaveValue('00:23:00');
  expect(await projectsOf(muse)).toHaveLength(0);

  // The selected clip's duration slider: 0.1 to 30 s in 0.1 s steps; later clips move.
  await select(page, 'Waves at dawn');
  const slider = page.getByLabel('Duration of Waves at dawn');
  await expect(slider).toHaveAttribute('min', '0.1');
  await expect(slider).toHaveAttribute('max', '30');
  await expect(slider).toHaveAttribute('step', '0.1');
  await slider.fill('2.5');
  expect(await starts(page)).toEqual(['00:00:00', '00:05:00', '00:07:15', '00:10:15']);

  // Reorder from the keyboard: the title one place earlier, then to the start; the track stays back to back.
  await select(page, 'New Title');
  await page.getByRole('button', { name: 'Move New Title earlier' }).click();
  await expect
    .poll(() => clipNames(page))
    .toEqual(['Red fox', 'New Title', 'Waves at dawn', 'Mountain lake']);
  expect(await starts(page)).toEqual(['00:00:00', '00:05:00', '00:08:00', '00:10:15']);
  await page.getByRole('button', { name: 'Move New Title earlier' }).click();
  await expect
    .poll(() => clipNames(page))
    .toEqual(['New Title', 'Red fox', 'Waves at dawn', 'Mountain lake']);
  expect(await starts(page)).toEqual(['00:00:00', '00:03:00', '00:08:00', '00:10:15']);
  await expect(page.getByRole('button', { name: 'Move New Title earlier' })).toBeDisabled();

  // Remove (the track closes up), undo, redo.
  await select(page, 'Waves at dawn');
  await page.getByRole('button', { name: 'Remove Waves at dawn' }).click();
  await expect.poll(() => clipNames(page)).toEqual(['New Title', 'Red fox', 'Mountain lake']);
  expect(await starts(page)).toEqual(['00:00:00', '00:03:00', '00:08:00']);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect
    .poll(() => clipNames(page))
    .toEqual(['New Title', 'Red fox', 'Waves at dawn', 'Mountain lake']);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(() => clipNames(page)).toEqual(['New Title', 'Red fox', 'Mountain lake']);

  await select(page, 'New Title');
  await page.getByLabel('Title text').fill('Hello sea');
  await page.getByLabel('Aspect Ratio').selectOption('9:16');
  await expect(page.getByLabel('Width')).toHaveValue('1080');
  await expect(page.getByLabel('Height')).toHaveValue('1920');
  await page.getByLabel('Format').selectOption('webm');
  await page.getByLabel('Quality').selectOption('low');
  await page.getByLabel('Project title').fill('Trip to the sea');

  // Preview transport: jump to end, restart; the readout is the timeline's mm:ss:frames (30 fps).
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await expect(page.getByLabel('Current time')).toHaveText('00:13:00 / 00:13:00');
  await page.getByRole('button', { name: 'Restart' }).click();
  await expect(page.getByLabel('Current time')).toHaveText('00:00:00 / 00:13:00');
  await page.getByLabel('Seek').fill('4.2');
  await expect(page.getByLabel('Current time')).toHaveText('00:04:06 / 00:13:00');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Project saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/create\/editor\?project=[\w-]+$/);
  await expect(page.getByText('All changes saved')).toBeVisible();
  const [stored] = await eventually(async () => {
    const docs = await projectsOf(muse);
    return docs.length ? docs : null;
  });
  expect(stored).toMatchObject({
    title: 'Trip to the sea',
    settings: {
      project: {
        aspectRatio: '9:16',
        resolution: { width: 1080, height: 1920 },
        fps: 30,
        format: 'webm',
        quality: 'low',
      },
      timelineItems: [
        {
          type: 'title',
          start_time: 0,
          duration: 3,
          settings: { text: 'Hello sea', fontSize: 32, color: '#ffffff' },
        },
        { type: 'image', start_time: 3, duration: 5, settings: { name: 'Red fox' } },
        { type: 'image', start_time: 8, duration: 5, settings: { name: 'Mountain lake' } },
        { type: 'audio', start_time: 0, duration: 10, settings: { name: 'Calm piano' } },
      ],
    },
  });

  // A second Save updates the same project.
  await page.getByLabel('Project title').fill('Trip to the sea, day 2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect
    .poll(async () => (await projectsOf(muse)).map((d) => d.title))
    .toEqual(['Trip to the sea, day 2']);

  await page.reload();
  await expect(page.getByLabel('Project title')).toHaveValue('Trip to the sea, day 2');
  await expect.poll(() => clipNames(page)).toEqual(['Hello sea', 'Red fox', 'Mountain lake']);
  await expect(page.getByLabel('Aspect Ratio')).toHaveValue('9:16');
  await expect(page.getByLabel('Format')).toHaveValue('webm');
  await expect(page.getByText('All changes saved')).toBeVisible();

  // Reopen from the list after starting a new project.
  await page.getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/create\/editor$/);
  await expect(page.getByLabel('Project title')).toHaveValue('Untitled Project');
  await expect(page.getByText('No clips yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Open Trip to the sea, day 2' }).click();
  await expect(page.getByLabel('Project title')).toHaveValue('Trip to the sea, day 2');
  await expect(clips(page)).toHaveCount(3);
});

test('export presets: a 4:5, 60 fps, 4K project saves and reopens with those settings', async ({
  muse,
  page,
}) => {
  await openEditor(muse);
  await addFromLibrary(page, 'Add Image', 'Red fox');
  await page.getByLabel('Aspect Ratio').selectOption('4:5');
  await expect(page.getByText('For Instagram, Facebook and LinkedIn feeds')).toBeVisible();
  await expect(page.getByLabel('Width')).toHaveValue('1080');
  await expect(page.getByLabel('Height')).toHaveValue('1350');
  await page.getByLabel('Export Size').selectOption('2160p');
  await expect(page.getByLabel('Width')).toHaveValue('2160');
  await expect(page.getByLabel('Height')).toHaveValue('2700');
  await expect(page.getByText('4K exports take longer.')).toBeVisible();
  await page.getByLabel('Frame Rate').selectOption('60');
  await page.getByLabel('Project title').fill('Feed at 60');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Project saved successfully')).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
  const [stored] = await eventually(async () => {
    const docs = await projectsOf(muse);
    return docs.length ? docs : null;
  });
  expect(stored).toMatchObject({
    title: 'Feed at 60',
    settings: {
      project: { aspectRatio: '4:5', resolution: { width: 2160, height: 2700 }, fps: 60 },
      timelineItems: [{ type: 'image', start_time: 0, duration: 5, settings: { name: 'Red fox' } }],
    },
  });

  await page.reload();
  await expect(page.getByLabel('Project title')).toHaveValue('Feed at 60');
  await expect(page.getByLabel('Aspect Ratio')).toHaveValue('4:5');
  await expect(page.getByLabel('Export Size')).toHaveValue('2160p');
  await expect(page.getByLabel('Frame Rate')).toHaveValue('60');
  await expect(page.getByLabel('Width')).toHaveValue('2160');
  await expect(page.getByLabel('Height')).toHaveValue('2700');
  await expect(page.getByText('All changes saved')).toBeVisible();
});

test('unsaved edits survive a reload, for a new project and a saved one', async ({
  muse,
  page,
}) => {
  await openEditor(muse);
  await addFromLibrary(page, 'Add Media', 'Red fox');
  await page.getByLabel('Project title').fill('Draft only');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Project title')).toHaveValue('Draft only');
  await expect.poll(() => clipNames(page)).toEqual(['Red fox']);
  expect(await projectsOf(muse)).toHaveLength(0);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/project=/);
  await addTitle(page);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.reload();
  await expect.poll(() => clipNames(page)).toEqual(['Red fox', 'New Title']);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  // The stored project still has one clip until Save.
  expect((await projectsOf(muse))[0]!.settings.timelineItems).toHaveLength(1);
  // The new-project draft went with the first Save.
  await page.goto('/create/editor');
  await expect(page.getByLabel('Project title')).toHaveValue('Untitled Project');
});

test('Upload New: disabled until a file is chosen, then uploads to the library and adds the clip', async ({
  muse,
  page,
}) => {
  await openEditor(muse, []);
  await page.getByRole('button', { name: 'Add Media' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Media' });
  await expect(dialog.getByText('No images and videos in your library yet.')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Upload New' }).click();
  const upload = dialog.getByRole('button', { name: 'Upload and Select' });
  await expect(upload).toBeDisabled();
  await dialog.getByLabel('Choose a file').setInputFiles({
    name: 'beach-day.png',
    mimeType: 'image/png',
    buffer: gradientPng(64, 36, 'beach'),
  });
  await expect(upload).toBeEnabled();
  await upload.click();
  // The upload, then addLibraryFile's record: a callable's wait, not a step's.
  await expect(toast(page, 'Asset uploaded successfully')).toBeVisible({ timeout: waits.call });
  await expect.poll(() => clipNames(page)).toEqual(['beach-day']);
  const records = await eventually(async () => {
    const docs = await muse.stored.list('generations');
    return docs.length ? docs : null;
  });
  expect(records).toEqual([
    expect.objectContaining({
      type: 'image',
      title: 'beach-day',
      source: { kind: 'upload' },
      contentType: 'image/png',
    }),
  ]);
});

test('deletes a project from the list after confirming', async ({ muse, page }) => {
  await openEditor(muse);
  await addTitle(page);
  await page.getByLabel('Project title').fill('Throwaway');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('list', { name: 'Saved projects' }).getByRole('listitem', { name: 'Throwaway' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Delete Throwaway' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(
    'This action cannot be undone. This will permanently delete your project.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect(await projectsOf(muse)).toHaveLength(1);

  await page.getByRole('button', { name: 'Delete Throwaway' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Project deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/create\/editor$/);
  await expect(page.getByText('No saved projects yet.')).toBeVisible();
  expect(await projectsOf(muse)).toHaveLength(0);
});

test('the library links to the video projects', async ({ muse, page }) => {
  await openEditor(muse, []);
  await addTitle(page);
  await page.getByLabel('Project title').fill('From the library');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.goto('/library');
  await page.getByRole('link', { name: 'Video Projects' }).click();
  await page.getByRole('link', { name: 'Open From the library' }).click();
  await expect(page.getByLabel('Project title')).toHaveValue('From the library');
});

test('renders the project in the browser, follows the job to the end and downloads {title}.{format}', async ({
  muse,
  page,
}) => {
  test.setTimeout(waits.test * 2);
  await openEditor(muse, [{ type: 'image', title: 'Red fox', body: gradientPng(320, 180, 'fox') }]);
  await addFromLibrary(page, 'Add Media', 'Red fox');
  await select(page, 'Red fox');
  await page.getByLabel('Duration of Red fox').fill('0.5');
  await addTitle(page);
  await select(page, 'New Title');
  await page.getByLabel('Duration of New Title').fill('0.5');
  await page.getByLabel('Format').selectOption('webm');
  await page.getByLabel('Quality').selectOption('low');
  await page.getByLabel('Project title').fill('Sea render');

  // Render saves the unsaved project first, then follows its job.
  await page.getByRole('button', { name: 'Render', exact: true }).click();
  await expect(page).toHaveURL(/project=/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your video is ready to download!' }),
  ).toBeVisible({ timeout: waits.render });
  const [project] = await projectsOf(muse);
  const jobs = await muse.stored.list('renderJobs');
  expect(jobs).toEqual([
    expect.objectContaining({
      projectId: project!.id,
      status: 'completed',
      progress: 100,
      outputUrl: expect.stringContaining('renders'),
      outputPath: expect.stringMatching(new RegExp(`^${muse.user.uid}/renders/[\\w-]+\\.webm$`)),
    }),
  ]);
  const library = await muse.stored.list('generations');
  expect(library).toContainEqual(
    expect.objectContaining({
      type: 'video',
      title: 'Sea render (render 1)',
      source: { kind: 'render' },
      contentType: 'video/webm',
      metadata: { projectId: project!.id },
    }),
  );

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Sea render.webm');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const file = Buffer.concat(chunks);
  // A WebM file starts with the EBML header.
  expect(file.subarray(0, 4).toString('hex')).toBe('1a45dfa3');

  // The banner and Download come back with the project.
  await page.reload();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your video is ready to download!' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeVisible();
});

test('a render can be cancelled, and the banner says so', async ({ muse, page }) => {
  test.setTimeout(waits.test * 1.5);
  await openEditor(muse, [{ type: 'image', title: 'Red fox', body: gradientPng(320, 180, 'fox') }]);
  for (let i = 0; i < 3; i++) await addFromLibrary(page, 'Add Media', 'Red fox');
  for (let i = 0; i < 3; i++) {
    await select(page, 'Red fox', i);
    await page.getByLabel('Duration of Red fox').fill('30');
  }
  await page.getByRole('button', { name: 'Render', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your video is being rendered...' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Render', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel render' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Render cancelled.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Render failed' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Render', exact: true })).toBeEnabled();
  const jobs = await muse.stored.list('renderJobs');
  expect(jobs).toEqual([
    expect.objectContaining({
      status: 'failed',
      error: { code: 'cancelled', message: 'Render cancelled' },
    }),
  ]);
});
