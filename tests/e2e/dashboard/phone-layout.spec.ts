import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../../core/constants';
import { defaultProjectSettings, type VideoProjectDoc } from '../../../core/editor/model';
import { userCollectionPath } from '../../../core/firestore-paths';
import { adminDb } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { navigateInApp } from '../support/navigate';

// Every signed-in screen on a 375 px phone: none may be wider than the viewport, and no placeholder or
// chosen option may be cut. One account, one page, the screens visited in turn (cheap: one context, one
// sign-in). With E2E_SHOTS=<dir>, it also saves a
// screenshot of each screen at 375 and 1280 px in the light and dark themes, for a person to look at.

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const LONG_TITLE = 'A rather long project title about a summer trip to the seaside';
/** A saved draft with long text: its line in the Drafts list must truncate, not stretch the page. */
const LONG_DRAFT =
  'A long draft about the harbour at dawn, the fishing boats coming in, the gulls over the pier and the market opening on the quay';

/** What a user may paste: one unbroken word past X's limit and a long tracking URL. No preview may widen the page. */
const UNBROKEN = `${'x'.repeat(281)} https://example.com/launch?utm_source=newsletter&utm_medium=email&utm_campaign=winter_launch_2026&utm_content=hero_button_variant_b&fbclid=IwAR3xY7kLmN0pQrStUvWxYz123456789abcdef`;
const X_CREDENTIALS = {
  consumerKey: 'sandbox-consumer-key',
  consumerSecret: 'sandbox-consumer-key-secret',
  accessToken: 'sandbox-access-token',
  accessTokenSecret: 'sandbox-access-token-secret',
};
const LINKEDIN_CREDENTIALS = {
  clientId: 'sandbox-linkedin-client',
  clientSecret: 'sandbox-linkedin-secret',
  accessToken: 'sandbox-linkedin-token',
};

const screens: { path: string; heading: string }[] = [
  { path: '/', heading: 'Dashboard' },
  { path: '/library', heading: 'Library' },
  { path: '/create', heading: 'Create' },
  { path: '/create/image', heading: 'Image Generation' },
  { path: '/create/video', heading: 'Video Generation' },
  { path: '/create/audio', heading: 'Audio Generation' },
  { path: '/create/editor', heading: 'Video Editor' },
  { path: '/integrations', heading: 'Integrations' },
  { path: '/integrations?tab=llm', heading: 'Integrations' },
  { path: '/integrations?tab=social', heading: 'Integrations' },
  { path: '/settings', heading: 'Settings' },
  { path: '/settings/plan', heading: 'Plan Settings' },
  { path: '/social', heading: 'Social Media Management' },
  { path: '/social/x', heading: 'X/Twitter' },
  { path: '/social/linkedin', heading: 'LinkedIn' },
  { path: '/social/reddit', heading: 'Reddit' },
  { path: '/social/youtube', heading: 'YouTube' },
  { path: '/compose', heading: 'Compose' },
];

/** How far the page is wider than the window, and the element that reaches furthest right. */
function measureOverflow(): { scrollWidth: number; innerWidth: number; widest: string } {
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    const cls =
      typeof el.className === 'string' && el.className
        ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}`
        : '';
    return `<${el.tagName.toLowerCase()}${id}${cls}> "${label}" right edge ${Math.round(el.getBoundingClientRect().right)} px`;
  };
  let widest: Element | null = null;
  let right = window.innerWidth;
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    // Content scrolled inside a clipping ancestor does not widen the page.
    let clipped = false;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (style.overflowX !== 'visible') {
        clipped = true;
        break;
      }
    }
    if (!clipped && r.right > right + 0.5) {
      right = r.right;
      widest = el;
    }
  }
  return {
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    widest: widest ? describe(widest) : 'none found',
  };
}

/** Placeholders and chosen select options that do not fit their field, so the reader sees them cut. */
function measureCutText(): string[] {
  const ctx = document.createElement('canvas').getContext('2d')!;
  const cut: string[] = [];
  const fields = document.querySelectorAll<
    HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
  >('input[placeholder], select');
  for (const el of fields) {
    if (el.getClientRects().length === 0 || el instanceof HTMLTextAreaElement) continue;
    const style = getComputedStyle(el);
    const text =
      el instanceof HTMLSelectElement
        ? (el.selectedOptions[0]?.text ?? '')
        : el.value
          ? ''
          : el.placeholder;
    if (!text) continue;
    ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // A native select draws its arrow inside the content box.
    const arrow = el instanceof HTMLSelectElement && style.appearance !== 'none' ? 20 : 0;
    const room =
      el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    if (ctx.measureText(text).width > room + 1)
      cut.push(
        `${el.id ? `#${el.id}` : el.tagName.toLowerCase()} "${text}" (${Math.round(ctx.measureText(text).width)} px in ${Math.round(room)} px)`,
      );
  }
  return cut;
}

/**
 * Opens a screen and waits until it has loaded. While the app shows a screen whose heading does not
 * contain the new one (so the new heading shows the new screen is up), through its router
 * (support/navigate.ts), as a click on a link does, which saves loading the app again; otherwise, or with
 * `reload`, a load of the page.
 */
async function open(
  page: Page,
  path: string,
  heading: string,
  { reload = false } = {},
): Promise<void> {
  const shown = page.getByRole('heading', { level: 1 });
  const current = (await shown.count()) === 1 ? await shown.innerText() : undefined;
  if (!reload && current !== undefined && !current.toLowerCase().includes(heading.toLowerCase()))
    await navigateInApp(page, path);
  else await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

test('every signed-in screen fits a 375 px phone without sideways scrolling', async ({
  muse,
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  // A real 2 s track, so the library's player has a length to show.
  const tone = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=f=440:d=2',
    '-f',
    'mp3',
    '-',
  ]);
  await muse
    .signUp()
    .withGenerations(
      [
        { type: 'image', title: 'Red fox in snow' },
        { type: 'video', title: 'Waves rolling onto a long sandy beach at sunset' },
        { type: 'audio', title: 'Slow jazz piano in a rainy bar at midnight', body: tone },
      ],
      { files: true },
    )
    .withSocialCredentials({ platform: 'x', credentials: X_CREDENTIALS })
    .withSocialCredentials({ platform: 'linkedin', credentials: LINKEDIN_CREDENTIALS })
    .signIn();
  const now = Timestamp.now();
  const project: VideoProjectDoc<Timestamp> = {
    title: LONG_TITLE,
    settings: { timelineItems: [], project: defaultProjectSettings },
    createdAt: now,
    updatedAt: now,
  };
  await adminDb().collection(userCollectionPath(muse.user.uid, 'videoProjects')).add(project);
  for (const platform of ['x', 'linkedin'] as const) {
    const draft = {
      platform,
      text: LONG_DRAFT,
      title: '',
      subreddit: '',
      flair: '',
      author: '',
      media: [],
      sourceUrl: '',
      createdAt: now,
      updatedAt: now,
    };
    await adminDb().collection(userCollectionPath(muse.user.uid, 'drafts')).add(draft);
  }

  // Soft: one run reports every screen's problems.
  const soft = expect.configure({ soft: true });
  const failures: string[] = [];
  for (const screen of screens) {
    await open(page, screen.path, screen.heading);
    const o = await page.evaluate(measureOverflow);
    if (o.scrollWidth > o.innerWidth)
      failures.push(
        `${screen.path}: ${o.scrollWidth} px wide in a ${o.innerWidth} px window; widest: ${o.widest}`,
      );
    for (const cut of await page.evaluate(measureCutText))
      failures.push(`${screen.path}: cut text ${cut}`);
    if (screen.path === '/library') {
      // The player shows the track's length before it is played (not 0:00 / 0:00).
      const player = page.getByLabel('Audio: Slow jazz piano in a rainy bar at midnight');
      await soft
        .poll(() => player.evaluate((a: HTMLAudioElement) => a.duration), {
          message: 'the library audio player knows its length before playing',
        })
        .toBeGreaterThan(1.5);
    }
  }
  // The editor's settings column is narrow on a desktop too.
  await page.setViewportSize(DESKTOP);
  // The two-column platform pages must fit a desktop window with a long draft listed.
  for (const screen of screens.filter(
    (s) => s.path === '/social/x' || s.path === '/social/linkedin',
  )) {
    await open(page, screen.path, screen.heading);
    const o = await page.evaluate(measureOverflow);
    if (o.scrollWidth > o.innerWidth)
      failures.push(
        `${screen.path} at 1280 px: ${o.scrollWidth} px wide in a ${o.innerWidth} px window; widest: ${o.widest}`,
      );
  }
  // Long unbroken text and a long URL in each preview, on a phone and a desktop.
  const overflowWith = async (where: string) => {
    const o = await page.evaluate(measureOverflow);
    if (o.scrollWidth > o.innerWidth)
      failures.push(
        `${where}: ${o.scrollWidth} px wide in a ${o.innerWidth} px window; widest: ${o.widest}`,
      );
  };
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await open(page, '/compose', 'Compose', { reload: true });
    for (const channel of ['X', 'LinkedIn'])
      await page.getByRole('checkbox', { name: channel }).check();
    await page.getByLabel('Shared text').fill(UNBROKEN);
    const previews = page.getByRole('group', { name: 'Preview channel' });
    for (const channel of ['X', 'LinkedIn']) {
      await previews.getByRole('button', { name: channel }).click();
      await expect(page.getByTestId('preview-text')).toContainText('xxxx');
      await overflowWith(`/compose, ${channel} preview of unbroken text at ${viewport.width} px`);
    }
    for (const [path, heading] of [
      ['/social/x', 'X/Twitter'],
      ['/social/linkedin', 'LinkedIn'],
    ] as const) {
      await open(page, path, heading);
      await page.getByLabel('Post Content').fill(UNBROKEN);
      await expect(page.getByLabel('Post Content')).toHaveValue(UNBROKEN);
      await overflowWith(`${path}, unbroken text in the composer at ${viewport.width} px`);
    }
  }
  await page.setViewportSize(DESKTOP);
  await open(page, '/create/editor', 'Video Editor');
  for (const cut of await page.evaluate(measureCutText))
    failures.push(`/create/editor at 1280 px: cut text ${cut}`);
  soft(failures.join('\n'), 'screens wider than the phone, or with cut text').toBe('');

  const shots = process.env.E2E_SHOTS;
  if (!shots) return;
  test.setTimeout(900_000);
  await mkdir(shots, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      THEME_STORAGE_KEY,
      theme,
    ] as const);
    for (const [size, viewport] of [
      ['375', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const screen of screens) {
        // Loaded: the theme stored above applies on a load.
        await open(page, screen.path, screen.heading, { reload: true });
        const name = `${screen.path.replace(/[/?=]+/g, '-').replace(/^-|-$/g, '') || 'home'}-${size}-${theme}.png`;
        await page.screenshot({ path: join(shots, name), fullPage: true });
      }
    }
  }
});
