import { loadConfig } from '../../config';
import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { defaultBucket } from '../../jobs/deps';
import { addLibraryFile } from './add-library-file';

export const addLibraryFileCallable = onContractCall(
  'addLibraryFile',
  { maxInstances: 10 },
  ({ uid, input }) =>
    addLibraryFile(uid, input, {
      db: getDb(),
      bucket: defaultBucket(),
      downloadOrigin: loadConfig().storageDownloadOrigin,
      now: () => new Date(),
    }),
);
