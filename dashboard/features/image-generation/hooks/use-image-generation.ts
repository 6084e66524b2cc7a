import { useCallback, useState } from 'react';
import { useAuth } from '@/lib/auth';
import type { Job } from '@core/data/job';
import { toJobView, type JobView } from '@/lib/jobs/job-view';
import { useJobFollower } from '@/lib/jobs/use-job-follower';
import { toast } from '@/lib/toast';
import { useUploadInputImage } from '../api/upload-input-image';
import {
  checkImageForm,
  withUploadedPaths,
  type FormCheck,
  type ImageFormValues,
} from '../utils/form';

const FAILED = 'Failed to generate image';

export interface ImageGeneration {
  view: JobView;
  job: Job | null;
  isCancelling: boolean;
  /** Checks, uploads the chosen images, starts the job. Resolves with the form check (for inline messages). */
  generate: (values: ImageFormValues) => Promise<FormCheck>;
  cancel: () => Promise<void>;
}

const errorToast = (description: string) =>
  toast({ title: 'Error', description, variant: 'destructive' });
// A followed job that fails while the page is open also says so in a toast.
const onSettled = (job: Job) => {
  if (job.status === 'failed') errorToast(job.error?.message || 'Generation failed');
};

/**
 * The image page's generation state: the shared job follower (the job started here, found after a reload,
 * or started in another tab) plus what only images have: input images uploaded before the job starts.
 */
export function useImageGeneration({
  onAdopt,
}: { onAdopt?: (job: Job) => void } = {}): ImageGeneration {
  const { user } = useAuth();
  const follower = useJobFollower('image', {
    onAdopt,
    onSettled,
    onStartError: errorToast,
    fallbackError: FAILED,
  });
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const uploadImage = useUploadInputImage();
  const { start } = follower;

  const generate = useCallback(
    async (values: ImageFormValues): Promise<FormCheck> => {
      const check = checkImageForm(values);
      if (!check.ok) return check;
      setUploadError(null);
      if (!user) {
        await start(check.input);
        return check;
      }
      const uploads =
        values.mode === 'image'
          ? { input: values.inputImage, control: values.controlImage }
          : { input: null, control: null };
      let paths: { inputImagePath?: string; controlImagePath?: string } = {};
      if (uploads.input || uploads.control) {
        setUploading(true);
        try {
          const [inputImagePath, controlImagePath] = await Promise.all([
            uploads.input ? uploadImage(uploads.input) : undefined,
            uploads.control ? uploadImage(uploads.control) : undefined,
          ]);
          paths = { inputImagePath, controlImagePath };
        } catch (error) {
          setUploadError(
            `Failed to upload your image. ${error instanceof Error ? error.message : ''}`.trim(),
          );
          return check;
        } finally {
          setUploading(false);
        }
      }
      const full = withUploadedPaths(check.input, paths);
      if (!full.ok) {
        setUploadError(full.message);
        return check;
      }
      await start(full.input);
      return check;
    },
    [user, uploadImage, start],
  );

  const { job, record } = follower;
  const submitting = uploading
    ? { statusText: 'Uploading your image' }
    : follower.starting
      ? { statusText: 'Starting' }
      : null;
  const submitError = uploadError
    ? { message: uploadError, needsIntegrations: false }
    : follower.startError;
  const view = toJobView({
    submitting,
    submitError,
    job,
    record,
    now: 0,
    timing: null,
    fallbackError: 'Generation failed',
    failedTitle: 'Generation failed',
    loadingText: 'Loading your image',
  });
  return { view, job, isCancelling: follower.isCancelling, generate, cancel: follower.cancel };
}
