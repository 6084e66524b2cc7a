import { collection, onSnapshot, type DocumentData, type Firestore } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { userCollectionPath } from '@core/firestore-paths';
import { socialAccountStatusSchema, socialPlatforms, type SocialPlatform } from '@core/integrations';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import type { QueryState } from '@/lib/query-state';

/** users/{uid}/socialAccounts/{platform} as the forms use it: hints of secrets, non-secret values, connected. */
export interface SocialAccount {
  hints: Record<string, string>;
  values: Record<string, string>;
  connected: boolean;
  updatedAt: Date;
}

export type SocialAccounts = Partial<Record<SocialPlatform, SocialAccount>>;

export function toSocialAccounts(docs: { id: string; data: DocumentData }[]): SocialAccounts {
  const out: SocialAccounts = {};
  for (const { id, data } of docs) {
    if (!(socialPlatforms as readonly string[]).includes(id)) continue;
    const parsed = socialAccountStatusSchema.safeParse(data);
    if (parsed.success) {
      const { hints, values, connected, updatedAt } = parsed.data;
      out[id as SocialPlatform] = { hints, values, connected, updatedAt: updatedAt.toDate() };
    }
  }
  return out;
}

export function subscribeToSocialAccounts(db: Firestore, uid: string, onData: (accounts: SocialAccounts) => void, onError: (error: Error) => void): () => void {
  return onSnapshot(
    collection(db, userCollectionPath(uid, 'socialAccounts')),
    (snap) => onData(toSocialAccounts(snap.docs.map((d) => ({ id: d.id, data: d.data({ serverTimestamps: 'estimate' }) })))),
    onError,
  );
}

export function useSocialAccounts(): { state: QueryState<SocialAccounts>; retry: () => void } {
  const { user } = useAuth();
  const uid = user?.uid;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<QueryState<SocialAccounts>>({ status: 'loading' });

  useEffect(() => {
    if (!uid) return;
    setState({ status: 'loading' });
    return subscribeToSocialAccounts(
      getFirebase().db,
      uid,
      (data) => setState({ status: 'success', data }),
      (error) => setState({ status: 'error', error }),
    );
  }, [uid, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
