import {
  collection,
  getCountFromServer,
  query,
  Timestamp,
  where,
  type Firestore,
} from 'firebase/firestore';
import { userCollectionPath } from '@core/firestore-paths';
import { generationTypes, type GenerationType } from '@core/schemas';
import { useUserRead } from '@/lib/use-user-read';
import { statWindows } from '../utils/stats';
import type { QueryState } from '@core/react/use-live';

export interface PeriodCounts {
  current: number;
  previous: number;
}
export type GenerationStats = Record<GenerationType, PeriodCounts>;

async function countOf(
  db: Firestore,
  uid: string,
  type: GenerationType,
  from: Date,
  to?: Date,
): Promise<number> {
  const constraints = [
    where('type', '==', type),
    where('createdAt', '>=', Timestamp.fromDate(from)),
  ];
  if (to) constraints.push(where('createdAt', '<', Timestamp.fromDate(to)));
  const snap = await getCountFromServer(
    query(collection(db, userCollectionPath(uid, 'generations')), ...constraints),
  );
  return snap.data().count;
}

/**
 * How many images, videos and audio clips the user generated in the last 30 days and in the 30 days
 * before, counted server-side (no documents are downloaded). Needs the (type, createdAt) index.
 */
export async function getGenerationStats(
  db: Firestore,
  uid: string,
  now: Date,
): Promise<GenerationStats> {
  const { currentFrom, previousFrom } = statWindows(now);
  const entries = await Promise.all(
    generationTypes.map(async (type) => {
      const [current, previous] = await Promise.all([
        countOf(db, uid, type, currentFrom),
        countOf(db, uid, type, previousFrom, currentFrom),
      ]);
      return [type, { current, previous }] as const;
    }),
  );
  return Object.fromEntries(entries) as GenerationStats;
}

export function useGenerationStats(): QueryState<GenerationStats> {
  return useUserRead(getGenerationStats);
}
