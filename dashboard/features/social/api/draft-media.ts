import { useCallback, useMemo } from 'react';
import { DRAFT_LIMITS } from '@core/data/draft';
import { toGeneration, type Generation } from '@core/data/generation';
import { draftMediaQuery, IN_VALUES } from '@core/firebase/drafts';
import { publishPlatforms } from '@core/platforms/facts';
import type { LiveState } from '@core/react/use-live';
import { useUserQuery } from '@/lib/live';

/**
 * The library records of drafts' media ids, live: everything shown about a draft's media (picture, type, size,
 * title) comes from these records, written by functions, never from the draft. No ids reads as none at once.
 */
export function useDraftMediaRecords(ids: readonly string[]): LiveState<Generation[]> {
  return useUserQuery((db, uid) => draftMediaQuery(db, uid, ids), toGeneration);
}

/** The most ids a union holds: a Compose draft's shared media and each channel's own, DRAFT_LIMITS.media each. */
export const DRAFT_MEDIA_UNION_IDS = (1 + publishPlatforms.length) * DRAFT_LIMITS.media;
/** The reads a union takes at most (useDraftMediaUnion makes this many): one `in` query holds IN_VALUES ids. */
export const DRAFT_MEDIA_UNION_READS = 4;
if (DRAFT_MEDIA_UNION_READS * IN_VALUES < DRAFT_MEDIA_UNION_IDS)
  throw new Error('useDraftMediaUnion needs more reads for DRAFT_MEDIA_UNION_IDS');

/** One read of a union: its ids from `read` × IN_VALUES on (none past the union: no listener). */
function useUnionRead(unique: readonly string[], read: number): LiveState<Generation[]> {
  return useDraftMediaRecords(unique.slice(read * IN_VALUES, (read + 1) * IN_VALUES));
}

/**
 * The library records of several lists of media ids (a Compose draft's shared media and each channel's own), live,
 * read once for all of them: their union, each id once, in reads of at most IN_VALUES ids (one `in` query's cap),
 * so the up to DRAFT_MEDIA_UNION_IDS ids take one listener per IN_VALUES of them, most often one. Each list is
 * then matched against the records with draftMediaOf. Loading until every read answers; one failed read fails
 * the union, as a list's own read failing did.
 */
export function useDraftMediaUnion(lists: readonly (readonly string[])[]): LiveState<Generation[]> {
  const key = [...new Set(lists.flat())].sort().join('\n');
  const unique = useMemo(() => (key ? key.split('\n') : []), [key]);
  const reads = [
    useUnionRead(unique, 0),
    useUnionRead(unique, 1),
    useUnionRead(unique, 2),
    useUnionRead(unique, 3),
  ] as const;
  const [a, b, c, d] = reads.map((r) => (r.status === 'success' ? r.data : null));
  // The same array while every read keeps its data, as a single read gives.
  const data = useMemo(() => [a, b, c, d].flatMap((records) => records ?? []), [a, b, c, d]);
  const [ra, rb, rc, rd] = reads.map((r) => r.retry);
  const retry = useCallback(() => [ra, rb, rc, rd].forEach((r) => r!()), [ra, rb, rc, rd]);
  const failed = reads.find((r) => r.status === 'error');
  if (failed?.status === 'error') return { status: 'error', error: failed.error, retry };
  if (reads.some((r) => r.status === 'loading')) return { status: 'loading', retry };
  return { status: 'success', data, retry };
}
