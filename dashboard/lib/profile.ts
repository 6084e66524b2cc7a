import { doc, onSnapshot, type DocumentData, type Firestore } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { userDocPath } from '@core/firestore-paths';
import { defaultProfileSettings, profileSettingsSchema, type ProfileSettings } from '@core/schemas';
import { useAuth } from './auth';
import { getFirebase } from './firebase';

export interface Profile {
  displayName: string | null;
  settings: ProfileSettings;
}

/** Reads a users/{uid} document leniently: missing or malformed settings fall back to the defaults one by one. */
export function parseProfile(data: DocumentData | undefined): Profile {
  const rawSettings: Record<string, unknown> = data && typeof data.settings === 'object' && data.settings ? data.settings : {};
  const settings = { ...defaultProfileSettings };
  for (const key of Object.keys(profileSettingsSchema.shape) as (keyof ProfileSettings)[]) {
    if (typeof rawSettings[key] === 'boolean') settings[key] = rawSettings[key];
  }
  return { displayName: typeof data?.displayName === 'string' ? data.displayName : null, settings };
}

export function subscribeToProfile(db: Firestore, uid: string, onData: (profile: Profile) => void, onError: (error: Error) => void): () => void {
  return onSnapshot(
    doc(db, userDocPath(uid)),
    (snap) => onData(parseProfile(snap.data())),
    (error) => onError(error),
  );
}

export interface ProfileState {
  profile: Profile;
  loading: boolean;
  error: Error | null;
}

const initial: ProfileState = { profile: { displayName: null, settings: defaultProfileSettings }, loading: true, error: null };

/**
 * The signed-in user's profile document, live. Shared because the shell (animations preference) and
 * settings both need it; Firestore shares one listener per document under the hood.
 */
export function useProfile(): ProfileState {
  const { user } = useAuth();
  const uid = user?.uid;
  const [state, setState] = useState<ProfileState>(initial);

  useEffect(() => {
    if (!uid) {
      setState({ ...initial, loading: false });
      return;
    }
    setState(initial);
    return subscribeToProfile(
      getFirebase().db,
      uid,
      (profile) => setState({ profile, loading: false, error: null }),
      (error) => setState((s) => ({ ...s, loading: false, error })),
    );
  }, [uid]);

  return state;
}

/** What to call the user: the saved display name, then the account's, then the start of the email. */
export function pickDisplayName(profileName: string | null | undefined, authName: string | null | undefined, email: string | null | undefined): string {
  const saved = profileName?.trim() || authName?.trim();
  if (saved) return saved;
  const local = email?.split('@')[0];
  return local || 'there';
}
