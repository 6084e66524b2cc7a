// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The audio page as it opens, with no job yet: the follower is idle and the panels' own logic runs.
const start = vi.fn(async () => true);
vi.mock('@/lib/jobs/use-job-follower', () => ({
  useJobFollower: () => ({
    job: null,
    record: null,
    starting: false,
    startError: null,
    start,
    cancel: vi.fn(),
    isCancelling: false,
    clear: vi.fn(),
  }),
}));
const toast = vi.fn();
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));
vi.mock('@/components/enhance-prompt-button', () => ({ EnhancePromptButton: () => null }));
// The voiceover panel reads the key's voices and models through callables; here only its tab matters.
vi.mock('../components/voiceover-panel', () => ({ VoiceoverPanel: () => <p>Voiceover panel</p> }));

const { AudioGenerationRoute } = await import('./audio-generation-route');

afterEach(() => {
  cleanup();
  start.mockClear();
  toast.mockReset();
});

const duration = () => screen.getByLabelText('Duration (seconds)') as HTMLInputElement;

describe('AudioGenerationRoute', () => {
  it('opens on Music Generation with the product defaults and the empty player', () => {
    render(<AudioGenerationRoute />);
    expect(
      screen.getByRole('tab', { name: 'Music Generation' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(screen.getByRole('tab', { name: 'Voiceover' })).toBeTruthy();
    expect(duration().value).toBe('30');
    const genre = screen.getByLabelText('Genre') as HTMLSelectElement;
    expect(genre.value).toBe('ambient');
    expect([...genre.options].map((o) => o.textContent)).toEqual([
      'Ambient',
      'Electronic',
      'Rock',
      'Classical',
      'Jazz',
    ]);
    expect(screen.getByText('Audio player will appear here')).toBeTruthy();
  });

  it('says what an out-of-range duration will be sent as while it is typed, and sets it when the field is left', async () => {
    render(<AudioGenerationRoute />);
    await userEvent.clear(duration());
    await userEvent.type(duration(), '500');
    expect(
      screen.getByText('500 s is above the 120 s maximum: it will be sent as 120 s.'),
    ).toBeTruthy();
    await userEvent.tab();
    expect(duration().value).toBe('120');
    expect(screen.getByText('500 s is above the 120 s maximum: it was set to 120 s.')).toBeTruthy();
  });

  it('refuses a blank description with its message and starts nothing', async () => {
    render(<AudioGenerationRoute />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate Music' }));
    expect(
      screen
        .getAllByRole('alert')
        .some((a) => a.textContent === 'Please provide a prompt for the music'),
    ).toBe(true);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        description: 'Please provide a prompt for the music',
        variant: 'destructive',
      }),
    );
    expect(start).not.toHaveBeenCalled();
  });
});
