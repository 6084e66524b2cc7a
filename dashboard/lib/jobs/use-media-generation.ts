import { useCallback, useEffect, useRef, useState } from 'react';
import type { JobKind } from '@core/jobs';
import type { Job } from '@core/data/job';
import { toast } from '../toast';
import { useNow } from '../use-now';
import { toJobView, type JobView, type JobViewInputs } from './job-view';
import { useJobFollower, type JobFollower } from './use-job-follower';

// A media page's form and job together (video, voiceover, music): the form a reload restores from the job
// it finds again (unless the user already typed), the toasts when a job ends while watched, and the
// Preview view with its timed progress.

export interface MediaGenerationOptions<F> {
  initialForm: F | (() => F);
  /** The form a found-again job was started with, over the current one. */
  formFromJob: (input: Record<string, unknown>, current: F) => F;
  /** The success toast ('Video generated successfully!'). */
  successText: string;
  /** The failure text ('Failed to generate video'). */
  fallbackError: string;
  timing: JobViewInputs['timing'];
}

export interface MediaGeneration<K extends JobKind, F> {
  form: F;
  /** A user edit: from now on a found-again job no longer overwrites the form. */
  change: (patch: Partial<F>) => void;
  follower: JobFollower<K>;
  view: JobView;
  busy: boolean;
}

const errorToast = (description: string) =>
  toast({ title: 'Error', description, variant: 'destructive' });

export function useMediaGeneration<K extends JobKind, F>(
  kind: K,
  options: MediaGenerationOptions<F>,
): MediaGeneration<K, F> {
  const { initialForm, formFromJob, successText, fallbackError, timing } = options;
  const [form, setForm] = useState<F>(initialForm);
  const touched = useRef(false);
  const formFromJobRef = useRef(formFromJob);
  useEffect(() => {
    formFromJobRef.current = formFromJob;
  });
  const onAdopt = useCallback((job: Job) => {
    if (!touched.current) setForm((f) => formFromJobRef.current(job.input, f));
  }, []);
  const onSettled = useCallback(
    (job: Job) => {
      if (job.status === 'succeeded') toast({ title: successText });
      if (job.status === 'failed') errorToast(job.error?.message || fallbackError);
    },
    [successText, fallbackError],
  );
  const follower = useJobFollower(kind, {
    onAdopt,
    onSettled,
    onStartError: errorToast,
    fallbackError,
  });
  const active =
    follower.starting ||
    (follower.job !== null &&
      (follower.job.status === 'queued' || follower.job.status === 'running'));
  const now = useNow(1000, active).getTime();
  const submitting = follower.starting ? { statusText: 'Starting' } : null;
  const view = toJobView({
    submitting,
    submitError: follower.startError,
    job: follower.job,
    record: follower.record,
    now,
    timing,
    fallbackError,
    loadingText: 'Loading your file',
  });
  const change = useCallback((patch: Partial<F>) => {
    touched.current = true;
    setForm((f) => ({ ...f, ...patch }));
  }, []);
  return { form, change, follower, view, busy: view.kind === 'running' };
}
