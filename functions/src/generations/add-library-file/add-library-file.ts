import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import type { Firestore } from 'firebase-admin/firestore';
import { DEFAULT_PROJECT_TITLE } from '@core/constants';
import { generationSchema } from '@core/data/generation';
import type { GenerationDoc } from '@core/jobs';
import { libraryIdForPath, type AddLibraryFileResult } from '@core/library-files';
import { uploadKindOf } from '@core/media-types';
import { withFallbackError } from '../../lib/callable';
import { adminConverter } from '../../lib/converter';
import { log } from '../../lib/log';
import { matchesSignature, SIGNATURE_BYTES } from '../../lib/media-signature';
import { downloadUrl, type Bucket } from '../../jobs/result-storage';
import { generationRef } from '../../jobs/generation-run';
import type { CallablePayload } from '@core/callables';
import { runTransaction } from '../../lib/transaction';

const generationConverter = adminConverter(generationSchema);

export const NOT_WHAT_IT_SAYS = "The file's contents do not match its type";

export interface AddLibraryFileDeps {
  db: Firestore;
  bucket: Bucket;
  downloadOrigin: string;
  now: () => Date;
}

function titleFor(kind: 'upload' | 'render', title: string, path: string): string {
  if (title) return title.slice(0, 50);
  return kind === 'render' ? DEFAULT_PROJECT_TITLE : path.slice(path.lastIndexOf('/') + 1);
}

/**
 * Records one of the caller's uploaded or rendered files in the library ('Asset uploaded successfully';
 * render output as a video). The type comes from the stored object, never from the client; a second call for
 * the same file returns the record the first one wrote. A file refused for its type or bytes is deleted.
 */
export async function addLibraryFile(
  uid: string,
  input: CallablePayload<'addLibraryFile'>,
  deps: AddLibraryFileDeps,
): Promise<AddLibraryFileResult> {
  const [owner, folder] = input.storagePath.split('/');
  if (owner !== uid) throw new HttpsError('permission-denied', 'You can only add your own files');
  const kind = folder === 'renders' ? 'render' : 'upload';
  return withFallbackError('Failed to upload asset', { uid, path: input.storagePath }, async () => {
    const file = deps.bucket.file(input.storagePath);
    const [exists] = await file.exists();
    if (!exists) throw new HttpsError('not-found', 'The uploaded file was not found');
    const [md] = await file.getMetadata();
    const contentType = (md.contentType ?? '').toLowerCase();
    const id = libraryIdForPath(input.storagePath);
    const ref = generationRef(deps.db, uid, id);
    // Clients delete nothing in Storage (storage.rules): a refused file is removed here, unless a record
    // already stands on that path (then deleteGeneration removes both).
    const refuse = async (message: string): Promise<never> => {
      if (!(await ref.get()).exists) {
        await file.delete({ ignoreNotFound: true });
        log.info('Refused upload removed', { uid, path: input.storagePath });
      }
      throw new HttpsError('invalid-argument', message);
    };
    // Only the types storage.rules accepts: an SVG or HTML file must never become a library image.
    const type = uploadKindOf(contentType);
    if (!type || (kind === 'render' && type !== 'video'))
      return refuse('Only images, videos and audio can be added to the library');
    // A range read of the first bytes: the file must really be what it was uploaded as.
    const [head] = await file.download({ start: 0, end: SIGNATURE_BYTES - 1 });
    if (!matchesSignature(contentType, head.subarray(0, SIGNATURE_BYTES)))
      return refuse(NOT_WHAT_IT_SAYS);

    const tokens = md.metadata?.firebaseStorageDownloadTokens;
    let token = typeof tokens === 'string' && tokens ? tokens.split(',')[0]! : undefined;
    if (!token) {
      token = randomUUID();
      await file.setMetadata({ metadata: { firebaseStorageDownloadTokens: token } });
    }
    const url = downloadUrl(deps.downloadOrigin, deps.bucket.name, input.storagePath, token);
    const title = titleFor(kind, input.title, input.storagePath);
    const doc: GenerationDoc<Date> = {
      type,
      title,
      prompt: kind === 'render' ? `Rendered from the video editor: ${title}` : title,
      storagePath: input.storagePath,
      thumbnailUrl: type === 'image' ? url : '',
      originalUrl: url,
      contentType,
      sizeBytes: Number(md.size ?? 0),
      source: { kind },
      createdAt: deps.now(),
      metadata: input.projectId ? { projectId: input.projectId } : {},
    };
    const recorded = await runTransaction(deps.db, async (tx) => {
      const existing = (await tx.get(ref.withConverter(generationConverter))).data();
      if (existing) return { created: false, type: existing.type, url: existing.originalUrl ?? '' };
      tx.create(ref, doc);
      return { created: true, type, url };
    });
    if (recorded.created) log.info('Library file recorded', { uid, kind, type, generationId: id });
    // A repeated call answers with the record as stored, never with what this call read.
    return { generationId: id, type: recorded.type, url: recorded.url };
  });
}
