import { useCallback, useRef, useState } from 'react';
import { VIDEO_PROGRESS_TIMING } from '@core/constants';
import { PageHeader } from '@/components/ui/page-header';
import { useJobFollower, useNow, type FollowedJob } from '@/lib/generation-jobs';
import { toMediaJobView } from '@/lib/media-job-view';
import { toast } from '@/lib/toast';
import { RecentVideos } from '../components/recent-videos';
import { VideoPreview } from '../components/video-preview';
import { VideoSettings } from '../components/video-settings';
import { useVideoDownload } from '../hooks/use-video-download';
import { defaultVideoForm, videoFormFromJob, type VideoFormValues } from '../utils/video-form';

const FAILED = 'Failed to generate video';

export function VideoGenerationRoute() {
  const [form, setForm] = useState<VideoFormValues>(defaultVideoForm);
  const touched = useRef(false);
  const onAdopt = useCallback((job: FollowedJob) => {
    if (!touched.current) setForm((f) => videoFormFromJob(job.input, f));
  }, []);
  const onSettled = useCallback((job: FollowedJob) => {
    if (job.status === 'succeeded') toast({ title: 'Video generated successfully!' });
    if (job.status === 'failed') toast({ title: 'Error', description: job.error?.message || FAILED, variant: 'destructive' });
  }, []);
  const onStartError = useCallback((message: string) => toast({ title: 'Error', description: message, variant: 'destructive' }), []);
  const follower = useJobFollower('video', { onAdopt, onSettled, onStartError, fallbackError: FAILED });
  const running = follower.starting || (follower.job !== null && (follower.job.status === 'queued' || follower.job.status === 'running'));
  const now = useNow(1000, running);
  const view = toMediaJobView({ ...follower, now, timing: VIDEO_PROGRESS_TIMING, fallbackError: FAILED });
  const { download, pending } = useVideoDownload();
  const busy = view.kind === 'running';
  const progress = view.kind === 'running' ? view.progress : follower.job?.status === 'succeeded' && view.kind === 'result' ? 100 : null;

  const onChange = useCallback((patch: Partial<VideoFormValues>) => {
    touched.current = true;
    setForm((f) => ({ ...f, ...patch }));
  }, []);

  return (
    <div className="space-y-8">
      <PageHeader title="Video Generation" description="Turn a description into a short video with Luma Dream Machine." />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <VideoSettings form={form} onChange={onChange} busy={busy} progress={progress} onGenerate={(input) => void follower.start(input)} />
        <VideoPreview
          view={view}
          onCancel={() => void follower.cancel()}
          isCancelling={follower.isCancelling}
          onDownload={download}
          isDownloading={pending !== null && view.kind === 'result' && pending === view.url}
        />
      </div>
      <RecentVideos onDownload={download} pendingUrl={pending} />
    </div>
  );
}
