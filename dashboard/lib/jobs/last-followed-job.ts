import { z } from 'zod';
import type { JobKind } from '@core/jobs';
import { localTextItem } from '../local-store';

// The job this browser last followed per kind and user, so a reload finds a finished result again.
// Private mode or a full quota only lose this memory: the job is still followed live.

const item = (kind: JobKind, uid: string) =>
  localTextItem(`muse:${kind}-job:${uid}`, z.string().min(1).max(128));

export function readLastFollowedJob(kind: JobKind, uid: string): string | null {
  return item(kind, uid).read();
}

export function writeLastFollowedJob(kind: JobKind, uid: string, jobId: string | null): void {
  if (jobId) item(kind, uid).write(jobId);
  else item(kind, uid).remove();
}
