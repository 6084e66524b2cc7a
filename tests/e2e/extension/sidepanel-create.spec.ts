import type { BrowserContext, Page } from '@playwright/test';
import { gradientPng } from '../../sandbox/providers/png';
import { museFor } from '../support/driver';
import { e2eEnv } from '../support/env';
import { expect, test, waits } from './fixtures';

// Writing a post and making an image in the side panel, from a page served here (context.route), into
// a draft the dashboard opens; the image runs as the same job as the dashboard's (BFL sandbox).

const ARTICLE_URL = 'http://article.muse.test/tides';
const REDDIT_APP = {
  clientId: 'sandbox-reddit-client',
  clientSecret: 'sandbox-reddit-secret',
  userAgent: 'web:muse-e2e:1.0 (by /u/sandbox_creator)',
};

/** The posts the Reddit sandbox received with this title (tests/sandbox/README.md, "Reddit"). */
async function redditPostsTitled(
  title: string,
): Promise<{ kind: string; link_flair_text: string | null }[]> {
  const res = await fetch(`${e2eEnv.sandboxUrl('reddit')}/__sandbox/reddit/posts`);
  const { posts } = (await res.json()) as {
    posts: { title: string; kind: string; link_flair_text: string | null }[];
  };
  return posts.filter((p) => p.title === title);
}
const PHOTO_URL = 'http://article.muse.test/harbour.png';

async function serveArticle(context: BrowserContext): Promise<void> {
  await context.route(PHOTO_URL, (route) =>
    route.fulfill({
      contentType: 'image/png',
      headers: { 'access-control-allow-origin': '*' },
      body: gradientPng(640, 400, 'harbour'),
    }),
  );
  await context.route(ARTICLE_URL, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<title>Tide tables explained</title><meta name="description" content="Why the sea comes and goes twice a day.">
        <h1>Tide tables explained</h1><p id="lead">High water comes twice a day.</p><img src="/harbour.png" width="640" height="400" alt="Harbour">`,
    }),
  );
}

/** Opens the article in a new tab (the active one the panel follows) and selects its lead, when asked. */
async function openArticle(context: BrowserContext, select = false): Promise<Page> {
  const article = await context.newPage();
  await article.goto(ARTICLE_URL);
  if (select) {
    await article.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('lead')!);
      window.getSelection()!.addRange(range);
    });
  }
  return article;
}

test.describe('side panel: create', () => {
  test('writes an X post from the page, keeps it through a closed panel, and the dashboard opens the draft', async ({
    context,
    muse,
    page,
    sidePanelUrl,
    user,
  }) => {
    await muse.seed.integrationKey('openai', 'sandbox-openai-key');
    await serveArticle(context);
    await page.goto(sidePanelUrl);
    await muse.submitSignIn();
    const write = page.getByRole('region', { name: 'Write a post' });
    await expect(write).toBeVisible();
    await openArticle(context);
    await expect(page.getByRole('region', { name: 'This page' })).toContainText(
      'Tide tables explained',
    );

    await write.getByRole('button', { name: 'Draft from this page' }).click();
    const text = write.getByLabel('Post text');
    // The sandbox echoes the prompt: the page's title and address went in.
    // The first call of a run may wait for the functions emulator to load the callable.
    await expect(text).toHaveValue(
      /^Sandbox openai reply \(task social_post, model gpt-5.4-mini\): Write a post about this web page\.\nPage title: Tide tables explained/,
      { timeout: waits.call },
    );
    // The echo carries the page address, so the link switch reads as on; unticked, it takes the address out.
    await expect(write.getByLabel('Attach page link')).toBeChecked();
    await write.getByLabel('Attach page link').uncheck();
    await expect(text).not.toHaveValue(/article\.muse\.test/);

    const marker = `tides-${Date.now()}`;
    await text.fill(`Twice a day, every day ${marker}`);
    await write.getByLabel('Attach page link').check();
    await expect(text).toHaveValue(`Twice a day, every day ${marker}\n\n${ARTICLE_URL}`);
    // Closed at once, before any autosave: the text is kept in the extension and saved on the next open.
    await page.close();

    const again = await context.newPage();
    await again.goto(sidePanelUrl);
    const reopened = again.getByRole('region', { name: 'Write a post' });
    await expect(reopened.getByLabel('Post text')).toHaveValue(
      `Twice a day, every day ${marker}\n\n${ARTICLE_URL}`,
    );
    await expect(reopened.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible({
      timeout: waits.call,
    });
    const drafts = await muse.stored.list('drafts');
    expect(drafts).toEqual([
      expect.objectContaining({
        platform: 'x',
        text: `Twice a day, every day ${marker}\n\n${ARTICLE_URL}`,
        sourceUrl: ARTICLE_URL,
      }),
    ]);

    const link = reopened.getByRole('link', { name: 'Open in dashboard' });
    await expect(link).toHaveAttribute('href', new RegExp(`/social/x\\?draft=${drafts[0]!.id}$`));
    const href = (await link.getAttribute('href'))!;

    const dashboard = await context.newPage();
    await dashboard.goto(`${e2eEnv.dashboardUrl}/auth`);
    await museFor(dashboard).as(user).submitSignIn();
    await expect(dashboard).toHaveURL(/\/$/, { timeout: waits.call });
    await dashboard.goto(href);
    await expect(dashboard.getByLabel('Post Content')).toHaveValue(
      `Twice a day, every day ${marker}\n\n${ARTICLE_URL}`,
    );
    await expect(
      dashboard
        .getByRole('region', { name: 'Drafts' })
        .getByRole('link', { name: new RegExp(`Twice a day, every day ${marker}`) }),
    ).toHaveAttribute('aria-current', 'true');

    // Finished in the dashboard: its Save writes the same draft, and the panel opens that text.
    await dashboard.getByLabel('Post Content').fill(`Edited in the dashboard ${marker}`);
    await dashboard.getByRole('button', { name: 'Save as draft' }).click();
    await expect
      .poll(async () => (await muse.stored.get('drafts', drafts[0]!.id))?.text)
      .toBe(`Edited in the dashboard ${marker}`);
    const third = await context.newPage();
    await third.goto(sidePanelUrl);
    await expect(
      third.getByRole('region', { name: 'Write a post' }).getByLabel('Post text'),
    ).toHaveValue(`Edited in the dashboard ${marker}`);
  });

  test('makes an image from the selection, follows it across a closed panel, and attaches it to the draft', async ({
    context,
    muse,
    page,
    sidePanelUrl,
    holdJob,
  }) => {
    // A whole image job (the functions emulator may load startJob first), then a second panel that waits for it.
    test.setTimeout(waits.test * 2);
    await muse.seed.integrationKey('blackforest', 'sandbox-bfl-key');
    await serveArticle(context);
    await page.goto(sidePanelUrl);
    await muse.submitSignIn();
    const image = page.getByRole('region', { name: 'Make an image' });
    await expect(image).toBeVisible();
    await openArticle(context, true);
    // Coming back to the panel after selecting text (its window gets focus) reads the page again.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));

    const prompt = image.getByLabel('Image prompt');
    await expect(prompt).toHaveValue('High water comes twice a day.');
    // Held Pending until the panel has closed mid-job, then released to finish on the server alone.
    const hold = holdJob('bfl');
    await prompt.fill(`High water comes twice a day. ${hold.tag}`);
    await image.getByLabel('Size').selectOption({ label: 'Landscape 16:9' });
    await image.getByLabel('Style').selectOption({ label: 'Watercolor' });
    await image.getByRole('button', { name: 'Generate image' }).click();
    // startJob's first call of a run may wait for the functions emulator to load it.
    await expect(image.getByRole('progressbar', { name: 'Image progress' })).toBeVisible({
      timeout: waits.call,
    });
    const [job] = await muse.stored.list('jobs');
    expect(job).toMatchObject({
      kind: 'image',
      input: expect.objectContaining({
        mode: 'text',
        width: 1024,
        height: 576,
        style: 'watercolor',
      }),
    });
    await page.close();
    await hold.release();

    const again = await context.newPage();
    await again.goto(sidePanelUrl);
    const reopened = again.getByRole('region', { name: 'Make an image' });
    await expect(reopened.getByText(/Saved to your library/)).toBeVisible({ timeout: waits.job });
    const [record] = await muse.stored.list('generations');
    expect(record).toMatchObject({
      id: job!.id,
      type: 'image',
      source: { kind: 'image', jobId: job!.id },
    });

    await reopened.getByRole('button', { name: 'Attach to draft' }).click();
    await expect(reopened.getByRole('button', { name: 'Attached to the draft' })).toBeDisabled();
    const write = again.getByRole('region', { name: 'Write a post' });
    await expect(
      write.getByRole('list', { name: 'Attached media' }).getByRole('listitem'),
    ).toHaveCount(1);
    await expect.poll(async () => (await muse.stored.list('drafts'))[0]?.media).toEqual([job!.id]);
  });

  test('uses a page image as the reference: its bytes go to the user uploads, and the job reads them from there', async ({
    context,
    muse,
    page,
    sidePanelUrl,
    user,
  }) => {
    await muse.seed.integrationKey('blackforest', 'sandbox-bfl-key');
    await serveArticle(context);
    await page.goto(sidePanelUrl);
    await muse.submitSignIn();
    await openArticle(context);
    await expect(page.getByRole('region', { name: 'This page' })).toContainText(
      'Tide tables explained',
    );
    const image = page.getByRole('region', { name: 'Make an image' });
    const reference = image.getByRole('button', { name: /Use page image 1 .*as reference/ });
    await reference.click();
    await expect(reference).toHaveAttribute('aria-pressed', 'true');
    await image.getByLabel('Image prompt').fill('The same harbour at night');
    await image.getByRole('button', { name: 'Generate image' }).click();
    await expect(image.getByText(/Saved to your library/)).toBeVisible({ timeout: waits.job });

    const [job] = await muse.stored.list('jobs');
    const input = job!.input as { mode: string; inputImagePath: string };
    expect(input.mode).toBe('image');
    expect(input.inputImagePath).toMatch(new RegExp(`^${user.uid}/uploads/[0-9a-f-]{36}\\.png$`));
    expect(await muse.stored.fileExists(input.inputImagePath)).toBe(true);
  });

  test("drafts a Reddit post with the subreddit's flair: a required flair is asked for, and the chosen one goes out", async ({
    context,
    muse,
    page,
    sidePanelUrl,
    user,
  }) => {
    // Connecting in the dashboard and the first publish job may each wait for the functions emulator.
    test.setTimeout(waits.test * 2);
    await muse.seed.socialCredentials({ platform: 'reddit', credentials: REDDIT_APP });
    // Reddit is connected in the dashboard (the sandbox's consent page approves at once).
    const dashboard = await context.newPage();
    await dashboard.goto(`${e2eEnv.dashboardUrl}/auth`);
    await museFor(dashboard).as(user).submitSignIn();
    await expect(dashboard).toHaveURL(/\/$/, { timeout: waits.call });
    await dashboard.goto(`${e2eEnv.dashboardUrl}/social/reddit`);
    await dashboard.getByRole('button', { name: 'Connect Reddit Account' }).click();
    await expect(dashboard.getByText('Reddit account connected').first()).toBeVisible({
      timeout: waits.long,
    });
    await dashboard.close();

    await page.goto(sidePanelUrl);
    await muse.submitSignIn();
    const write = page.getByRole('region', { name: 'Write a post' });
    await write.getByRole('radio', { name: 'Reddit' }).check({ force: true });
    await write.getByLabel('Subreddit').fill('r/FlairRequired');
    await expect(
      write.getByText('r/FlairRequired requires a post flair: choose one before posting.'),
    ).toBeVisible({ timeout: waits.call });

    const title = `Panel flair ${Date.now()}`;
    await write.getByLabel('Subreddit').fill('MuseSandbox');
    await expect(
      write.getByLabel(/Post Flair/).getByRole('option', { name: 'Custom' }),
    ).toBeAttached({ timeout: waits.call });
    await write.getByLabel('Post Title').fill(title);
    await write.getByLabel('Post Content').fill('Made in the side panel');
    await write.getByLabel(/Post Flair/).selectOption({ label: 'Custom' });
    await write.getByLabel('Flair Text').fill('From the panel');
    // The draft keeps the chosen flair, as it keeps the subreddit.
    await expect
      .poll(async () => (await muse.stored.list('drafts'))[0]?.flair, { timeout: waits.call })
      .toBeTruthy();
    await write.getByRole('button', { name: 'Post Now' }).click();

    await expect(write.getByText('Posted.')).toBeVisible({ timeout: waits.job });
    expect(await redditPostsTitled(title)).toEqual([
      expect.objectContaining({ kind: 'self', link_flair_text: 'From the panel' }),
    ]);
  });
});
