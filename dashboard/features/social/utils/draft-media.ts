import type { DraftMedia } from '@core/data/draft';
import type { MediaAsset } from '@/lib/library-media';

/** A draft's media as the composer's media field holds them (the draft keeps the facts the checks need). */
export function draftMediaAssets(media: readonly DraftMedia[]): MediaAsset[] {
  return media.map((m) => ({
    id: m.generationId,
    type: m.contentType.startsWith('video/') ? 'video' : 'image',
    title: m.title || 'Media',
    url: m.thumbnailUrl ?? '',
    thumbnailUrl: m.thumbnailUrl,
    storagePath: null,
    contentType: m.contentType,
    sizeBytes: m.sizeBytes,
  }));
}
