import { timedProgress } from '@core/constants';
import type { FollowedJob, JobRecord } from './generation-jobs';

// What a media page's preview shows, from the job it follows. Pure, so every state is tested without Firestore.

export type MediaJobView =
  | { kind: 'empty' }
  | { kind: 'running'; statusText: string; progress: number; canCancel: boolean }
  | { kind: 'result'; url: string; posterUrl: string | null; title: string; prompt: string }
  | { kind: 'error'; message: string; needsIntegrations: boolean }
  | { kind: 'cancelled' };

export interface MediaJobInputs {
  starting: boolean;
  startError: { message: string; needsIntegrations: boolean } | null;
  job: FollowedJob | null;
  record: JobRecord | null | undefined;
  /** Epoch ms, for the timed progress of providers that report none. */
  now: number;
  /** The spec's timed progress for this kind (section 9), or null to show only the job's own figure. */
  timing: { step: number; everyMs: number; cap: number } | null;
  fallbackError: string;
}

const KEY_ERRORS = new Set(['missing_key', 'invalid_key']);
const clamp = (n: number) => (Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : 0);

export function toMediaJobView({ starting, startError, job, record, now, timing, fallbackError }: MediaJobInputs): MediaJobView {
  if (starting) return { kind: 'running', statusText: 'Starting', progress: 0, canCancel: false };
  if (startError) return { kind: 'error', message: startError.message, needsIntegrations: startError.needsIntegrations };
  if (!job) return { kind: 'empty' };
  switch (job.status) {
    case 'queued':
    case 'running': {
      const timed = timing && job.createdAt ? timedProgress(now - job.createdAt.getTime(), timing) : 0;
      // The bar never passes its cap before the file is saved, whichever figure is ahead.
      const progress = Math.min(timing?.cap ?? 99, Math.max(clamp(job.progress), timed));
      return { kind: 'running', statusText: job.statusText.trim() || (job.status === 'queued' ? 'Queued' : 'Generating'), progress, canCancel: true };
    }
    case 'failed': {
      const message = job.error?.message?.trim() || fallbackError;
      return { kind: 'error', message, needsIntegrations: !!job.error && (KEY_ERRORS.has(job.error.code) || /\bIntegrations\b/.test(message)) };
    }
    case 'cancelled':
      return { kind: 'cancelled' };
    case 'succeeded': {
      if (record === undefined) return { kind: 'running', statusText: 'Loading your file', progress: 100, canCancel: false };
      if (!record?.originalUrl) return { kind: 'empty' };
      return { kind: 'result', url: record.originalUrl, posterUrl: record.thumbnailUrl, title: record.title, prompt: record.prompt };
    }
  }
}
