import { toGeneration, type Generation } from '@core/data/generation';
import { draftMediaQuery } from '@core/firebase/drafts';
import type { LiveState } from '@core/react/use-live';
import { useUserQuery } from '@/lib/live';

/**
 * The library records of drafts' media ids, live: everything shown about a draft's media (picture, type, size,
 * title) comes from these records, written by functions, never from the draft. No ids reads as none at once.
 */
export function useDraftMediaRecords(ids: readonly string[]): LiveState<Generation[]> {
  return useUserQuery((db, uid) => draftMediaQuery(db, uid, ids), toGeneration);
}
