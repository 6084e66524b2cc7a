import { toProfile } from '@core/data/profile';
import { userDocPath } from '@core/firestore-paths';
import { useLiveDoc } from '@core/react/use-live';
import type { User } from 'firebase/auth/web-extension';
import { doc, type Firestore } from 'firebase/firestore';

const readProfile = (_id: string, data: unknown) => toProfile(data);

/** The profile's display name (users/{uid}), else the account's, else the email. Live. */
export function useDisplayName(db: Firestore, user: User): string {
  const profile = useLiveDoc(doc(db, userDocPath(user.uid)), readProfile);
  // No profile access is not worth an error on screen: the account name still identifies the user.
  const saved = profile.status === 'success' ? profile.data?.displayName?.trim() : null;
  return saved || user.displayName || user.email || 'Signed in';
}
