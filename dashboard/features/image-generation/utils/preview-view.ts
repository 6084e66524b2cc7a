import type { JobError, JobStatus } from '@core/jobs';

/** The parts of a job document the Preview card reads. */
export interface PreviewJob {
  id: string;
  status: JobStatus;
  progress: number;
  statusText: string;
  error: JobError | null;
  generationId: string | null;
  prompt: string;
}

export interface PreviewGeneration {
  originalUrl: string | null;
  thumbnailUrl: string | null;
  prompt: string;
}

/** What the page knows besides the job: a submit in flight (uploads, startJob) or a submit that failed. */
export interface PreviewInputs {
  submitting: { statusText: string } | null;
  submitError: { message: string; needsIntegrations: boolean } | null;
  job: PreviewJob | null;
  /** The library record of a succeeded job: undefined while it loads, null when it is gone. */
  generation: PreviewGeneration | null | undefined;
}

export type PreviewView =
  | { kind: 'empty' }
  | { kind: 'running'; statusText: string; progress: number; canCancel: boolean }
  | { kind: 'result'; imageUrl: string; prompt: string }
  /** title: 'Generation failed' for a job that failed (the message then carries the provider's detail, if any). */
  | { kind: 'error'; title: string | null; message: string; needsIntegrations: boolean }
  | { kind: 'cancelled' };

const FAILED = 'Generation failed';

// Job error codes that the user fixes on the Integrations page.
const KEY_ERRORS = new Set(['missing_key', 'invalid_key']);

export function needsIntegrations(error: JobError | null): boolean {
  if (!error) return false;
  return KEY_ERRORS.has(error.code) || /\bIntegrations\b/.test(error.message);
}

const clampProgress = (n: number) => (Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : 0);

/** Job state -> what the Preview card shows. Pure, so every state is tested without Firestore. */
export function toPreviewView({ submitting, submitError, job, generation }: PreviewInputs): PreviewView {
  if (submitting) return { kind: 'running', statusText: submitting.statusText, progress: 0, canCancel: false };
  if (submitError) return { kind: 'error', title: null, message: submitError.message, needsIntegrations: submitError.needsIntegrations };
  if (!job) return { kind: 'empty' };
  switch (job.status) {
    case 'queued':
      return { kind: 'running', statusText: job.statusText.trim() || 'Queued', progress: clampProgress(job.progress), canCancel: true };
    case 'running':
      return { kind: 'running', statusText: job.statusText.trim() || 'Generating', progress: clampProgress(job.progress), canCancel: true };
    case 'failed': {
      const message = job.error?.message?.trim() || FAILED;
      return { kind: 'error', title: message === FAILED ? null : FAILED, message, needsIntegrations: needsIntegrations(job.error) };
    }
    case 'cancelled':
      return { kind: 'cancelled' };
    case 'succeeded': {
      if (generation === undefined) return { kind: 'running', statusText: 'Loading your image', progress: 100, canCancel: false };
      const url = generation?.originalUrl || generation?.thumbnailUrl;
      // A result deleted from the library since: nothing left to show.
      if (!generation || !url) return { kind: 'empty' };
      return { kind: 'result', imageUrl: url, prompt: generation.prompt || job.prompt };
    }
  }
}
