import { useCallback, useEffect, useRef, useState } from 'react';
import { isJobActive } from '@core/jobs';
import { useAuth } from '@/lib/auth';
import { readCallableError } from '@/lib/callable-error';
import { toast } from '@/lib/toast';
import { useCancelImageJob } from '../api/cancel-image-job';
import { useGeneration } from '../api/get-generation';
import { useImageJob, type ImageJob } from '../api/get-image-job';
import { useLatestImageJob } from '../api/get-latest-image-job';
import { useStartImageJob } from '../api/start-image-job';
import { useUploadInputImage } from '../api/upload-input-image';
import { checkImageForm, withUploadedPaths, type FormCheck, type ImageFormValues } from '../utils/form';
import { toPreviewView, type PreviewView } from '../utils/preview-view';

// The job this browser last started or followed, per user: after a reload (or closing the tab) a job that
// finished meanwhile is shown again. Active jobs are found without it, from the newest image job.
const lastJobKey = (uid: string) => `muse:image-job:${uid}`;
function readLastJob(uid: string): string | null {
  try {
    return window.localStorage.getItem(lastJobKey(uid));
  } catch {
    return null;
  }
}
function writeLastJob(uid: string, jobId: string): void {
  try {
    window.localStorage.setItem(lastJobKey(uid), jobId);
  } catch {
    // Private mode or a full quota: the job is still followed live, only the reload memory is lost.
  }
}

export interface ImageGeneration {
  view: PreviewView;
  job: ImageJob | null;
  isCancelling: boolean;
  /** Checks, uploads the chosen images, starts the job. Resolves with the form check (for inline messages). */
  generate: (values: ImageFormValues) => Promise<FormCheck>;
  cancel: () => Promise<void>;
}

/**
 * The page's generation state: the job it follows (started here, found after a reload, or started in another
 * tab), a submit in flight, and the Preview view derived from them.
 */
export function useImageGeneration({ onAdopt }: { onAdopt?: (job: ImageJob) => void } = {}): ImageGeneration {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const [jobId, setJobId] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState<{ statusText: string } | null>(null);
  const [submitError, setSubmitError] = useState<{ message: string; needsIntegrations: boolean } | null>(null);
  const latest = useLatestImageJob();
  const jobState = useImageJob(jobId);
  const job = jobState.status === 'success' ? jobState.data : null;
  const generation = useGeneration(job?.status === 'succeeded' ? job.generationId : null);
  const uploadImage = useUploadInputImage();
  const { start } = useStartImageJob();
  const { cancel: cancelJob, isPending: isCancelling } = useCancelImageJob();

  const onAdoptRef = useRef(onAdopt);
  useEffect(() => {
    onAdoptRef.current = onAdopt;
  });
  const submittingRef = useRef(false);
  const checkedOnLoad = useRef(false);

  // Finds the job again: on load the newest image job when it is still active (or is the one this browser
  // last followed); later, any new active image job (started in another tab or the extension).
  const newest = latest.status === 'success' ? latest.data : null;
  const latestLoaded = latest.status !== 'loading';
  useEffect(() => {
    if (!uid || !latestLoaded) return;
    if (!checkedOnLoad.current) {
      checkedOnLoad.current = true;
      if (newest && (isJobActive(newest.status) || newest.id === readLastJob(uid))) {
        setJobId(newest.id);
        onAdoptRef.current?.(newest);
      }
      return;
    }
    if (newest && isJobActive(newest.status) && newest.id !== jobId && !submittingRef.current) {
      setSubmitError(null);
      setJobId(newest.id);
      writeLastJob(uid, newest.id);
    }
  }, [uid, latestLoaded, newest, jobId]);

  // A followed job that fails while the page is open also says so in a toast (spec 8: failures toast 'Error').
  const lastStatus = useRef<{ id: string; status: string } | null>(null);
  useEffect(() => {
    if (!job) return;
    const prev = lastStatus.current;
    lastStatus.current = { id: job.id, status: job.status };
    if (prev?.id === job.id && isJobActive(prev.status as ImageJob['status']) && job.status === 'failed') {
      toast({ title: 'Error', description: job.error?.message || 'Generation failed', variant: 'destructive' });
    }
  }, [job]);

  const generate = useCallback(
    async (values: ImageFormValues): Promise<FormCheck> => {
      const check = checkImageForm(values);
      if (!check.ok) return check;
      if (!uid) {
        setSubmitError({ message: 'Not authenticated', needsIntegrations: false });
        return check;
      }
      submittingRef.current = true;
      setSubmitError(null);
      try {
        const uploads = values.mode === 'image' ? { input: values.inputImage, control: values.controlImage } : { input: null, control: null };
        let paths: { inputImagePath?: string; controlImagePath?: string } = {};
        if (uploads.input || uploads.control) {
          setSubmitting({ statusText: 'Uploading your image' });
          try {
            const [inputImagePath, controlImagePath] = await Promise.all([uploads.input ? uploadImage(uploads.input) : undefined, uploads.control ? uploadImage(uploads.control) : undefined]);
            paths = { inputImagePath, controlImagePath };
          } catch (error) {
            setSubmitError({ message: `Failed to upload your image. ${error instanceof Error ? error.message : ''}`.trim(), needsIntegrations: false });
            return check;
          }
        }
        const full = withUploadedPaths(check.input, paths);
        if (!full.ok) {
          setSubmitError({ message: full.message, needsIntegrations: false });
          return check;
        }
        setSubmitting({ statusText: 'Starting' });
        try {
          const { jobId: started } = await start(full.input);
          writeLastJob(uid, started);
          setJobId(started);
        } catch (error) {
          const failure = readCallableError(error, 'Failed to generate image');
          setSubmitError({ message: failure.message, needsIntegrations: failure.needsIntegrations });
          toast({ title: 'Error', description: failure.message, variant: 'destructive' });
        }
        return check;
      } finally {
        submittingRef.current = false;
        setSubmitting(null);
      }
    },
    [uid, uploadImage, start],
  );

  const cancel = useCallback(async () => {
    if (!jobId) return;
    try {
      await cancelJob(jobId);
    } catch (error) {
      toast({ title: 'Error', description: readCallableError(error, 'Failed to cancel the generation').message, variant: 'destructive' });
    }
  }, [jobId, cancelJob]);

  // Between startJob answering and the job's first snapshot the page is still starting, never empty.
  const waiting = jobId !== null && jobState.status === 'loading' ? { statusText: 'Starting' } : null;
  const view = toPreviewView({ submitting: submitting ?? waiting, submitError, job, generation });
  return { view, job, isCancelling, generate, cancel };
}
