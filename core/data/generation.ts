import { z } from 'zod';
import { generationTypes, jobKinds } from '../jobs';
import { count, docConverter, label, oneOf, optionalText, record, text, timestamp } from './fields';

/**
 * users/{uid}/generations/{id}: the library. Written only by functions (a job's result, addLibraryFile);
 * the owner reads it and deletes through deleteGeneration. Every screen reads it through toGeneration.
 */
export const generationSchema = z.object({
  type: oneOf(generationTypes, 'image'),
  title: label('Untitled'),
  prompt: text(),
  storagePath: optionalText(),
  /** Download URL of a small preview (images: the image itself; videos: a poster frame when there is one). */
  thumbnailUrl: optionalText(),
  /** Storage path of a separate thumbnail (a video's poster), deleted with the record. */
  thumbnailPath: optionalText(),
  /** Download URL of the file in our Storage (never a provider's expiring URL). */
  originalUrl: optionalText(),
  contentType: optionalText(),
  sizeBytes: count(0),
  source: z
    .object({
      kind: z.enum([...jobKinds, 'upload', 'render']).catch('upload'),
      jobId: z.string().optional().catch(undefined),
    })
    .nullable()
    .catch(null),
  metadata: record(),
  createdAt: timestamp(),
});

export type Generation = z.output<typeof generationSchema> & { id: string };

export const toGeneration = docConverter(generationSchema);

/** A picture that is not the file itself: a video's poster. Audio, and a video without one, have none. */
export function posterOf(g: Pick<Generation, 'thumbnailUrl' | 'originalUrl'>): string | null {
  return g.thumbnailUrl && g.thumbnailUrl !== g.originalUrl ? g.thumbnailUrl : null;
}

/** What an image tile shows: the thumbnail, else the file. Never an audio or video file as an <img>. */
export function pictureOf(
  g: Pick<Generation, 'type' | 'thumbnailUrl' | 'originalUrl'>,
): string | null {
  if (g.type === 'image') return g.thumbnailUrl ?? g.originalUrl;
  return posterOf(g);
}
