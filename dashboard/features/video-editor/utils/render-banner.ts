import { RENDER_CANCELLED_CODE, type RenderJob } from '../api/render-jobs';

// The render banner's texts, one per render job status.

export type BannerTone = 'info' | 'success' | 'error' | 'neutral';

export function renderBanner(job: Pick<RenderJob, 'status' | 'error' | 'errorCode'>): {
  text: string;
  tone: BannerTone;
} {
  switch (job.status) {
    case 'processing':
      return { text: 'Your video is being rendered...', tone: 'info' };
    case 'completed':
      return { text: 'Your video is ready to download!', tone: 'success' };
    case 'failed':
      if (job.errorCode === RENDER_CANCELLED_CODE)
        return { text: 'Render cancelled. Render again when you are ready.', tone: 'neutral' };
      return { text: `Render failed: ${job.error || 'Unknown error'}`, tone: 'error' };
    default:
      return { text: 'Preparing to render your video...', tone: 'info' };
  }
}

/**
 * Seconds left of a render `fraction` (0..1) done after `elapsedMs`, at the pace so far; null until the
 * pace means something (5 % done and 2 s in).
 */
export function renderEta(elapsedMs: number, fraction: number): number | null {
  if (fraction < 0.05 || fraction >= 1 || elapsedMs < 2000) return null;
  return Math.max(0, ((elapsedMs / fraction) * (1 - fraction)) / 1000);
}

/** "about 40 s left", "about 3 min left". */
export function formatEta(seconds: number): string {
  if (seconds <= 55) return `about ${Math.max(5, Math.ceil(seconds / 5) * 5)} s left`;
  return `about ${Math.max(1, Math.round(seconds / 60))} min left`;
}
