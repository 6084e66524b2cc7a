import { expect, test, type Page } from '@playwright/test';
import { signInAsNewUser } from '../support/sign-in';

const cards = [
  { tab: 'Generation APIs', name: 'Black Forest Labs' },
  { tab: 'Generation APIs', name: 'Luma' },
  { tab: 'Generation APIs', name: 'ElevenLabs' },
  { tab: 'LLM APIs', name: 'OpenAI' },
  { tab: 'LLM APIs', name: 'Anthropic' },
  { tab: 'LLM APIs', name: 'Gemini' },
];

async function openTab(page: Page, tab: string) {
  await page.getByRole('tab', { name: tab }).click();
}

test('saves, updates, tests and deletes a key on every provider card, showing only a hint', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsNewUser(page);
  await page.goto('/integrations');
  for (const { tab, name } of cards) {
    await openTab(page, tab);
    const card = page.getByRole('region', { name });
    const field = card.getByRole('textbox', { name: 'API Key' });
    await field.fill(`first-${name.replace(/\W/g, '')}-key1`);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByText('Configured', { exact: true })).toBeVisible();
    await expect(card.getByText('•••• key1', { exact: true })).toBeVisible();
    await expect(field).toHaveValue('');

    await field.fill(`second-${name.replace(/\W/g, '')}-key2`);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByText('•••• key2', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Test' }).click();
    await expect(card.getByRole('status').getByText('Works.', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: `Delete ${name} API key` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(card.getByText('Not configured', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Test' })).toHaveCount(0);
  }
});

test('a key the provider refuses is reported as invalid by Test', async ({ page }) => {
  await signInAsNewUser(page);
  await page.goto('/integrations');
  await openTab(page, 'LLM APIs');
  const card = page.getByRole('region', { name: 'OpenAI' });
  await card.getByRole('textbox', { name: 'API Key' }).fill('bad-key');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('API key saved successfully')).toBeVisible();
  await card.getByRole('button', { name: 'Test' }).click();
  await expect(card.getByRole('status').getByText('Invalid key.', { exact: true })).toBeVisible();
});

test('saves X credentials, then offers Update and keeps blank fields', async ({ page }) => {
  await signInAsNewUser(page);
  await page.goto('/integrations');
  await openTab(page, 'Social Media');
  const form = page.getByRole('region', { name: 'X (Twitter)' });
  await form.getByLabel('Consumer Key', { exact: true }).fill('consumer-key-aaaa');
  await form.getByLabel('Consumer Secret', { exact: true }).fill('consumer-secret-bbbb');
  await form.getByLabel('Access Token', { exact: true }).fill('access-token-cccc');
  await form.getByLabel('Access Token Secret', { exact: true }).fill('access-secret-dddd');
  await form.getByRole('button', { name: 'Save Twitter Credentials' }).click();
  await expect(page.getByText('Twitter credentials saved successfully')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Update Twitter Credentials' })).toBeVisible();
  await expect(form.getByLabel('Consumer Secret', { exact: true })).toHaveAttribute('placeholder', /bbbb/);
});
