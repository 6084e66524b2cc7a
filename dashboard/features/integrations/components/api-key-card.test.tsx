// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FirebaseError } from 'firebase/app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyStatus } from '@/lib/integration-statuses';
import { llmCards } from '../utils/integration-cards';

const callable = vi.hoisted(() => ({
  calls: [] as { name: string; payload: unknown }[],
  answer: (() => Promise.resolve({})) as () => Promise<unknown>,
}));
const auth = vi.hoisted(() => ({ user: { uid: 'alice' } as object | null }));
const toast = vi.fn();

vi.mock('firebase/functions', () => ({
  httpsCallable: (_f: unknown, name: string) => (payload: unknown) => {
    callable.calls.push({ name, payload });
    return callable.answer();
  },
}));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: auth.user }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));

const { ApiKeyCard } = await import('./api-key-card');

const openai = llmCards[0]!;
const now = new Date('2025-01-01T12:00:00Z');
const saved: KeyStatus = { hint: 'abcd', updatedAt: new Date('2025-01-01T10:00:00Z') };
const card = () => screen.getByRole('region', { name: 'OpenAI' });
const keyField = () =>
  within(card()).getByLabelText('API Key', { exact: true }) as HTMLInputElement;

describe('ApiKeyCard', () => {
  beforeEach(() => {
    callable.calls = [];
    callable.answer = () => Promise.resolve({ data: {} });
    auth.user = { uid: 'alice' };
    toast.mockReset();
  });
  afterEach(cleanup);

  it('masks the key, shows it on request and saves it trimmed', async () => {
    render(<ApiKeyCard info={openai} status={undefined} loading={false} now={now} />);
    expect(keyField().type).toBe('password');
    fireEvent.click(within(card()).getByRole('button', { name: 'Show OpenAI API key' }));
    expect(keyField().type).toBe('text');
    fireEvent.change(keyField(), { target: { value: '  sk-test-1234  ' } });
    await act(async () => fireEvent.click(within(card()).getByRole('button', { name: 'Save' })));
    expect(callable.calls).toEqual([
      { name: 'saveIntegrationKey', payload: { type: 'openai', apiKey: 'sk-test-1234' } },
    ]);
    expect(toast).toHaveBeenCalledWith({
      title: 'Success',
      description: 'API key saved successfully',
    });
    expect(keyField().value).toBe('');
  });

  it('checks a blank key here, without a call', async () => {
    render(<ApiKeyCard info={openai} status={undefined} loading={false} now={now} />);
    await act(async () => fireEvent.click(within(card()).getByRole('button', { name: 'Save' })));
    expect(callable.calls).toHaveLength(0);
    expect(within(card()).getByText('Please enter an API key')).toBeTruthy();
    expect(keyField().getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the catalogue title and the server message when saving fails', async () => {
    callable.answer = () =>
      Promise.reject(
        new FirebaseError(
          'functions/invalid-argument',
          'API key must not contain spaces or special characters',
        ),
      );
    render(<ApiKeyCard info={openai} status={undefined} loading={false} now={now} />);
    fireEvent.change(keyField(), { target: { value: 'sk-x' } });
    await act(async () => fireEvent.click(within(card()).getByRole('button', { name: 'Save' })));
    expect(toast).toHaveBeenCalledWith({
      title: 'Failed to save API key',
      description: 'API key must not contain spaces or special characters',
      variant: 'destructive',
    });
  });

  it('says User not authenticated without a session', async () => {
    auth.user = null;
    render(<ApiKeyCard info={openai} status={undefined} loading={false} now={now} />);
    fireEvent.change(keyField(), { target: { value: 'sk-x' } });
    await act(async () => fireEvent.click(within(card()).getByRole('button', { name: 'Save' })));
    expect(toast).toHaveBeenCalledWith({
      title: 'Failed to save API key',
      description: 'User not authenticated',
      variant: 'destructive',
    });
    expect(callable.calls).toHaveLength(0);
  });

  it('offers Test and Delete only when a key is configured, with its hint and age', () => {
    const { rerender } = render(
      <ApiKeyCard info={openai} status={undefined} loading={false} now={now} />,
    );
    expect(within(card()).queryByRole('button', { name: 'Test' })).toBeNull();
    expect(within(card()).queryByRole('button', { name: /Delete/ })).toBeNull();
    rerender(<ApiKeyCard info={openai} status={saved} loading={false} now={now} />);
    expect(within(card()).getByText('Configured')).toBeTruthy();
    expect(within(card()).getByText(/Saved key/).textContent).toBe(
      'Saved key ••••abcd · Updated 2 hours ago',
    );
    expect(within(card()).getByRole('button', { name: 'Test' })).toBeTruthy();
    expect(within(card()).getByRole('button', { name: 'Delete OpenAI API key' })).toBeTruthy();
  });

  it.each([
    ['ok', 'Works.'],
    ['invalid', 'Invalid key.'],
    ['no_credit', 'Out of credit.'],
    ['rate_limited', 'Rate limited.'],
    ['unavailable', 'Unavailable.'],
  ])('shows the %s test answer in words', async (status, words) => {
    callable.answer = () => Promise.resolve({ data: { status, message: 'What to do next.' } });
    render(<ApiKeyCard info={openai} status={saved} loading={false} now={now} />);
    await act(async () => fireEvent.click(within(card()).getByRole('button', { name: 'Test' })));
    expect(callable.calls).toEqual([{ name: 'testIntegrationKey', payload: { type: 'openai' } }]);
    expect(within(card()).getByRole('status', { name: 'OpenAI key test' }).textContent).toBe(
      `${words} What to do next.`,
    );
  });

  it('deletes after confirming and clears the field', async () => {
    render(<ApiKeyCard info={openai} status={saved} loading={false} now={now} />);
    fireEvent.change(keyField(), { target: { value: 'typed-but-not-saved' } });
    fireEvent.click(within(card()).getByRole('button', { name: 'Delete OpenAI API key' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your OpenAI API key?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    expect(callable.calls).toEqual([{ name: 'deleteIntegrationKey', payload: { type: 'openai' } }]);
    expect(toast).toHaveBeenCalledWith({
      title: 'Success',
      description: 'API key deleted successfully',
    });
    // The dialog closes (it fades out first, keeping the page behind it inert until it is gone).
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(keyField().value).toBe('');
  });
});
