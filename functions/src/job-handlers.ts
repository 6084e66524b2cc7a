import { loadKeyring } from './config';
import { defaultBucket, generationDeps } from './jobs/deps';
import { generationHandlers } from './jobs/generation-run';
import type { JobHandlers } from './jobs/lease';
import { getDb } from './lib/admin';
import { publishDeps } from './social/deps';
import { publishJobHandler } from './social/publish-job';

// The one place job kinds are registered: each kind's run, lease, end when abandoned and end when
// cancelled (functions/src/jobs/lease.ts JobHandler). The runner, the sweep and cancelJob read this record
// and know no kind; a new kind of work adds its handler here. Built per invocation, with nothing read that
// the calling function lacks (the keyring is read only when a run needs a secret).
export function jobHandlers(): JobHandlers {
  const db = getDb();
  return {
    ...generationHandlers(generationDeps(db)),
    publish: publishJobHandler(publishDeps({ db, keyring: loadKeyring, bucket: defaultBucket() })),
  };
}
