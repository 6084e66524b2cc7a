import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { THEME_STORAGE_KEY } from '../../../core/constants';
import { silentMp3 } from '../../sandbox/providers/mp3';
import { type Page } from '@playwright/test';
import { expect, test, waits, type Muse } from '../support/fixtures';

// Captions end to end: a voiceover from the library on the timeline, Transcribe through the ElevenLabs
// sandbox (a word every half second of the file), a word edited in the inspector, and the SRT and VTT
// downloads. With E2E_SHOTS=<dir> it also saves the editor with its captions at 375 and 1280 px in both themes.

/** A new account with an ElevenLabs key and a 4 s voiceover in its library, on the editor's timeline. */
async function editorWithVoiceover(muse: Muse, page: Page) {
  await muse
    .signUp()
    .withKey('elevenlabs', 'sandbox-elevenlabs-key-0001')
    .withGenerations([{ type: 'audio', title: 'Voiceover', body: silentMp3(4000) }], {
      files: true,
    })
    .open('/create/editor');
  await page.getByRole('tab', { name: 'Effects' }).click();
  await page.getByRole('button', { name: 'Add Audio', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Add Audio' })
    .getByRole('button', { name: 'Add Voiceover' })
    .click();
}

test('transcribes a clip into captions, edits a word and downloads SRT and VTT', async ({
  muse,
  page,
}) => {
  await editorWithVoiceover(muse, page);
  await page
    .getByRole('group', { name: 'Track: Audio 1' })
    .getByRole('button', { name: /^Voiceover, Audio 1, / })
    .press('Enter');
  await expect(page.getByRole('group', { name: 'Selected clip: Voiceover' })).toBeVisible();

  const captions = page.getByRole('region', { name: 'Captions' });
  await captions.getByRole('button', { name: 'Transcribe', exact: true }).click();
  // The sandbox hears 8 words in 4 s: two lines of one cue.
  await expect(captions.getByRole('status')).toHaveText(
    'Transcribed Voiceover: 1 caption on the caption track.',
    { timeout: waits.job },
  );
  const cue = page
    .getByRole('group', { name: 'Track: Captions' })
    .getByRole('button', { name: /^Hello and welcome/ });
  await expect(cue).toHaveCount(1);

  await cue.press('Enter');
  const word = page.getByRole('textbox', { name: 'Word 1 at 0.00 s' });
  await word.fill('Howdy');
  await word.press('Enter');
  await expect(
    page
      .getByRole('group', { name: 'Track: Captions' })
      .getByRole('button', { name: /^Howdy and welcome/ }),
  ).toHaveCount(1);

  const srt = page.waitForEvent('download');
  await captions.getByRole('button', { name: 'Download SRT' }).click();
  const srtFile = await srt;
  expect(srtFile.suggestedFilename()).toBe('Untitled Project.srt');
  expect(await readFile((await srtFile.path())!, 'utf8')).toBe(
    '1\n00:00:00,000 --> 00:00:03,900\nHowdy and welcome to the sandbox\nwhere every\n',
  );
  const vtt = page.waitForEvent('download');
  await captions.getByRole('button', { name: 'Download VTT' }).click();
  expect(await readFile((await (await vtt).path())!, 'utf8')).toBe(
    'WEBVTT\n\n00:00:00.000 --> 00:00:03.900\nHowdy and welcome to the sandbox\nwhere every\n',
  );

  const shots = process.env.E2E_SHOTS;
  if (!shots) return;
  await mkdir(shots, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      THEME_STORAGE_KEY,
      theme,
    ] as const);
    // The unsaved project comes back from its draft.
    await page.reload();
    const shown = page
      .getByRole('group', { name: 'Track: Captions' })
      .getByRole('button', { name: /^Howdy and welcome/ });
    await shown.press('Enter');
    // The playhead on "welcome" (1.0-1.4 s), so the preview shows it highlighted.
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    for (let i = 0; i < 36; i++) await page.keyboard.press('ArrowRight');
    for (const [size, viewport] of [
      ['375', { width: 375, height: 812 }],
      ['1280', { width: 1280, height: 800 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.screenshot({
        path: join(shots, `editor-captions-${size}-${theme}.png`),
        fullPage: true,
      });
    }
  }
});

test("transcribes the whole timeline's sound into captions at timeline times", async ({
  muse,
  page,
}) => {
  await editorWithVoiceover(muse, page);
  const captions = page.getByRole('region', { name: 'Captions' });
  // No clip selected: the timeline's mix (4 s) is uploaded as a WAV and transcribed through the sandbox.
  await captions.getByRole('button', { name: 'Transcribe timeline' }).click();
  await expect(captions.getByRole('status')).toHaveText(
    'Transcribed the timeline: 1 caption on the caption track.',
    { timeout: waits.job },
  );
  await expect(
    page
      .getByRole('group', { name: 'Track: Captions' })
      .getByRole('button', { name: /^Hello and welcome/ }),
  ).toHaveCount(1);
  // The style picker changes the track's look.
  await captions.getByRole('combobox', { name: 'Look' }).selectOption('karaoke');
  await expect(captions.getByRole('combobox', { name: 'Look' })).toHaveValue('karaoke');
});
