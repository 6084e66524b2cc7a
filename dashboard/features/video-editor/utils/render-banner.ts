import type { RenderJob } from '../api/render-jobs';

// The render banner's texts, one per render job status.

export type BannerTone = 'info' | 'success' | 'error';

export function renderBanner(job: Pick<RenderJob, 'status' | 'error'>): { text: string; tone: BannerTone } {
  switch (job.status) {
    case 'processing':
      return { text: 'Your video is being rendered...', tone: 'info' };
    case 'completed':
      return { text: 'Your video is ready to download!', tone: 'success' };
    case 'failed':
      return { text: `Render failed: ${job.error || 'Unknown error'}`, tone: 'error' };
    default:
      return { text: 'Preparing to render your video...', tone: 'info' };
  }
}
