// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Scheduling } from '@core/queue-slots';

const save = vi.fn<(uid: string, scheduling: Scheduling) => Promise<void>>();
const toast = vi.fn();
let stored: Scheduling = { timeZone: null, slots: {} };

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'alice' } }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));
vi.mock('@/lib/scheduling', () => ({
  useScheduling: () => ({
    ...stored,
    zone: stored.timeZone ?? 'America/Los_Angeles',
    loading: false,
  }),
  useSaveScheduling: () => save,
}));
vi.mock('@core/schedule', async (original) => ({
  ...(await original<object>()),
  userTimeZone: () => 'America/Los_Angeles',
}));

const { SchedulingSettings } = await import('./scheduling-settings');

// The zone list is 400-odd options, slow to render in jsdom on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

describe('SchedulingSettings', () => {
  beforeEach(() => {
    save.mockReset().mockResolvedValue(undefined);
    toast.mockReset();
    stored = { timeZone: null, slots: {} };
  });
  afterEach(cleanup);

  it("starts on the browser's zone and saves the zone picked", async () => {
    render(<SchedulingSettings />);
    const select = screen.getByLabelText<HTMLSelectElement>('Workspace time zone');
    expect(select.value).toBe('America/Los_Angeles');
    expect(
      screen.getByText("Your browser's zone, America/Los_Angeles, until you pick one."),
    ).toBeTruthy();
    // Intl names it Asia/Calcutta; the list shows today's name.
    expect(select.querySelector('option[value="Asia/Kolkata"]')).not.toBeNull();
    expect(select.querySelector('option[value="Asia/Calcutta"]')).toBeNull();

    fireEvent.change(select, { target: { value: 'Asia/Kolkata' } });
    expect(save).toHaveBeenCalledWith('alice', { timeZone: 'Asia/Kolkata', slots: {} });
    // A channel without a zone of its own follows the workspace's.
    expect(
      within(screen.getByLabelText('X posting slots')).getByRole('option', {
        name: 'Workspace (Asia/Kolkata)',
      }),
    ).toBeTruthy();
  });

  it("gives a channel a zone of its own beside the workspace's, and lets it follow the workspace again", async () => {
    stored = {
      timeZone: 'America/Los_Angeles',
      slots: { linkedin: [{ days: [1, 2, 3, 4, 5], time: '09:00' }] },
    };
    render(<SchedulingSettings />);
    const linkedin = screen.getByLabelText<HTMLSelectElement>('LinkedIn time zone');
    expect(linkedin.value).toBe('');
    // The zones are listed once the select is reached.
    expect(linkedin.options).toHaveLength(1);
    fireEvent.focus(linkedin);
    expect(linkedin.querySelector('option[value="Asia/Kolkata"]')).not.toBeNull();
    fireEvent.change(linkedin, { target: { value: 'Asia/Kolkata' } });
    expect(save).toHaveBeenLastCalledWith('alice', {
      timeZone: 'America/Los_Angeles',
      slots: stored.slots,
      zones: { linkedin: 'Asia/Kolkata' },
    });
    expect(screen.getByLabelText<HTMLSelectElement>('LinkedIn time zone').value).toBe(
      'Asia/Kolkata',
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Workspace time zone').value).toBe(
      'America/Los_Angeles',
    );
  });

  it('drops a channel zone when it is set back to the workspace zone', async () => {
    stored = {
      timeZone: 'America/Los_Angeles',
      slots: {},
      zones: { reddit: 'Europe/Berlin', youtube: 'Asia/Tokyo' },
    };
    render(<SchedulingSettings />);
    expect(screen.getByLabelText<HTMLSelectElement>('Reddit time zone').value).toBe(
      'Europe/Berlin',
    );
    fireEvent.change(screen.getByLabelText('Reddit time zone'), { target: { value: '' } });
    expect(save).toHaveBeenLastCalledWith('alice', {
      timeZone: 'America/Los_Angeles',
      slots: {},
      zones: { youtube: 'Asia/Tokyo' },
    });
    fireEvent.change(screen.getByLabelText('YouTube time zone'), { target: { value: '' } });
    expect(save).toHaveBeenLastCalledWith('alice', { timeZone: 'America/Los_Angeles', slots: {} });
  });

  it('adds a slot to the chosen channel and removes one', async () => {
    stored = {
      timeZone: 'Europe/Berlin',
      slots: { linkedin: [{ days: [1, 2, 3, 4, 5], time: '09:00' }] },
    };
    render(<SchedulingSettings />);
    expect(
      within(screen.getByLabelText('LinkedIn posting slots')).getByText('Weekdays 09:00'),
    ).toBeTruthy();
    expect(
      within(screen.getByLabelText('X posting slots')).getByText('No slots yet.'),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'linkedin' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '12:30' } });
    fireEvent.click(screen.getByLabelText('Fri')); // Mon-Thu
    fireEvent.click(screen.getByText('Add slot'));
    expect(save).toHaveBeenLastCalledWith('alice', {
      timeZone: 'Europe/Berlin',
      slots: {
        linkedin: [
          { days: [1, 2, 3, 4, 5], time: '09:00' },
          { days: [1, 2, 3, 4], time: '12:30' },
        ],
      },
    });

    fireEvent.click(screen.getByLabelText('Remove LinkedIn slot Weekdays 09:00'));
    expect(save).toHaveBeenLastCalledWith('alice', {
      timeZone: 'Europe/Berlin',
      slots: { linkedin: [{ days: [1, 2, 3, 4], time: '12:30' }] },
    });
  });

  it('refuses a slot without days or one the channel already has', async () => {
    stored = {
      timeZone: 'Europe/Berlin',
      slots: { x: [{ days: [1, 2, 3, 4, 5], time: '09:00' }] },
    };
    render(<SchedulingSettings />);
    fireEvent.click(screen.getByText('Add slot'));
    expect(screen.getByText(/already has|at least one day/).textContent).toBe(
      'X already has Weekdays 09:00.',
    );
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
      fireEvent.click(screen.getByLabelText(day));
    fireEvent.click(screen.getByText('Add slot'));
    expect(screen.getByText(/already has|at least one day/).textContent).toBe(
      'Pick at least one day',
    );
    expect(save).not.toHaveBeenCalled();
  });

  it('goes back to the stored zone and says so when the write fails', async () => {
    save.mockRejectedValue(new Error('Missing or insufficient permissions.'));
    render(<SchedulingSettings />);
    fireEvent.change(screen.getByLabelText('Workspace time zone'), {
      target: { value: 'Asia/Kolkata' },
    });
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Failed to save settings',
        description: 'Missing or insufficient permissions.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Workspace time zone').value).toBe(
      'America/Los_Angeles',
    );
  });
});
