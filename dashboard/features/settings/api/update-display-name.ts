import { updateProfile, type User } from 'firebase/auth';
import { doc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore';
import { useCallback, useState } from 'react';
import { userDocPath } from '@core/firestore-paths';
import { displayNameSchema } from '@core/schemas';
import { getFirebase } from '@/lib/firebase';

export const updateDisplayNameInputSchema = displayNameSchema;

/** Sets the name on the auth account (what other services see) and on the profile document (what the app reads live). */
export async function updateDisplayName(db: Firestore, user: User, input: string): Promise<string> {
  const displayName = updateDisplayNameInputSchema.parse(input);
  await updateProfile(user, { displayName: displayName || null });
  await setDoc(
    doc(db, userDocPath(user.uid)),
    { displayName, updatedAt: serverTimestamp() },
    { merge: true },
  );
  return displayName;
}

export function useUpdateDisplayName(): {
  save: (user: User, input: string) => Promise<string>;
  isPending: boolean;
} {
  const [isPending, setPending] = useState(false);
  const save = useCallback(async (user: User, input: string) => {
    setPending(true);
    try {
      return await updateDisplayName(getFirebase().db, user, input);
    } finally {
      setPending(false);
    }
  }, []);
  return { save, isPending };
}
