// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultProfileSettings } from '@core/schemas';

const update = vi.fn<(uid: string, input: unknown) => Promise<void>>();
const toast = vi.fn();

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'alice' } }) }));
vi.mock('@/lib/profile', () => ({
  useProfile: () => ({
    profile: { displayName: null, settings: defaultProfileSettings },
    loading: false,
    error: null,
  }),
}));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));
vi.mock('../api/update-profile-settings', () => ({ useUpdateProfileSettings: () => update }));

const { useSettingsToggles } = await import('./use-settings-toggles');

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useSettingsToggles', () => {
  beforeEach(() => {
    update.mockReset();
    toast.mockReset();
  });

  it('flips a switch at once and writes the whole settings map', async () => {
    const write = deferred();
    update.mockReturnValue(write.promise);
    const { result } = renderHook(() => useSettingsToggles());

    act(() => result.current.set('emailNotifications', true));
    expect(result.current.settings.emailNotifications).toBe(true);
    expect(update).toHaveBeenCalledWith('alice', {
      emailNotifications: true,
      projectUpdates: true,
      animations: true,
    });

    await act(async () => write.resolve());
    expect(toast).not.toHaveBeenCalled();
  });

  it('flips the switch back and says so when the write fails', async () => {
    const write = deferred();
    update.mockReturnValue(write.promise);
    const { result } = renderHook(() => useSettingsToggles());

    act(() => result.current.set('animations', false));
    expect(result.current.settings.animations).toBe(false);

    await act(async () => write.reject(new Error('Missing or insufficient permissions.')));
    expect(result.current.settings.animations).toBe(true);
    expect(toast).toHaveBeenCalledWith({
      title: 'Failed to save settings',
      description: 'Missing or insufficient permissions.',
      variant: 'destructive',
    });
  });
});
