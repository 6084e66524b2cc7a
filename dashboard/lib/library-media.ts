import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { toGeneration, type Generation } from '@core/data/generation';
import { userCollectionPath } from '@core/firestore-paths';
import type { GenerationType } from '@core/jobs';
import type { QueryState } from '@core/react/use-live';
import { useUserQuery } from './live';

// The library as the editor and the social composers pick from it: the allowed types (image and video by default), newest first,
// live so a fresh upload shows at once.

/** A library file the timeline can play: a record with its file's URL. */
export interface MediaAsset {
  id: string;
  type: GenerationType;
  title: string;
  url: string;
  thumbnailUrl: string | null;
  storagePath: string | null;
  /** What a composer checks against a platform's media limits ('' when unknown). */
  contentType: string;
  sizeBytes: number;
}

export const MEDIA_PICKER_LIMIT = 120;

export function toMediaAsset(g: Generation): MediaAsset | null {
  return g.originalUrl
    ? {
        id: g.id,
        type: g.type,
        title: g.title,
        url: g.originalUrl,
        thumbnailUrl: g.thumbnailUrl,
        storagePath: g.storagePath,
        contentType: g.contentType ?? '',
        sizeBytes: g.sizeBytes,
      }
    : null;
}

export function useLibraryMedia(types: readonly GenerationType[]): QueryState<MediaAsset[]> {
  const state = useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'generations')),
        where('type', 'in', [...types]),
        orderBy('createdAt', 'desc'),
        limit(MEDIA_PICKER_LIMIT),
      ),
    toGeneration,
  );
  const data = state.status === 'success' ? state.data : null;
  const assets = useMemo(
    () => data?.flatMap((g) => (types.includes(g.type) ? (toMediaAsset(g) ?? []) : [])) ?? null,
    [data, types],
  );
  return assets
    ? { status: 'success', data: assets }
    : state.status === 'error'
      ? state
      : { status: 'loading' };
}
