import { VIDEO_PROGRESS_TIMING } from '@core/constants';
import { PageHeader } from '@/components/ui/page-header';
import { useMediaGeneration } from '@/lib/jobs/use-media-generation';
import { RecentVideos } from '../components/recent-videos';
import { VideoPreview } from '../components/video-preview';
import { VideoSettings } from '../components/video-settings';
import { useVideoDownload } from '../hooks/use-video-download';
import { defaultVideoForm, videoFormFromJob } from '../utils/video-form';

const FAILED = 'Failed to generate video';

export function VideoGenerationRoute() {
  const { form, change, follower, view, busy } = useMediaGeneration('video', {
    initialForm: defaultVideoForm,
    formFromJob: videoFormFromJob,
    successText: 'Video generated successfully!',
    fallbackError: FAILED,
    timing: VIDEO_PROGRESS_TIMING,
  });
  const { download, pending } = useVideoDownload();
  const progress =
    view.kind === 'running'
      ? view.progress
      : follower.job?.status === 'succeeded' && view.kind === 'result'
        ? 100
        : null;

  return (
    <div className="space-y-8">
      <PageHeader
        title="Video Generation"
        description="Turn a description into a short video with Luma Dream Machine."
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <VideoSettings
          form={form}
          onChange={change}
          busy={busy}
          progress={progress}
          onGenerate={(input) => void follower.start(input)}
        />
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
