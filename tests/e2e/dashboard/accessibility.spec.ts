import { AxeBuilder } from '@axe-core/playwright';
import { type BrowserContext, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../../core/constants';
import { museFor } from '../support/driver';
import { e2eEnv } from '../support/env';
import { navigateInApp } from '../support/navigate';
import { expect, test as base, waits } from '../support/fixtures';

// axe-core (WCAG 2.0/2.1, levels A and AA) over every screen and the dialogs one click away, in both
// themes. A serious or critical violation fails the screen's test with its rule, targets and colours.

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type Theme = 'light' | 'dark';
type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];
type NodeResult = Result['nodes'][number];

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const SEEDED_TITLE = 'Red fox in snow';

interface Screen {
  name: string;
  path: string;
  heading: string;
  /** Opens what the scan should see once the page is ready (a dialog), and waits for it. */
  open?: (page: Page) => Promise<void>;
}

const signedInScreens: Screen[] = [
  { name: 'dashboard', path: '/', heading: 'Dashboard' },
  {
    name: 'Send Feedback dialog',
    path: '/',
    heading: 'Dashboard',
    open: async (page) => {
      await page.getByRole('button', { name: 'Send Feedback' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Send Feedback' }).getByLabel('Feedback'),
      ).toBeFocused();
    },
  },
  { name: 'library', path: '/library', heading: 'Library' },
  {
    name: 'library delete confirmation',
    path: '/library',
    heading: 'Library',
    open: async (page) => {
      await page.getByRole('button', { name: `Delete ${SEEDED_TITLE}` }).click();
      await expect(
        page
          .getByRole('alertdialog', { name: 'Are you sure?' })
          .getByRole('button', { name: 'Cancel' }),
      ).toBeVisible();
    },
  },
  {
    name: 'library with a linked item that is gone',
    path: '/library?item=gone',
    heading: 'Library',
  },
  {
    name: 'extension sign-in without the extension',
    path: '/extension-sign-in',
    heading: 'Sign in the extension',
    open: async (page) => {
      // The first createSignInCode starts its function cold, then the page waits out the extension's answer.
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible({
        timeout: waits.long,
      });
    },
  },
  { name: 'create hub', path: '/create', heading: 'Create' },
  { name: 'image generation', path: '/create/image', heading: 'Image Generation' },
  { name: 'video generation', path: '/create/video', heading: 'Video Generation' },
  { name: 'audio generation', path: '/create/audio', heading: 'Audio Generation' },
  { name: 'video editor', path: '/create/editor', heading: 'Video Editor' },
  { name: 'integrations: Generation APIs', path: '/integrations', heading: 'Integrations' },
  { name: 'integrations: LLM APIs', path: '/integrations?tab=llm', heading: 'Integrations' },
  { name: 'integrations: Social Media', path: '/integrations?tab=social', heading: 'Integrations' },
  { name: 'settings', path: '/settings', heading: 'Settings' },
  { name: 'plan settings', path: '/settings/plan', heading: 'Plan Settings' },
  { name: 'social', path: '/social', heading: 'Social Media Management' },
  { name: 'social: X', path: '/social/x', heading: 'X/Twitter' },
  { name: 'social: LinkedIn', path: '/social/linkedin', heading: 'LinkedIn' },
  { name: 'social: Reddit', path: '/social/reddit', heading: 'Reddit' },
  { name: 'social: YouTube', path: '/social/youtube', heading: 'YouTube' },
  { name: 'compose', path: '/compose', heading: 'Compose' },
  { name: 'calendar', path: '/calendar', heading: 'Calendar' },
];

const signedOutScreens: Screen[] = [
  { name: 'sign-in', path: '/auth', heading: 'Welcome Back' },
  {
    name: 'extension hand-off with a spent code',
    path: `/extension-sign-in#code=${'A'.repeat(43)}`,
    heading: 'Open the dashboard',
    open: async (page) => {
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible({
        timeout: waits.call,
      });
    },
  },
];

/** One account per worker, signed in once; each test starts from its saved session. */
const test = base.extend<{ signedOut: boolean }, { session: StorageState }>({
  signedOut: [false, { option: true }],
  session: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL: e2eEnv.dashboardUrl });
      const muse = museFor(await context.newPage());
      await muse
        .signUp()
        .withGenerations([{ type: 'image', title: SEEDED_TITLE }], { files: true })
        .signIn();
      // Firebase Auth keeps the session in IndexedDB.
      const state = await context.storageState({ indexedDB: true });
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ signedOut, session }, use) => {
    await use(signedOut ? undefined : session);
  },
});

function describeNode(rule: Result, node: NodeResult): string {
  const lines = [`    at ${node.target.map(String).join(' > ')}`];
  // color-contrast reports the measured colours on its check's data.
  const data = node.any.find((check) => check.id === 'color-contrast')?.data as
    | { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string }
    | undefined;
  if (rule.id === 'color-contrast' && data)
    lines.push(
      `      ${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1, needs ${data.expectedContrastRatio}`,
    );
  else if (node.failureSummary)
    lines.push(`      ${node.failureSummary.replace(/\n/g, '\n      ')}`);
  return lines.join('\n');
}

function describeViolations(violations: Result[]): string {
  return violations
    .map((v) =>
      [`${v.id} (${v.impact}): ${v.help}`, ...v.nodes.map((node) => describeNode(v, node))].join(
        '\n',
      ),
    )
    .join('\n');
}

/**
 * Waits for the screen in its first theme. Loaded (`inApp` false): the theme is stored before the page
 * loads, as a returning user's is. `inApp`: the app already open in that theme (the previous screen's
 * second) moves to the screen through its router, as a click on one of its links does.
 */
async function load(page: Page, screen: Screen, theme: Theme, inApp: boolean): Promise<void> {
  if (inApp) {
    await switchTheme(page, theme);
    await navigateInApp(page, screen.path);
  } else {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      THEME_STORAGE_KEY,
      theme,
    ] as const);
    await page.goto(screen.path);
    await settleColours(page);
  }
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  await expectTheme(page, theme);
  // Scan the loaded page, not its skeletons.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await screen.open?.(page);
}

/**
 * Colours change at once instead of easing (transition-colors), so a switched theme is scanned in its own
 * colours, never a frame of the fade. Waiting for the page's transitions was not enough: even a reduced-motion
 * transition (0.01 ms) keeps its start value until a frame has run, and 1 scan in 12 read the light theme's
 * text on the dark background. transition-property, since the reduced-motion rule sets only the duration,
 * !important in a cascade layer, which an unlayered rule cannot override.
 */
async function settleColours(page: Page): Promise<void> {
  await page.addStyleTag({
    content: '*, *::before, *::after { transition-property: none !important; }',
  });
}

/** Switches the open page to the other theme in place, the way a change in another tab reaches it (a storage event). */
async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key, value);
      window.dispatchEvent(
        new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }),
      );
    },
    [THEME_STORAGE_KEY, theme] as const,
  );
  await expectTheme(page, theme);
}

async function expectTheme(page: Page, theme: Theme): Promise<void> {
  // No colour eases into the new theme (settleColours): the class is the theme's colours.
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

/**
 * Each theme's serious or critical violations are reported, even when the first theme already has some.
 * `contrastOnly`: the page was only switched to the other theme in place, which changes colours and
 * nothing else, so only the colour rules can answer differently.
 */
async function expectNoViolations(
  page: Page,
  screen: Screen,
  theme: Theme,
  { contrastOnly = false } = {},
): Promise<void> {
  // Only violations are read: axe then keeps one node of each passing or incomplete rule instead of all
  // of them, less to collect and send back (the violations are reported whole).
  // Legacy mode runs axe.run in the page itself. The default splits the run (axe.runPartial in each frame,
  // then axe.finishRun in a blank page it opens, with axe injected again there) so that cross-origin
  // frames can be scanned; the dashboard renders no frame, so that page only cost a tab per scan (about a
  // third of the file's time) for the same results.
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  // axe runs either a set of tags or a set of rules: both colour rules belong to WCAG 2.0 AA / A.
  const results = await (
    contrastOnly
      ? builder.withRules(['color-contrast', 'link-in-text-block'])
      : builder.withTags(WCAG_TAGS)
  ).analyze();
  const failing = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  expect
    .soft(
      describeViolations(failing),
      `serious or critical violations on ${screen.path} (${theme})`,
    )
    .toBe('');
}

/**
 * Each screen is scanned whole in one theme, switched in place, and its colours scanned in the other.
 * Every other screen comes up in dark first, so each theme is also scanned whole on a fresh load (each
 * test's first screen, and any screen after a dialog or with its predecessor's heading) and on a screen
 * rendered in it from the start (reached through the router in the theme the previous screen ended in).
 */
async function scanBothThemes(
  page: Page,
  screen: Screen,
  index: number,
  inApp: boolean,
): Promise<void> {
  const [first, second]: [Theme, Theme] = index % 2 === 0 ? ['light', 'dark'] : ['dark', 'light'];
  await load(page, screen, first, inApp);
  await expectNoViolations(page, screen, first);
  await switchTheme(page, second);
  await expectNoViolations(page, screen, second, { contrastOnly: true });
}

/**
 * Screens share a test (and its page) four at a time: a test's own set-up (a browser context with the
 * session restored into its IndexedDB, a page, their tear-down) cost about as much as loading and scanning
 * a screen. A screen after another in the same test is reached through the app's router unless the one
 * before opened a dialog (it would still be open) or has the same heading (nothing would show the new
 * screen is up). Each screen keeps the theme its place in the table gives it, and is named by its step
 * and in every finding.
 */
const SCREENS_PER_TEST = 4;

function scanAll(screens: Screen[]): void {
  for (let start = 0; start < screens.length; start += SCREENS_PER_TEST) {
    const group = screens.slice(start, start + SCREENS_PER_TEST);
    test(`${group.map((screen) => screen.name).join(', ')}: no serious or critical violations`, async ({
      page,
    }) => {
      // A budget for several screens, as other multi-step tests have.
      test.setTimeout(waits.test * 2);
      for (const [offset, screen] of group.entries()) {
        const before = group[offset - 1];
        const inApp = before !== undefined && !before.open && before.heading !== screen.heading;
        await test.step(screen.name, () => scanBothThemes(page, screen, start + offset, inApp));
      }
    });
  }
}

test.describe('accessibility in the light and dark themes', () => {
  scanAll(signedInScreens);

  test.describe('signed out', () => {
    test.use({ signedOut: true });
    scanAll(signedOutScreens);
  });
});

test('on the image page, Tab goes from the selected mode tab straight to its first field', async ({
  page,
}) => {
  await page.goto('/create/image');
  await expect(page.getByRole('heading', { level: 1, name: 'Image Generation' })).toBeVisible();
  await page.getByRole('tab', { name: 'Text to Image' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Prompt', exact: true })).toBeFocused();

  await page.getByRole('tab', { name: 'Image to Image' }).click();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Input Image', { exact: true })).toBeFocused();
});
