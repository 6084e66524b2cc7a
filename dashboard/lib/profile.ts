import { doc } from 'firebase/firestore';
import { toProfile, type Profile } from '@core/data/profile';
import { userDocPath } from '@core/firestore-paths';
import { defaultProfileSettings } from '@core/schemas';
import { useUserDoc } from './live';

export type { Profile };

const readProfile = (_id: string, data: unknown) => toProfile(data);

export interface ProfileState {
  profile: Profile;
  loading: boolean;
  error: Error | null;
}

const initial: ProfileState = {
  profile: {
    displayName: null,
    settings: defaultProfileSettings,
    scheduling: { timeZone: null, slots: {} },
  },
  loading: true,
  error: null,
};

/**
 * The signed-in user's profile document, live. Shared because the shell (animations preference) and
 * settings both need it; Firestore shares one listener per document under the hood.
 */
export function useProfile(): ProfileState {
  const state = useUserDoc((db, uid) => doc(db, userDocPath(uid)), readProfile);
  if (state.status === 'loading') return initial;
  if (state.status === 'error') return { ...initial, loading: false, error: state.error };
  return { profile: state.data ?? initial.profile, loading: false, error: null };
}

/** What to call the user: the saved display name, then the account's, then the start of the email. */
export function pickDisplayName(
  profileName: string | null | undefined,
  authName: string | null | undefined,
  email: string | null | undefined,
): string {
  const saved = profileName?.trim() || authName?.trim();
  if (saved) return saved;
  const local = email?.split('@')[0];
  return local || 'there';
}
