import { doc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore';
import { useCallback } from 'react';
import { userDocPath } from '@core/firestore-paths';
import { profileSettingsSchema, type ProfileSettings } from '@core/schemas';
import { getFirebase } from '@/lib/firebase';

export const updateProfileSettingsInputSchema = profileSettingsSchema;

/** Writes the whole settings map (rules accept only its three keys), merged into users/{uid}. */
export async function updateProfileSettings(
  db: Firestore,
  uid: string,
  input: ProfileSettings,
): Promise<void> {
  const settings = updateProfileSettingsInputSchema.parse(input);
  await setDoc(
    doc(db, userDocPath(uid)),
    { settings, updatedAt: serverTimestamp() },
    { merge: true },
  );
}

export function useUpdateProfileSettings(): (uid: string, input: ProfileSettings) => Promise<void> {
  return useCallback(
    (uid: string, input: ProfileSettings) => updateProfileSettings(getFirebase().db, uid, input),
    [],
  );
}
