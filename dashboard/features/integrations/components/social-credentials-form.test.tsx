// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { FirebaseError } from 'firebase/app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocialAccount } from '../api/get-social-accounts';

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

const { SocialCredentialsForm } = await import('./social-credentials-form');

const now = new Date('2025-01-01T12:00:00Z');
const stored: SocialAccount = {
  hints: {
    consumerKey: 'aaaa',
    consumerSecret: 'bbbb',
    accessToken: 'cccc',
    accessTokenSecret: 'dddd',
  },
  values: {},
  connected: true,
  updatedAt: new Date('2025-01-01T11:55:00Z'),
};

describe('SocialCredentialsForm', () => {
  beforeEach(() => {
    callable.calls = [];
    callable.answer = () => Promise.resolve({ data: {} });
    auth.user = { uid: 'alice' };
    toast.mockReset();
  });
  afterEach(cleanup);

  it('saves a first X set with every field and says so', async () => {
    render(<SocialCredentialsForm platform="x" account={undefined} loading={false} now={now} />);
    const form = screen.getByRole('region', { name: 'X (Twitter)' });
    fireEvent.change(within(form).getByLabelText('Consumer Key'), { target: { value: 'ck-1234' } });
    fireEvent.change(within(form).getByLabelText('Consumer Secret'), {
      target: { value: 'cs-1234' },
    });
    fireEvent.change(within(form).getByLabelText('Access Token'), { target: { value: 'at-1234' } });
    fireEvent.change(within(form).getByLabelText('Access Token Secret'), {
      target: { value: 'ats-1234' },
    });
    expect((within(form).getByLabelText('Consumer Secret') as HTMLInputElement).type).toBe(
      'password',
    );
    await act(async () =>
      fireEvent.click(within(form).getByRole('button', { name: 'Save Twitter Credentials' })),
    );
    expect(callable.calls).toEqual([
      {
        name: 'saveSocialCredentials',
        payload: {
          platform: 'x',
          credentials: {
            consumerKey: 'ck-1234',
            consumerSecret: 'cs-1234',
            accessToken: 'at-1234',
            accessTokenSecret: 'ats-1234',
          },
        },
      },
    ]);
    expect(toast).toHaveBeenCalledWith({
      title: 'Success',
      description: 'Twitter credentials saved successfully',
    });
  });

  it('updates only the field the user typed; the blank secrets keep their stored values', async () => {
    render(<SocialCredentialsForm platform="x" account={stored} loading={false} now={now} />);
    const form = screen.getByRole('region', { name: 'X (Twitter)' });
    expect((within(form).getByLabelText('Consumer Secret') as HTMLInputElement).placeholder).toBe(
      'Saved: ••••bbbb',
    );
    expect(within(form).getByText('5 minutes ago')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Access Token'), {
      target: { value: 'rotated-9999' },
    });
    await act(async () =>
      fireEvent.click(within(form).getByRole('button', { name: 'Update Twitter Credentials' })),
    );
    expect(callable.calls).toEqual([
      {
        name: 'saveSocialCredentials',
        payload: { platform: 'x', credentials: { accessToken: 'rotated-9999' } },
      },
    ]);
    expect((within(form).getByLabelText('Access Token') as HTMLInputElement).value).toBe('');
  });

  it('names the missing required fields instead of calling', async () => {
    render(
      <SocialCredentialsForm platform="reddit" account={undefined} loading={false} now={now} />,
    );
    const form = screen.getByRole('region', { name: 'Reddit' });
    fireEvent.change(within(form).getByLabelText('Client ID'), { target: { value: 'cid' } });
    await act(async () =>
      fireEvent.click(within(form).getByRole('button', { name: 'Save Reddit Credentials' })),
    );
    expect(callable.calls).toHaveLength(0);
    expect(within(form).getByRole('alert').textContent).toBe(
      'Please fill in all required fields: Client Secret, User Agent',
    );
    expect(within(form).getByLabelText('User Agent').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the catalogue title and the server message when saving fails', async () => {
    callable.answer = () =>
      Promise.reject(
        new FirebaseError(
          'functions/invalid-argument',
          'Client ID contains characters that are not allowed',
        ),
      );
    render(
      <SocialCredentialsForm platform="linkedin" account={undefined} loading={false} now={now} />,
    );
    const form = screen.getByRole('region', { name: 'LinkedIn' });
    fireEvent.change(within(form).getByLabelText('Access Token'), {
      target: { value: 'tok-1234' },
    });
    await act(async () =>
      fireEvent.click(within(form).getByRole('button', { name: 'Save LinkedIn Credentials' })),
    );
    expect(toast).toHaveBeenCalledWith({
      title: 'Failed to save LinkedIn credentials',
      description: 'Client ID contains characters that are not allowed',
      variant: 'destructive',
    });
  });

  it('says User not authenticated without a session', async () => {
    auth.user = null;
    render(
      <SocialCredentialsForm platform="youtube" account={undefined} loading={false} now={now} />,
    );
    const form = screen.getByRole('region', { name: 'YouTube' });
    await act(async () =>
      fireEvent.click(within(form).getByRole('button', { name: 'Save YouTube Credentials' })),
    );
    expect(toast).toHaveBeenCalledWith({
      title: 'Failed to save YouTube credentials',
      description: 'User not authenticated',
      variant: 'destructive',
    });
    expect(callable.calls).toHaveLength(0);
  });

  it.each(['youtube', 'reddit'] as const)(
    'offers Connect for %s once the app is saved',
    (platform) => {
      const { rerender } = render(
        <SocialCredentialsForm platform={platform} account={undefined} loading={false} now={now} />,
      );
      const connect = () => screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement;
      expect(connect().disabled).toBe(true);
      expect(
        document.getElementById(connect().getAttribute('aria-describedby') ?? '')?.textContent,
      ).toMatch(/app credentials first/);
      rerender(
        <SocialCredentialsForm platform={platform} account={stored} loading={false} now={now} />,
      );
      expect(connect().disabled).toBe(false);
      expect(
        document.getElementById(connect().getAttribute('aria-describedby') ?? '')?.textContent,
      ).toMatch(/the tokens stay on the server/);
    },
  );

  it.each([
    ['reddit', true],
    ['youtube', false],
  ] as const)(
    "says under %s's Connect whether new API apps need the platform's approval",
    (platform, said) => {
      render(
        <SocialCredentialsForm platform={platform} account={stored} loading={false} now={now} />,
      );
      const note =
        document.getElementById(
          screen.getByRole('button', { name: 'Connect' }).getAttribute('aria-describedby') ?? '',
        )?.textContent ?? '';
      expect(note.includes("New Reddit API apps need Reddit's approval")).toBe(said);
    },
  );

  it('offers Delete only when something is stored, and deletes after confirming', async () => {
    const { rerender } = render(
      <SocialCredentialsForm platform="x" account={undefined} loading={false} now={now} />,
    );
    expect(screen.queryByRole('button', { name: 'Delete Twitter credentials' })).toBeNull();
    rerender(<SocialCredentialsForm platform="x" account={stored} loading={false} now={now} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Twitter credentials' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete your Twitter credentials?',
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    expect(callable.calls).toEqual([
      { name: 'deleteSocialCredentials', payload: { platform: 'x' } },
    ]);
    expect(toast).toHaveBeenCalledWith({
      title: 'Success',
      description: 'Twitter credentials deleted successfully',
    });
  });

  it('says Needs reconnect, not Connected, when the saved access was refused', () => {
    const refused: SocialAccount = {
      hints: { clientSecret: 'cret' },
      values: { clientId: 'client-1', userAgent: 'web:muse:1.0' },
      connected: true,
      needsReconnect: true,
      updatedAt: new Date('2025-01-01T11:55:00Z'),
    };
    render(<SocialCredentialsForm platform="reddit" account={refused} loading={false} now={now} />);
    const form = screen.getByRole('region', { name: /Reddit/ });
    expect(within(form).getByText('Needs reconnect')).toBeTruthy();
    expect(within(form).queryByText('Connected')).toBeNull();
  });
});
