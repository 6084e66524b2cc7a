import { callFunction, readCallableError } from '@core/firebase/call';
import { toGeneration, type Generation } from '@core/data/generation';
import { toJob, type Job } from '@core/data/job';
import { userCollectionPath } from '@core/firestore-paths';
import { isJobActive, type StartJobInput } from '@core/jobs';
import { useLiveDoc, useLiveQuery } from '@core/react/use-live';
import { collection, doc, limit, orderBy, query, where, type Firestore } from 'firebase/firestore';
import type { Functions } from 'firebase/functions';
import { useCallback, useEffect, useState } from 'react';
import { panelImageJobStorage } from '../panel-storage';

type ImageInput = Extract<StartJobInput, { kind: 'image' }>['input'];

export interface PanelImageJob {
  /** The job the panel follows: the one it started last, else the user's newest image job while it runs. */
  job: Job | null;
  /** Its library record once it succeeded (null while loading or when deleted). */
  result: Generation | null;
  starting: boolean;
  error: { message: string; needsIntegrations: boolean } | null;
  start(input: ImageInput): Promise<void>;
  cancel(): Promise<void>;
  dismiss(): void;
}

/**
 * The panel's image job, through the same startJob callable and job document as the dashboard. The job
 * runs in Cloud Functions, so closing the panel loses nothing: the id is kept in extension storage and
 * the panel follows the job again when it opens (a job started in the dashboard is picked up while it runs).
 */
export function usePanelImageJob(db: Firestore, uid: string, functions: Functions): PanelImageJob {
  const [jobId, setJobId] = useState<string | null | undefined>(undefined);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<PanelImageJob['error']>(null);

  useEffect(() => {
    let active = true;
    void panelImageJobStorage.getValue().then((stored) => {
      if (active) setJobId(stored?.jobId ?? null);
    });
    return () => {
      active = false;
    };
  }, []);

  const jobs = userCollectionPath(uid, 'jobs');
  // Index: jobs (kind ASC, createdAt DESC), shared with the dashboard's generation pages.
  const latest = useLiveQuery(
    jobId === null
      ? query(
          collection(db, jobs),
          where('kind', '==', 'image'),
          orderBy('createdAt', 'desc'),
          limit(1),
        )
      : null,
    toJob,
  );
  const running =
    latest.status === 'success' && latest.data[0] && isJobActive(latest.data[0].status)
      ? latest.data[0]
      : null;
  const followId = jobId ?? running?.id ?? null;
  const followed = useLiveDoc(followId ? doc(db, jobs, followId) : null, toJob);
  const job = followed.status === 'success' ? followed.data : null;
  const generationId = job?.status === 'succeeded' ? (job.generationId ?? job.id) : null;
  const record = useLiveDoc(
    generationId ? doc(db, userCollectionPath(uid, 'generations'), generationId) : null,
    toGeneration,
  );

  const start = useCallback(
    async (input: ImageInput) => {
      setStarting(true);
      setError(null);
      try {
        const { jobId: started } = await callFunction(functions, 'startJob', {
          requestId: crypto.randomUUID(),
          kind: 'image',
          input,
        });
        await panelImageJobStorage.setValue({ jobId: started });
        setJobId(started);
      } catch (e) {
        const failure = readCallableError(e, 'Failed to generate image');
        setError({ message: failure.message, needsIntegrations: failure.needsIntegrations });
      } finally {
        setStarting(false);
      }
    },
    [functions],
  );

  const cancel = useCallback(async () => {
    if (!followId) return;
    await callFunction(functions, 'cancelJob', { jobId: followId }).catch((e) =>
      setError({
        message: readCallableError(e, 'Could not cancel the image').message,
        needsIntegrations: false,
      }),
    );
  }, [functions, followId]);

  const dismiss = useCallback(() => {
    void panelImageJobStorage.removeValue();
    setJobId(null);
    setError(null);
  }, []);

  return {
    job,
    result: record.status === 'success' ? record.data : null,
    starting,
    error,
    start,
    cancel,
    dismiss,
  };
}
