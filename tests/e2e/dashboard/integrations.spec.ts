import { type Page } from '@playwright/test';
import { eventually, expect, test, waits } from '../support/fixtures';

// Against the provider sandbox: any key works except 'bad-key' (refused) and 'no-credit-key' (empty account);
// generated text reads 'Sandbox <provider> reply (task <task>, model <model>): <prompt>'.

// One key card and two social forms in the browser: every key type and every platform's credentials
// are saved, hinted, tested, updated and deleted in tests/functions (integration-keys, social-credentials),
// and every card and form is one component (see tests/e2e/README.md, "Moved out of e2e").
const keyCard = { name: 'Black Forest Labs', type: 'blackforest' } as const;

const socialForms = [
  {
    platform: 'x',
    title: 'X (Twitter)',
    name: 'Twitter',
    fields: {
      'Consumer Key': 'consumer-key-aaaa',
      'Consumer Secret': 'consumer-secret-bbbb',
      'Access Token': 'access-token-cccc',
      'Access Token Secret': 'token-secret-dddd',
    },
    update: 'Consumer Secret',
  },
  {
    platform: 'youtube',
    title: 'YouTube',
    name: 'YouTube',
    fields: {
      'Client ID': 'yt-client-1.apps',
      'Client Secret': 'client-secret-bbbb',
      'Channel ID': 'UC1234567890',
    },
    update: 'Client Secret',
  },
] as const;

// Sonner keeps dismissed toasts in the list for a while; the newest comes first.
const toastText = (page: Page, text: string) =>
  page.getByRole('listitem').filter({ hasText: text }).first();

async function saveKey(page: Page, tab: string, name: string, key: string) {
  await page.goto('/integrations');
  await page.getByRole('tab', { name: tab }).click();
  const card = page.getByRole('region', { name });
  await card.getByLabel('API Key', { exact: true }).fill(key);
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(card.getByText('Configured', { exact: true })).toBeVisible();
  return card;
}

/** Counts the dashboard's generateText calls (POSTs; the browser may add a CORS preflight). */
function countTextCalls(page: Page): { count: () => number } {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/generateText')) n += 1;
  });
  return { count: () => n };
}

test.describe('API keys', () => {
  test('saves, updates, tests and deletes a key on a Generation APIs card, showing only a hint', async ({
    muse,
    page,
  }) => {
    await muse.signUpAndSignIn();
    await page.goto('/integrations');
    await expect(page.getByRole('tab', { name: 'Generation APIs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const { name, type } = keyCard;
    const card = page.getByRole('region', { name });
    const field = card.getByLabel('API Key', { exact: true });
    await expect(card.getByText('Not configured', { exact: true })).toBeVisible();
    await expect(field).toHaveAttribute('type', 'password');
    await expect(card.getByRole('button', { name: /Delete/ })).toHaveCount(0);

    await field.fill(`first-${type}-key1`);
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toastText(page, 'API key saved successfully')).toBeVisible();
    await expect(card.getByText(/^Saved key ••••key1 · Updated just now$/)).toBeVisible();
    await expect(field).toHaveValue('');
    // All a client can read of the key: configured, the last 4 characters and the time.
    const status = await muse.stored.get('integrations', type);
    expect(Object.keys(status ?? {}).sort()).toEqual(['configured', 'hint', 'updatedAt']);
    expect(status?.hint).toBe('key1');

    await field.fill(`second-${type}-key2`);
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(card.getByText(/^Saved key ••••key2/)).toBeVisible();

    await card.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(card.getByRole('status', { name: `${name} key test` })).toContainText('Works.');

    await card.getByRole('button', { name: `Delete ${name} API key` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete your ${name} API key?` });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toastText(page, 'API key deleted successfully')).toBeVisible();
    await expect(card.getByText('Not configured', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Test', exact: true })).toHaveCount(0);
    await expect(field).toHaveValue('');
    await eventually(async () => !(await muse.stored.get('integrations', type)));
  });
});

test.describe('social credentials', () => {
  test('saves, updates and deletes a credential set on the X and YouTube forms', async ({
    muse,
    page,
  }) => {
    await muse.signUpAndSignIn();
    await page.goto('/integrations?tab=social');

    for (const { platform, title, name, fields, update } of socialForms) {
      const form = page.getByRole('region', { name: title });
      const entries = Object.entries(fields) as [string, string][];
      await expect(form.getByText('Not configured', { exact: true })).toBeVisible();
      for (const [label, value] of entries)
        await form.getByLabel(label, { exact: true }).fill(value);
      await form.getByRole('button', { name: `Save ${name} Credentials` }).click();
      await expect(toastText(page, `${name} credentials saved successfully`)).toBeVisible();
      await expect(form.getByRole('button', { name: `Update ${name} Credentials` })).toBeVisible();
      await expect(
        form
          .getByLabel('Client Secret', { exact: true })
          .or(form.getByLabel('Consumer Secret', { exact: true })),
      ).toHaveAttribute('placeholder', 'Saved: ••••bbbb');
      await expect(
        form
          .getByLabel('Client Secret', { exact: true })
          .or(form.getByLabel('Consumer Secret', { exact: true })),
      ).toHaveAttribute('type', 'password');

      const status = await muse.stored.get('socialAccounts', platform);
      expect(JSON.stringify(status)).not.toContain('secret-bbbb');

      await form.getByLabel(update, { exact: true }).fill(`rotated-value-zzzz`);
      await form.getByRole('button', { name: `Update ${name} Credentials` }).click();
      await expect(form.getByLabel(update, { exact: true })).toHaveAttribute(
        'placeholder',
        'Saved: ••••zzzz',
      );
      await expect(form.getByLabel(update, { exact: true })).toHaveValue('');

      if (platform === 'youtube') {
        await expect(form.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled();
        await expect(form.getByText(/the tokens stay on the server/)).toBeVisible();
      }

      await form.getByRole('button', { name: `Delete ${name} credentials` }).click();
      await page
        .getByRole('alertdialog', { name: `Delete your ${name} credentials?` })
        .getByRole('button', { name: 'Delete', exact: true })
        .click();
      await expect(toastText(page, `${name} credentials deleted successfully`)).toBeVisible();
      await expect(form.getByRole('button', { name: `Save ${name} Credentials` })).toBeVisible();
      await expect(form.getByLabel(entries[0]![0], { exact: true })).toHaveValue('');
    }
  });
});

test.describe('AI text with the user’s own key', () => {
  test('runs the Creative Assistant against the sandbox with one call per click', async ({
    muse,
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await muse.signUpAndSignIn();
    await saveKey(page, 'LLM APIs', 'OpenAI', 'sk-sandbox-good-1234');
    await page.goto('/');
    const calls = countTextCalls(page);
    const box = page.getByRole('region', { name: 'Creative Assistant' });
    await expect(box.getByLabel('Model')).toHaveValue('gpt-5.4-mini');

    await box.getByRole('button', { name: 'Ask Assistant' }).click();
    await expect(toastText(page, 'Please enter a prompt')).toBeVisible();

    await box
      .getByLabel('What would you like to create?')
      .fill('Three hooks for a sunrise hike video');
    await box.getByRole('button', { name: 'Ask Assistant' }).click();
    const answer = box.getByRole('region', { name: 'Assistant answer' });
    // The stack's first generateText starts its function cold, alongside the picker's first listModels.
    await expect(answer).toContainText(
      'Sandbox openai reply (task assistant, model gpt-5.4-mini): Three hooks for a sunrise hike video',
      { timeout: waits.call },
    );
    await expect(toastText(page, 'Content Generated')).toBeVisible();
    expect(calls.count()).toBe(1);

    await answer.getByRole('button', { name: 'Copy' }).click();
    await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      'Sandbox openai reply (task assistant',
    );
  });
});
