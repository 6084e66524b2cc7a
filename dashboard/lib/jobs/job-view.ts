import { timedProgress } from '@core/constants';
import { posterOf, type Generation } from '@core/data/generation';
import type { Job } from '@core/data/job';

// What a generation page's Preview shows, from the job it follows: one state switch for every kind
// (image, video, voiceover, music). Pure, so every state is tested without Firestore.

export type JobView =
  | { kind: 'empty' }
  | { kind: 'running'; statusText: string; progress: number; canCancel: boolean }
  | { kind: 'result'; url: string; posterUrl: string | null; title: string; prompt: string }
  /** title: a heading over the message when the page has one and the message says something else. */
  | { kind: 'error'; title: string | null; message: string; needsIntegrations: boolean }
  | { kind: 'cancelled' };

export interface SubmitError {
  message: string;
  needsIntegrations: boolean;
}

export interface JobViewInputs {
  /** Work before the job exists (uploads, startJob in flight), with its status line. */
  submitting: { statusText: string } | null;
  submitError: SubmitError | null;
  job: Job | null;
  /** The library record of a succeeded job: undefined while it loads, null when none or deleted. */
  record: Generation | null | undefined;
  /** Epoch ms, for the timed progress of providers that report none. */
  now: number;
  /** The timed progress for this kind (core/constants.ts), or null to show only the job's own figure. */
  timing: { step: number; everyMs: number; cap: number } | null;
  /** The page's failure text, shown when a failed job has no message of its own. */
  fallbackError: string;
  /** A heading over a failure whose message differs from it ('Generation failed'). */
  failedTitle?: string;
  /** The status line between success and the record arriving ('Loading your image'). */
  loadingText: string;
}

/** Job error codes (core/jobs.ts) that the user fixes on the Integrations page. */
const KEY_ERRORS = new Set(['missing_key', 'invalid_key']);
const clamp = (n: number) => (Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : 0);

export function toJobView({
  submitting,
  submitError,
  job,
  record,
  now,
  timing,
  fallbackError,
  failedTitle,
  loadingText,
}: JobViewInputs): JobView {
  if (submitting)
    return { kind: 'running', statusText: submitting.statusText, progress: 0, canCancel: false };
  if (submitError)
    return {
      kind: 'error',
      title: null,
      message: submitError.message,
      needsIntegrations: submitError.needsIntegrations,
    };
  if (!job) return { kind: 'empty' };
  switch (job.status) {
    case 'queued':
    case 'running': {
      const own = clamp(job.progress);
      // With a timing the bar never passes its cap before the file is saved, whichever figure is ahead.
      const progress = timing
        ? Math.min(
            timing.cap,
            Math.max(own, job.createdAt ? timedProgress(now - job.createdAt.getTime(), timing) : 0),
          )
        : own;
      return {
        kind: 'running',
        statusText: job.statusText.trim() || (job.status === 'queued' ? 'Queued' : 'Generating'),
        progress,
        canCancel: true,
      };
    }
    case 'failed': {
      const message = job.error?.message?.trim() || fallbackError;
      return {
        kind: 'error',
        title: failedTitle && message !== failedTitle ? failedTitle : null,
        message,
        needsIntegrations: !!job.error && KEY_ERRORS.has(job.error.code),
      };
    }
    case 'cancelled':
      return { kind: 'cancelled' };
    case 'succeeded': {
      if (record === undefined)
        return { kind: 'running', statusText: loadingText, progress: 100, canCancel: false };
      const url = record?.originalUrl ?? record?.thumbnailUrl;
      // A result deleted from the library since: nothing left to show.
      if (!record || !url) return { kind: 'empty' };
      const jobPrompt = typeof job.input.prompt === 'string' ? job.input.prompt : '';
      return {
        kind: 'result',
        url,
        posterUrl: posterOf(record),
        title: record.title,
        prompt: record.prompt || jobPrompt,
      };
    }
  }
}
