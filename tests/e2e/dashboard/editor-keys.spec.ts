import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../../core/constants';
import {
  defaultProjectSettings,
  type TimelineItem,
  type VideoProjectDoc,
} from '../../../core/editor/model';
import { userCollectionPath } from '../../../core/firestore-paths';
import { adminDb } from '../support/admin';
import { expect, test, type Muse } from '../support/fixtures';

// The editor's key bindings (dashboard/features/video-editor/model/keymap.ts) pressed as a user presses
// them, each judged by what the screen shows: the playhead's timecode, the play button and the shuttle
// speed, the clips on the main track by their names, the selection, the Snap toggle, the clips' width
// (the zoom), the shortcuts overlay. Every default key of every action has its step. Then a remap made
// in the overlay, and a tab killed mid-edit. One account, one seeded project and one page per test. With
// E2E_SHOTS=<dir>, it also saves the preview with the shuttle's speed at 375 and 1280 px, light and dark.

/** Three 20 s titles back to back on the main track: a minute at 30 fps. */
const ITEMS: TimelineItem[] = (['Alpha', 'Bravo', 'Charlie'] as const).map((text, i) => ({
  id: `clip-${text.toLowerCase()}`,
  type: 'title',
  settings: { text, fontSize: 32, color: '#ffffff' },
  start_time: i * 20,
  duration: 20,
}));
const SEEDED = ['Alpha 00:00:00-00:20:00', 'Bravo 00:20:00-00:40:00', 'Charlie 00:40:00-01:00:00'];

/** A new account with the project stored, its editor open (one load of the app); resolves to the project's id. */
async function openProject(muse: Muse, page: Page): Promise<string> {
  await muse.signUp().create();
  const now = Timestamp.now();
  const project: VideoProjectDoc<Timestamp> = {
    title: 'Keys',
    settings: { timelineItems: ITEMS, project: defaultProjectSettings },
    createdAt: now,
    updatedAt: now,
  };
  const { id } = await adminDb()
    .collection(userCollectionPath(muse.user.uid, 'videoProjects'))
    .add(project);
  await muse.startSession();
  await muse.open(`/create/editor?project=${id}`);
  await expect(page.getByLabel('Project title')).toHaveValue('Keys');
  await expect.poll(() => mainTrack(page)).toEqual(SEEDED);
  return id;
}

const clips = (page: Page) =>
  page.getByRole('group', { name: 'Track: Main video' }).getByRole('button');
/** The main track as "<label> <start>-<end>" in time order (from each clip's name "<label>, Main video, <start> to <end>"). */
const mainTrack = (page: Page) =>
  clips(page).evaluateAll((els) =>
    els
      .map((e) => /^(.*), Main video, (\S+) to (\S+)$/.exec(e.getAttribute('aria-label') ?? '')!)
      .sort((a, b) => a[2]!.localeCompare(b[2]!))
      .map(([, label, start, end]) => `${label} ${start}-${end}`),
  );
const clip = (page: Page, label: string, start: string) =>
  page.getByRole('button', { name: new RegExp(`^${label}, Main video, ${start} to `) });
const playhead = (page: Page) => page.getByLabel('Playhead', { exact: true });
const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
/** The preview's readout "mm:ss:ff / mm:ss:ff" (30 fps) as the current second. */
async function currentSeconds(page: Page): Promise<number> {
  const text = await preview(page).getByLabel('Current time').innerText();
  const [, m, s, f] = /^(\d+):(\d+):(\d+)/.exec(text)!;
  return Number(m) * 60 + Number(s) + Number(f) / 30;
}
/** The width on screen of a clip's box, which follows the zoom (px per frame). */
const widthOf = (page: Page, label: string) =>
  clip(page, label, '00:00:00').evaluate((el) => el.parentElement!.getBoundingClientRect().width);
/** Keys go to the page, not a control: focus on nothing, as after clicking an empty part of the page. */
const focusPage = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test('transport keys: play and pause, the J/K/L shuttle, frame and second steps, Home and End', async ({
  muse,
  page,
}) => {
  await openProject(muse, page);
  await focusPage(page);
  const playing = preview(page).getByRole('button', { name: 'Pause', exact: true });
  const paused = preview(page).getByRole('button', { name: 'Play', exact: true });
  const speed = preview(page).getByLabel('Shuttle speed');

  await test.step('ArrowRight and ArrowLeft step one frame, with Shift one second', async () => {
    await expect(playhead(page)).toHaveText('00:00:00 / 01:00:00');
    await page.keyboard.press('ArrowRight');
    await expect(playhead(page)).toHaveText('00:00:01 / 01:00:00');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(playhead(page)).toHaveText('00:01:01 / 01:00:00');
    await page.keyboard.press('ArrowLeft');
    await expect(playhead(page)).toHaveText('00:01:00 / 01:00:00');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(playhead(page)).toHaveText('00:01:00 / 01:00:00');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(playhead(page)).toHaveText('00:00:00 / 01:00:00');
  });

  await test.step('End goes to the end, Home back to the start', async () => {
    await page.keyboard.press('End');
    await expect(playhead(page)).toHaveText('01:00:00 / 01:00:00');
    await page.keyboard.press('Home');
    await expect(playhead(page)).toHaveText('00:00:00 / 01:00:00');
  });

  await test.step('Space plays and pauses', async () => {
    await page.keyboard.press('Space');
    await expect(playing).toBeVisible();
    await expect.poll(() => currentSeconds(page)).toBeGreaterThan(0);
    await expect(speed).toHaveCount(0);
    await page.keyboard.press('Space');
    await expect(paused).toBeVisible();
    await page.keyboard.press('Home');
    await expect(playhead(page)).toHaveText('00:00:00 / 01:00:00');
  });

  await test.step('L plays forwards, again at 2x, again at 4x (the most); K pauses', async () => {
    await page.keyboard.press('L');
    await expect(playing).toBeVisible();
    await expect(speed).toHaveCount(0);
    const from = await currentSeconds(page);
    await expect.poll(() => currentSeconds(page)).toBeGreaterThan(from);
    await page.keyboard.press('L');
    await expect(speed).toHaveText('2× forwards');
    await page.keyboard.press('L');
    await expect(speed).toHaveText('4× forwards');
    await page.keyboard.press('L');
    await expect(speed).toHaveText('4× forwards');
    await page.keyboard.press('K');
    await expect(paused).toBeVisible();
    await expect(speed).toHaveCount(0);
  });

  await test.step('J plays backwards from the end, again at 2x, again at 4x; K pauses, and K again plays', async () => {
    await page.keyboard.press('End');
    await expect(playhead(page)).toHaveText('01:00:00 / 01:00:00');
    await page.keyboard.press('J');
    await expect(playing).toBeVisible();
    await expect(speed).toHaveText('1× backwards');
    await expect.poll(() => currentSeconds(page)).toBeLessThan(60);
    await page.keyboard.press('J');
    await expect(speed).toHaveText('2× backwards');
    await page.keyboard.press('J');
    await expect(speed).toHaveText('4× backwards');
    await page.keyboard.press('K');
    await expect(paused).toBeVisible();
    await expect(speed).toHaveCount(0);
    // Space and K both play and pause (the editor's README, Keyboard).
    await page.keyboard.press('K');
    await expect(playing).toBeVisible();
    await page.keyboard.press('K');
    await expect(paused).toBeVisible();
  });

  const shots = process.env.E2E_SHOTS;
  if (!shots) return;
  // The shuttle's speed beside the time, shuttling backwards at 2x, for a person to look at.
  await mkdir(shots, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      THEME_STORAGE_KEY,
      theme,
    ] as const);
    await page.reload();
    await expect(playhead(page)).toHaveText('00:00:00 / 01:00:00');
    await focusPage(page);
    await page.keyboard.press('End');
    await page.keyboard.press('J');
    await page.keyboard.press('J');
    await expect(speed).toHaveText('2× backwards');
    for (const [size, viewport] of [
      ['375', { width: 375, height: 812 }],
      ['1280', { width: 1280, height: 800 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await preview(page).screenshot({ path: join(shots, `editor-shuttle-${size}-${theme}.png`) });
    }
    await page.keyboard.press('K');
  }
});

test('editing keys: split, drop left and right, delete, ripple delete, undo and redo, clipboard, snapping, markers, zoom', async ({
  muse,
  page,
}) => {
  await openProject(muse, page);
  await focusPage(page);
  const undo = async () => {
    await page.keyboard.press('Control+Z');
    await expect.poll(() => mainTrack(page)).toEqual(SEEDED);
  };
  /** The playhead five seconds in, inside Alpha. */
  const toFiveSeconds = async () => {
    await page.keyboard.press('Home');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight');
    await expect(playhead(page)).toHaveText('00:05:00 / 01:00:00');
  };
  const splitAlpha = ['Alpha 00:00:00-00:05:00', 'Alpha 00:05:00-00:20:00', ...SEEDED.slice(1)];

  await test.step('S splits at the playhead; Ctrl+Z undoes it; Ctrl+Shift+Z and Ctrl+Y redo it', async () => {
    await toFiveSeconds();
    await page.keyboard.press('S');
    await expect.poll(() => mainTrack(page)).toEqual(splitAlpha);
    await undo();
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => mainTrack(page)).toEqual(splitAlpha);
    await undo();
    await page.keyboard.press('Control+Y');
    await expect.poll(() => mainTrack(page)).toEqual(splitAlpha);
    await undo();
  });

  await test.step('Q drops the part left of the playhead, W the part right of it; the track closes up', async () => {
    await page.keyboard.press('Q');
    await expect
      .poll(() => mainTrack(page))
      .toEqual(['Alpha 00:00:00-00:15:00', 'Bravo 00:15:00-00:35:00', 'Charlie 00:35:00-00:55:00']);
    await expect(playhead(page)).toHaveText('00:00:00 / 00:55:00');
    await undo();
    await toFiveSeconds();
    await page.keyboard.press('W');
    await expect
      .poll(() => mainTrack(page))
      .toEqual(['Alpha 00:00:00-00:05:00', 'Bravo 00:05:00-00:25:00', 'Charlie 00:25:00-00:45:00']);
    await undo();
  });

  await test.step('Delete and Backspace remove the selected clip and leave its gap; with Shift the track closes up', async () => {
    for (const key of ['Delete', 'Backspace']) {
      await clip(page, 'Bravo', '00:20:00').click();
      await expect(clip(page, 'Bravo', '00:20:00')).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press(key);
      await expect.poll(() => mainTrack(page)).toEqual([SEEDED[0], SEEDED[2]]);
      await undo();
    }
    for (const key of ['Shift+Delete', 'Shift+Backspace']) {
      await clip(page, 'Bravo', '00:20:00').click();
      await page.keyboard.press(key);
      await expect.poll(() => mainTrack(page)).toEqual([SEEDED[0], 'Charlie 00:20:00-00:40:00']);
      await undo();
    }
  });

  await test.step('Ctrl+C copies and Ctrl+V pastes at the playhead; Ctrl+X cuts; Ctrl+D duplicates', async () => {
    await clip(page, 'Alpha', '00:00:00').click();
    await page.keyboard.press('Control+C');
    await page.keyboard.press('End');
    await page.keyboard.press('Control+V');
    await expect.poll(() => mainTrack(page)).toEqual([...SEEDED, 'Alpha 01:00:00-01:20:00']);
    // The pasted clip is the selection.
    await expect(clip(page, 'Alpha', '01:00:00')).toHaveAttribute('aria-pressed', 'true');
    await expect(clip(page, 'Alpha', '00:00:00')).toHaveAttribute('aria-pressed', 'false');
    await undo();

    await clip(page, 'Bravo', '00:20:00').click();
    await page.keyboard.press('Control+X');
    await expect.poll(() => mainTrack(page)).toEqual([SEEDED[0], SEEDED[2]]);
    await page.keyboard.press('End');
    await page.keyboard.press('Control+V');
    await expect
      .poll(() => mainTrack(page))
      .toEqual([SEEDED[0], SEEDED[2], 'Bravo 01:00:00-01:20:00']);
    await page.keyboard.press('Control+Z');
    await undo();

    await clip(page, 'Charlie', '00:40:00').click();
    await page.keyboard.press('Control+D');
    await expect.poll(() => mainTrack(page)).toEqual([...SEEDED, 'Charlie 01:00:00-01:20:00']);
    await expect(clip(page, 'Charlie', '01:00:00')).toHaveAttribute('aria-pressed', 'true');
    await undo();
  });

  await test.step('N turns snapping off and on', async () => {
    await focusPage(page);
    const snap = page
      .getByRole('toolbar', { name: 'Timeline tools' })
      .getByRole('button', { name: 'Snap', exact: true });
    await expect(snap).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('N');
    await expect(snap).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('N');
    await expect(snap).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('M adds a marker at the playhead; ] goes to the next marker, [ to the previous one', async () => {
    await focusPage(page);
    const markers = page
      .getByRole('group', { name: 'Markers' })
      .getByRole('button', { name: /^Marker \d+ at / });
    await expect(markers).toHaveCount(0);
    await page.keyboard.press('Home');
    await page.keyboard.press('M');
    await toFiveSeconds();
    await page.keyboard.press('M');
    await expect
      .poll(() => markers.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))))
      .toEqual(['Marker 1 at 00:00:00', 'Marker 2 at 00:05:00']);
    await page.keyboard.press('Home');
    await page.keyboard.press('BracketRight');
    await expect(playhead(page)).toHaveText('00:05:00 / 01:00:00');
    await page.keyboard.press('End');
    await page.keyboard.press('BracketLeft');
    await expect(playhead(page)).toHaveText('00:05:00 / 01:00:00');
    await page.keyboard.press('BracketLeft');
    await expect(playhead(page)).toHaveText('00:00:00 / 01:00:00');
  });

  await test.step('+ and = zoom in, - zooms out, Shift+Z fits the project in the timeline', async () => {
    const view = await page.getByTestId('timeline-scroll').evaluate((el) => el.clientWidth);
    // The project opens fitted: the three clips fill the timeline's visible width. Each step is 1.5 times.
    const fitted = await widthOf(page, 'Alpha');
    expect(3 * fitted).toBeLessThanOrEqual(view);
    expect(3 * fitted).toBeGreaterThan(0.9 * view);
    await page.keyboard.press('Shift+Equal');
    await expect.poll(() => widthOf(page, 'Alpha')).toBeCloseTo(1.5 * fitted, 0);
    await page.keyboard.press('Equal');
    await expect.poll(() => widthOf(page, 'Alpha')).toBeCloseTo(2.25 * fitted, 0);
    await page.keyboard.press('Minus');
    await expect.poll(() => widthOf(page, 'Alpha')).toBeCloseTo(1.5 * fitted, 0);
    await page.keyboard.press('Shift+Z');
    await expect.poll(() => widthOf(page, 'Alpha')).toBeCloseTo(fitted, 0);
  });
});

test('keys typed in a field stay there; ? opens the overlay, a key remapped in it works and survives a reload', async ({
  muse,
  page,
}) => {
  await openProject(muse, page);

  await test.step('typing in the project title changes the title, not the timeline', async () => {
    const title = page.getByLabel('Project title');
    await title.click();
    await title.press('End');
    await page.keyboard.type(' SQWN=-?');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    await expect(title).toHaveValue('Keys SQWN=');
    await expect.poll(() => mainTrack(page)).toEqual(SEEDED);
    await expect(playhead(page)).toHaveText('00:00:00 / 01:00:00');
    await expect(preview(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Snap', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  });

  const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await test.step('? opens the shortcuts overlay, listing every binding', async () => {
    await focusPage(page);
    await page.keyboard.press('Shift+Slash');
    await expect(overlay).toBeVisible();
    await expect(
      overlay.getByRole('listitem').filter({ hasText: 'Split at playhead' }),
    ).toContainText('S');
    const rows = overlay.getByRole('list', { name: 'Shortcuts' }).getByRole('listitem');
    await expect(rows.first()).toContainText('Play or pause');
    await expect(rows.last()).toContainText('Show keyboard shortcuts');
  });

  await test.step('Split remapped to B in the overlay: B splits, S no longer does', async () => {
    await overlay.getByRole('button', { name: 'Change the key for Split at playhead' }).click();
    await expect(
      overlay.getByRole('button', { name: 'Change the key for Split at playhead' }),
    ).toHaveText('Press…');
    await page.keyboard.press('B');
    await expect(
      overlay.getByRole('listitem').filter({ hasText: 'Split at playhead' }).locator('kbd'),
    ).toHaveText(['B']);
    await overlay.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(overlay).toBeHidden();
    await focusPage(page);
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('S');
    await expect(playhead(page)).toHaveText('00:05:00 / 01:00:00');
    await expect.poll(() => mainTrack(page)).toEqual(SEEDED);
    await page.keyboard.press('B');
    await expect
      .poll(() => mainTrack(page))
      .toEqual(['Alpha 00:00:00-00:05:00', 'Alpha 00:05:00-00:20:00', ...SEEDED.slice(1)]);
  });

  await test.step('after a reload B still splits and S still does not', async () => {
    await page.reload();
    // The split comes back from the draft.
    await expect
      .poll(() => mainTrack(page))
      .toEqual(['Alpha 00:00:00-00:05:00', 'Alpha 00:05:00-00:20:00', ...SEEDED.slice(1)]);
    await focusPage(page);
    for (let i = 0; i < 30; i++) await page.keyboard.press('Shift+ArrowRight');
    await expect(playhead(page)).toHaveText('00:30:00 / 01:00:00');
    await page.keyboard.press('S');
    await expect(clips(page)).toHaveCount(4);
    await page.keyboard.press('B');
    await expect
      .poll(() => mainTrack(page))
      .toEqual([
        'Alpha 00:00:00-00:05:00',
        'Alpha 00:05:00-00:20:00',
        'Bravo 00:20:00-00:30:00',
        'Bravo 00:30:00-00:40:00',
        SEEDED[2],
      ]);
    await page.keyboard.press('Shift+Slash');
    await expect(
      overlay.getByRole('listitem').filter({ hasText: 'Split at playhead' }).locator('kbd'),
    ).toHaveText(['B']);
  });
});

test('a tab killed right after an edit reopens with that edit', async ({ muse, page, context }) => {
  const id = await openProject(muse, page);
  await clip(page, 'Bravo', '00:20:00').click();
  await page.keyboard.press('Delete');
  await expect.poll(() => mainTrack(page)).toEqual([SEEDED[0], SEEDED[2]]);
  // The tab's renderer process is killed, as the OS or a crash ends it: no pagehide, no unload, no timer
  // runs after this. (chrome://kill is handled by the browser, which ends the process; no page loads.)
  const killed = page.waitForEvent('crash');
  await page.goto('chrome://kill').catch(() => undefined);
  await killed;

  const reopened = await context.newPage();
  await reopened.goto(`/create/editor?project=${id}`);
  await expect(reopened.getByLabel('Project title')).toHaveValue('Keys');
  await expect.poll(() => mainTrack(reopened)).toEqual([SEEDED[0], SEEDED[2]]);
  await expect(reopened.getByText('Unsaved changes')).toBeVisible();
});
