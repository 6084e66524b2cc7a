import { userDocPath } from '@core/firestore-paths';
import type { User } from 'firebase/auth/web-extension';
import { doc, onSnapshot, type Firestore } from 'firebase/firestore';
import { useEffect, useState } from 'react';

/** The profile's display name (users/{uid}), else the account's, else the email. Live. */
export function useDisplayName(db: Firestore, user: User): string {
  const [profileName, setProfileName] = useState<string | null>(null);
  useEffect(() => {
    setProfileName(null);
    return onSnapshot(
      doc(db, userDocPath(user.uid)),
      (snap) => {
        const name: unknown = snap.get('displayName');
        setProfileName(typeof name === 'string' && name.trim() ? name.trim() : null);
      },
      // No profile access is not worth an error on screen: the account name still identifies the user.
      () => setProfileName(null),
    );
  }, [db, user.uid]);
  return profileName ?? user.displayName ?? user.email ?? 'Signed in';
}
