import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Generation } from '@core/data/generation';
import type { Job } from '@core/data/job';
import { isJobActive, type JobKind, type JobStatus } from '@core/jobs';
import { callableReads } from '@core/react/query-client';
import { useAuth } from '../auth';
import { readCallableError } from '../call';
import { toast } from '../toast';
import { cancelGenerationJob, startGenerationJob, type JobInputOf } from './job-calls';
import type { SubmitError } from './job-view';
import { readLastFollowedJob, writeLastFollowedJob } from './last-followed-job';
import { useGeneration, useJob, useLatestJob } from './job-reads';

// Following a generation job from a page: start it through startJob, follow its document live, find it
// again after a reload or from another tab, and read the library record it wrote. The function runs the
// job to the end whether or not a page is open (docs/architecture.md, "The path of a job").

export interface JobFollower<K extends JobKind> {
  job: Job | null;
  /** The record of a succeeded job: undefined while it loads, null when none or gone. */
  record: Generation | null | undefined;
  /** startJob in flight (the job has no document yet). */
  starting: boolean;
  /** startJob refused (no key, bad input): its user-facing message. */
  startError: SubmitError | null;
  start: (input: JobInputOf<K>) => Promise<boolean>;
  cancel: () => Promise<void>;
  isCancelling: boolean;
  /** Stops showing the current job (Reset); the job and its record stay. */
  clear: () => void;
}

export interface JobFollowerOptions {
  /** A job found again after a reload (to restore its form), once. */
  onAdopt?: (job: Job) => void;
  /** A followed job ended while the page watched it. */
  onSettled?: (job: Job) => void;
  /** startJob failed (message already user-facing). */
  onStartError?: (message: string) => void;
  fallbackError: string;
}

/**
 * The job a page follows for one kind: started here, found again after a reload (the newest job when it is
 * still active, or the one this browser last followed), or started meanwhile in another tab.
 */
export function useJobFollower<K extends JobKind>(
  kind: K,
  options: JobFollowerOptions,
): JobFollower<K> {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<JobFollower<K>['startError']>(null);
  const latest = useLatestJob(kind);
  const jobState = useJob(jobId);
  const job = jobState.status === 'success' ? jobState.data : null;
  const record = useGeneration(job?.status === 'succeeded' ? job.generationId : null);
  const cancelCall = useMutation({ mutationFn: cancelGenerationJob }, callableReads);
  const cancelRun = cancelCall.mutateAsync;
  const isCancelling = cancelCall.isPending;
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const startingRef = useRef(false);
  const checkedOnLoad = useRef(false);

  const newest = latest.status === 'success' ? latest.data : null;
  const latestLoaded = latest.status !== 'loading';
  useEffect(() => {
    if (!uid || !latestLoaded) return;
    if (!checkedOnLoad.current) {
      checkedOnLoad.current = true;
      if (newest && (isJobActive(newest.status) || newest.id === readLastFollowedJob(kind, uid))) {
        setJobId(newest.id);
        optionsRef.current.onAdopt?.(newest);
      }
      return;
    }
    if (newest && isJobActive(newest.status) && newest.id !== jobId && !startingRef.current) {
      setStartError(null);
      setJobId(newest.id);
      writeLastFollowedJob(kind, uid, newest.id);
    }
  }, [uid, kind, latestLoaded, newest, jobId]);

  // Success and failure toasts only for a change seen live, never for a job found already ended.
  // A job started here counts as seen queued, even when its first snapshot already shows it ended (a fast
  // provider can finish before the page subscribes).
  const lastStatus = useRef<{ id: string; status: JobStatus } | null>(null);
  const startedHere = useRef<string | null>(null);
  useEffect(() => {
    if (!job) return;
    const prev =
      lastStatus.current?.id === job.id
        ? lastStatus.current.status
        : job.id === startedHere.current
          ? 'queued'
          : null;
    lastStatus.current = { id: job.id, status: job.status };
    if (prev && isJobActive(prev) && !isJobActive(job.status)) optionsRef.current.onSettled?.(job);
  }, [job]);

  const start = useCallback(
    async (input: JobInputOf<K>): Promise<boolean> => {
      if (!uid) {
        setStartError({ message: 'Not authenticated', needsIntegrations: false });
        optionsRef.current.onStartError?.('Not authenticated');
        return false;
      }
      startingRef.current = true;
      setStarting(true);
      setStartError(null);
      try {
        const { jobId: started } = await startGenerationJob(kind, input);
        startedHere.current = started;
        writeLastFollowedJob(kind, uid, started);
        setJobId(started);
        return true;
      } catch (error) {
        const failure = readCallableError(error, optionsRef.current.fallbackError);
        setStartError({ message: failure.message, needsIntegrations: failure.needsIntegrations });
        optionsRef.current.onStartError?.(failure.message);
        return false;
      } finally {
        startingRef.current = false;
        setStarting(false);
      }
    },
    [uid, kind],
  );

  const cancel = useCallback(async () => {
    if (!jobId) return;
    try {
      await cancelRun(jobId);
    } catch (error) {
      toast({
        title: 'Error',
        description: readCallableError(error, 'Failed to cancel the generation').message,
        variant: 'destructive',
      });
    }
  }, [jobId, cancelRun]);

  const clear = useCallback(() => {
    setJobId(null);
    setStartError(null);
    if (uid) writeLastFollowedJob(kind, uid, null);
  }, [uid, kind]);

  // Between startJob answering and the first snapshot the page is still starting.
  const waiting = jobId !== null && jobState.status === 'loading';
  return {
    job,
    record,
    starting: starting || waiting,
    startError,
    start,
    cancel,
    isCancelling,
    clear,
  };
}
