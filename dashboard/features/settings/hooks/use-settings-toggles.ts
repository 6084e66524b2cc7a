import { useCallback, useState } from 'react';
import type { ProfileSettings } from '@core/schemas';
import { useAuth } from '@/lib/auth';
import { useProfile } from '@/lib/profile';
import { toast } from '@/lib/toast';
import { useUpdateProfileSettings } from '../api/update-profile-settings';

export type SettingKey = keyof ProfileSettings;

/** Shows `overrides` over `stored`: what the user just switched wins until the write settles. */
export function mergeSettings(
  stored: ProfileSettings,
  overrides: Partial<ProfileSettings>,
): ProfileSettings {
  return { ...stored, ...overrides };
}

/**
 * The per-user switches, optimistic: a switch flips at once, the write follows, and a failed write
 * flips it back with an error toast.
 */
export function useSettingsToggles(): {
  settings: ProfileSettings;
  loading: boolean;
  loadError: Error | null;
  set: (key: SettingKey, value: boolean) => void;
} {
  const { user } = useAuth();
  const { profile, loading, error } = useProfile();
  const update = useUpdateProfileSettings();
  const [overrides, setOverrides] = useState<Partial<ProfileSettings>>({});
  const settings = mergeSettings(profile.settings, overrides);

  const set = useCallback(
    (key: SettingKey, value: boolean) => {
      if (!user) return;
      const next = { ...settings, [key]: value };
      setOverrides((o) => ({ ...o, [key]: value }));
      const settle = () =>
        setOverrides((o) => {
          if (o[key] !== value) return o; // a newer flip of the same switch owns it now
          const { [key]: _settled, ...rest } = o;
          return rest;
        });
      update(user.uid, next).then(settle, (err: unknown) => {
        settle();
        toast({
          title: 'Failed to save settings',
          description: err instanceof Error ? err.message : 'Please try again.',
          variant: 'destructive',
        });
      });
    },
    [user, settings, update],
  );

  return { settings, loading, loadError: error, set };
}
