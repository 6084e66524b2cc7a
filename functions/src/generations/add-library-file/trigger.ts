import { onCall } from 'firebase-functions/v2/https';
import { loadConfig } from '../../config';
import { getDb } from '../../lib/admin';
import { requireUid } from '../../lib/callable';
import { defaultBucket } from '../../jobs/deps';
import { addLibraryFile } from './add-library-file';

export const addLibraryFileCallable = onCall({ maxInstances: 10 }, (request) =>
  addLibraryFile(requireUid(request), request.data, { db: getDb(), bucket: defaultBucket(), downloadOrigin: loadConfig().storageDownloadOrigin, now: () => new Date() }),
);
