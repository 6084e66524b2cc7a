import { type Locator, type Page } from '@playwright/test';
import { PREMADE_VOICES } from '../../sandbox/providers/elevenlabs';
import { eventually, expect, type Muse, test, waits } from '../support/fixtures';

// Music and voiceover run as server-side jobs against the ElevenLabs sandbox, which answers real MP3s as
// long as asked (music: the duration; speech: 15 characters a second); the key 'no-credit-key' has a used-up quota.

test.describe.configure({ timeout: waits.test * 1.5 });

const preview = (page: Page) =>
  page.getByRole('region', { name: 'Preview' }).locator('visible=true');

const openAs = (muse: Muse, key: string | null) =>
  muse.signUp().withKey('elevenlabs', key).open('/create/audio', { heading: 'Audio Generation' });

async function durationOf(audio: Locator): Promise<number> {
  await expect(audio).toBeVisible({ timeout: waits.job });
  await expect
    .poll(
      () =>
        audio.evaluate(
          (a: HTMLAudioElement) =>
            a.readyState >= 1 && Number.isFinite(a.duration) && a.duration > 0,
        ),
      { timeout: waits.call },
    )
    .toBe(true);
  return audio.evaluate((a: HTMLAudioElement) => a.duration);
}

const audioRecords = async (muse: Muse) =>
  (await muse.stored.list('generations')).filter((g) => g.type === 'audio');

test.describe('music', () => {
  test('a description runs to a playable track of the chosen length, saved to the library', async ({
    muse,
    page,
  }) => {
    await openAs(muse, 'sandbox-elevenlabs-key');
    const prompt = 'Slow jazz piano in a rainy bar at midnight';
    await page.getByLabel('Description', { exact: true }).fill(prompt);
    await page.getByLabel('Duration (seconds)').fill('15');
    await page.getByLabel('Genre').selectOption('jazz');
    // The sandbox answers a 15 s track at once, so the running state may last only a moment: watch for it
    // from before the click rather than after.
    const barShown = page
      .getByRole('progressbar', { name: 'Music generation progress' })
      .waitFor({ state: 'visible' });
    const busyShown = page
      .getByRole('button', { name: 'Generating...' })
      .waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Generate Music' }).click();
    await Promise.all([barShown, busyShown]);

    // The toast shows for 5 s from the job's end; the player's metadata can take longer on a busy machine.
    const toastShown = expect(page.getByText('Music generated successfully!')).toBeVisible({
      timeout: waits.job,
    });
    expect(await durationOf(preview(page).getByLabel(`Generated audio: ${prompt}`))).toBeCloseTo(
      15,
      0,
    );
    await toastShown;
    const [saved] = await eventually(async () => {
      const all = await audioRecords(muse);
      return all.length === 1 ? all : null;
    });
    expect(saved).toMatchObject({
      prompt,
      contentType: 'audio/mpeg',
      metadata: { kind: 'music', genre: 'jazz', durationSeconds: 15 },
    });
    expect(await muse.stored.fileExists(saved!.storagePath)).toBe(true);

    await page.goto('/library');
    // The library loads audio on demand (preload none): play it as its native control would.
    const inLibrary = page.getByRole('article', { name: prompt }).getByLabel(`Audio: ${prompt}`);
    await inLibrary.evaluate((a: HTMLAudioElement) => a.play());
    expect(await durationOf(inLibrary)).toBeCloseTo(15, 0);
  });
});

test.describe('voiceover', () => {
  test('speaks the text with the chosen voice into a player with Play/Pause and Reset, saved to the library', async ({
    muse,
    page,
  }) => {
    await openAs(muse, 'sandbox-elevenlabs-key');
    await page.getByRole('tab', { name: 'Voiceover' }).click();
    // The voices are the key's own (GET /v1/voices), not the built-in fallback: wait for the sandbox's whole list.
    await expect(page.getByLabel('Voice', { exact: true }).locator('option')).toHaveCount(
      Object.keys(PREMADE_VOICES).length,
    );
    // The key's own list from ElevenLabs: text-to-speech models only, retired ones gone.
    await expect(page.getByLabel('Model').locator('option')).toHaveText([
      'Eleven Flash v2.5',
      'Eleven Multilingual v2',
      'Eleven Turbo v2',
      'Eleven Turbo v2.5',
      'Eleven v3',
    ]);
    await expect(page.getByLabel('Model')).toHaveValue('eleven_multilingual_v2');
    await expect(page.getByLabel('Text')).toHaveAttribute('rows', '5');
    const generate = page.getByRole('button', { name: 'Generate Audio' });
    await expect(generate).toBeDisabled();

    const text = 'Welcome to Muse Studio, where every idea finds its voice.';
    await page.getByLabel('Voice', { exact: true }).selectOption({ label: 'Josh' });
    await page.getByLabel('Model').selectOption({ label: 'Eleven Turbo v2' });
    await page.getByLabel('Text').fill(text);
    // The sandbox speaks at once, so the running state may last only a moment: watch for it from before the click.
    const runningShown = preview(page)
      .getByText('Generating audio...')
      .waitFor({ state: 'visible' });
    const busyShown = page
      .getByRole('button', { name: 'Generating...' })
      .waitFor({ state: 'visible' });
    await generate.click();
    await Promise.all([runningShown, busyShown]);

    const player = preview(page).getByLabel(`Generated audio: ${text.slice(0, 50)}`);
    const toastShown = expect(page.getByText('Voiceover generated successfully!')).toBeVisible({
      timeout: waits.job,
    });
    expect(await durationOf(player)).toBeCloseTo(text.length / 15, 0);
    await toastShown;

    const playPause = preview(page).getByRole('button', { name: 'Play/Pause' });
    await playPause.click();
    await expect(playPause).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
    await playPause.click();
    await expect(playPause).toHaveAttribute('aria-pressed', 'false');

    const [saved] = await eventually(async () => {
      const all = await audioRecords(muse);
      return all.length === 1 ? all : null;
    });
    expect(saved).toMatchObject({
      prompt: text,
      metadata: { kind: 'voiceover', voiceName: 'Josh', modelId: 'eleven_turbo_v2' },
    });

    await preview(page).getByRole('button', { name: 'Reset' }).click();
    await expect(preview(page).getByText('Audio player will appear here')).toBeVisible();
    await expect(page.getByLabel('Text')).toHaveValue('');
    await expect(generate).toBeDisabled();
    // Reset only clears the page: the voiceover stays in the library.
    expect(await audioRecords(muse)).toHaveLength(1);
  });

  test('a used-up ElevenLabs quota says so', async ({ muse, page }) => {
    await openAs(muse, 'no-credit-key');
    await page.getByRole('tab', { name: 'Voiceover' }).click();
    await page.getByLabel('Text').fill('Hello');
    await page.getByRole('button', { name: 'Generate Audio' }).click();
    await expect(preview(page).getByRole('alert')).toContainText(
      'Failed to generate voiceover: your ElevenLabs quota is used up.',
      { timeout: waits.job },
    );
  });
});
