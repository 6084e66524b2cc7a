import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProjectSettings, TimelineItem } from '@core/editor/model';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import { toast } from '@/lib/toast';
import { uploadToLibrary } from '@/lib/library-upload';
import {
  countCompletedRenders,
  createRenderJob,
  RENDER_CANCELLED_CODE,
  renderTitle,
  updateRenderJob,
} from '../api/render-jobs';
import { sweepRenderFiles } from '../render/render-files';
import { renderEta } from '../utils/render-banner';

// The render flow: a job document as processing, the timeline
// rendered here with progress written to the job (throttled), the file uploaded to {uid}/renders and
// recorded in the library, then the job completed with its output URL; any error fails the job with its
// message, and Cancel ends it as failed with the code 'cancelled' (the banner says cancelled, not failed).

export interface RenderRequest {
  items: readonly TimelineItem[];
  settings: ProjectSettings;
  title: string;
}

export interface RenderOutput {
  blob: Blob;
  mimeType: string;
  extension: string;
  /** Deletes the file behind `blob` where it is one the render wrote (an OPFS file); called after the upload. */
  dispose?: () => Promise<void>;
}

export type RenderTimelineFn = (
  request: { items: TimelineItem[]; settings: ProjectSettings; title: string },
  options: { signal: AbortSignal; onProgress: (fraction: number, stage: string) => void },
) => Promise<RenderOutput>;

export const RENDER_CANCELLED = 'Render cancelled';
/** Progress reaches Firestore at most this often; the banner in this tab updates on every report. */
const PROGRESS_WRITE_MS = 1000;
/** Rendering is 0-90 %, the upload and the library record the rest. */
const RENDER_SHARE = 90;

export interface RenderState {
  /** The job this tab is rendering, or null. */
  jobId: string | null;
  progress: number;
  stage: string | null;
  /** Seconds left at the pace so far (utils/render-banner.ts `renderEta`), null until it means something. */
  etaSec: number | null;
}

export function useRender(loadRenderer: () => Promise<RenderTimelineFn>) {
  const { user } = useAuth();
  const uid = user?.uid;
  const [state, setState] = useState<RenderState>({
    jobId: null,
    progress: 0,
    stage: null,
    etaSec: null,
  });
  const [submitting, setSubmitting] = useState(false);
  const controller = useRef<AbortController | null>(null);

  // Leaving the editor or closing the tab stops a render in progress (its job is marked failed below).
  // Opening it deletes the export files that closed or crashed tabs left in OPFS (render/render-files.ts).
  useEffect(() => {
    void sweepRenderFiles().catch(() => undefined);
    const stop = () => controller.current?.abort();
    window.addEventListener('pagehide', stop);
    return () => {
      window.removeEventListener('pagehide', stop);
      stop();
    };
  }, []);

  const start = useCallback(
    async (projectId: string, request: RenderRequest) => {
      if (!uid || controller.current) return;
      const db = getFirebase().db;
      setSubmitting(true);
      let jobId: string;
      try {
        jobId = await createRenderJob(db, uid, projectId);
      } catch (error) {
        console.warn('createRenderJob failed', error);
        toast({
          title: 'Error',
          description: 'Could not start the render. Please try again.',
          variant: 'destructive',
        });
        setSubmitting(false);
        return;
      }
      const abort = new AbortController();
      controller.current = abort;
      setState({ jobId, progress: 0, stage: 'Preparing', etaSec: null });
      const startedAt = performance.now();
      setSubmitting(false);
      toast({
        title: 'Render Started',
        description: "Your video is being processed. You'll be notified when it's ready.",
      });

      let lastWrite = 0;
      const report = (percent: number, stage: string) => {
        const now = performance.now();
        const etaSec = renderEta(now - startedAt, percent / 100);
        setState((s) => (s.jobId === jobId ? { ...s, progress: percent, stage, etaSec } : s));
        if (now - lastWrite >= PROGRESS_WRITE_MS) {
          lastWrite = now;
          void updateRenderJob(db, uid, jobId, { status: 'processing', progress: percent }).catch(
            () => undefined,
          );
        }
      };
      let output: RenderOutput | null = null;
      try {
        const render = await loadRenderer();
        output = await render(
          { items: [...request.items], settings: request.settings, title: request.title },
          {
            signal: abort.signal,
            onProgress: (fraction, stage) =>
              report(Math.max(0, Math.min(1, fraction)) * RENDER_SHARE, stage),
          },
        );
        if (abort.signal.aborted) throw new DOMException(RENDER_CANCELLED, 'AbortError');
        report(RENDER_SHARE, 'Uploading');
        const blob = output.blob.type
          ? output.blob
          : new Blob([output.blob], { type: output.mimeType });
        // Every render is a video of its own in the library (a post may use an earlier one), numbered so
        // the project's renders are told apart.
        const done = await countCompletedRenders(db, uid, projectId).catch(() => null);
        const saved = await uploadToLibrary(uid, 'renders', blob, {
          fileName: `render.${output.extension}`,
          title: done === null ? request.title : renderTitle(request.title, done + 1),
          projectId,
        });
        await updateRenderJob(db, uid, jobId, {
          status: 'completed',
          outputUrl: saved.url,
          outputPath: saved.storagePath,
        });
        toast({
          title: 'Your video is ready to download!',
          description: 'It is in your library too.',
        });
      } catch (error) {
        const cancelled = abort.signal.aborted;
        const message = cancelled
          ? RENDER_CANCELLED
          : error instanceof Error && error.message
            ? error.message
            : 'Unknown error';
        if (!cancelled) console.warn('render failed', error);
        await updateRenderJob(db, uid, jobId, {
          status: 'failed',
          message,
          ...(cancelled ? { code: RENDER_CANCELLED_CODE } : {}),
        }).catch(() => undefined);
        if (!cancelled)
          toast({
            title: 'Error',
            description: `Render failed: ${message}`,
            variant: 'destructive',
          });
      } finally {
        // The export's OPFS file, once uploaded (or not, on failure or Cancel).
        void output?.dispose?.().catch(() => undefined);
        controller.current = null;
        setState({ jobId: null, progress: 0, stage: null, etaSec: null });
      }
    },
    [uid, loadRenderer],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { start, cancel, submitting, rendering: state.jobId !== null, state };
}
