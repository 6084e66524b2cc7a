import type { Firestore } from 'firebase-admin/firestore';
import { generationSchema, type Generation } from '@core/data/generation';
import { type DeleteGenerationResult } from '@core/jobs';
import { withFallbackError } from '../../lib/callable';
import { adminConverter } from '../../lib/converter';
import { log } from '../../lib/log';
import { deleteStored, type Bucket } from '../../jobs/result-storage';
import { generationRef } from '../../jobs/generation-run';
import type { CallablePayload } from '@core/callables';

const generationConverter = adminConverter(generationSchema);

export interface DeleteGenerationDeps {
  db: Firestore;
  bucket: Bucket;
}

/** Storage objects a record owns: its file and, when it has one, a separate thumbnail; only under the owner's folder. */
function objectPaths(
  uid: string,
  generation: Pick<Generation, 'storagePath' | 'thumbnailPath'>,
): string[] {
  return [generation.storagePath, generation.thumbnailPath].filter(
    (p): p is string => typeof p === 'string' && p.startsWith(`${uid}/`) && !p.includes('..'),
  );
}

/**
 * Deletes one of the caller's library records and its files (the library's Delete). Files go first, so a
 * failure leaves a record the user can delete again rather than an invisible orphan; a file already gone
 * is fine, and so is a record already gone.
 */
export async function deleteGeneration(
  uid: string,
  data: CallablePayload<'deleteGeneration'>,
  deps: DeleteGenerationDeps,
): Promise<DeleteGenerationResult> {
  const { generationId } = data;
  return withFallbackError(
    'There was an error deleting your project.',
    { uid, generationId },
    async () => {
      const ref = generationRef(deps.db, uid, generationId);
      const generation = (await ref.withConverter(generationConverter).get()).data();
      if (!generation) return { deleted: true };
      const paths = objectPaths(uid, generation);
      await Promise.all(paths.map((path) => deleteStored(deps, path)));
      await ref.delete();
      log.info('Generation deleted', { uid, generationId, files: paths.length });
      return { deleted: true };
    },
  );
}
