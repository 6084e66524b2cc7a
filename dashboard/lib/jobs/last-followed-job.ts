import type { JobKind } from '@core/jobs';

// The job this browser last followed per kind and user, so a reload finds a finished result again.

const key = (kind: JobKind, uid: string) => `muse:${kind}-job:${uid}`;

export function readLastFollowedJob(kind: JobKind, uid: string): string | null {
  try {
    return window.localStorage.getItem(key(kind, uid));
  } catch {
    return null;
  }
}

export function writeLastFollowedJob(kind: JobKind, uid: string, jobId: string | null): void {
  try {
    if (jobId) window.localStorage.setItem(key(kind, uid), jobId);
    else window.localStorage.removeItem(key(kind, uid));
  } catch {
    // Private mode or a full quota: the job is still followed live, only the reload memory is lost.
  }
}
