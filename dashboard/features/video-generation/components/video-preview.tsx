import { Film } from 'lucide-react';
import { useState } from 'react';
import {
  GenerationPreview,
  PreviewDownloadButton,
  PreviewRunning,
  type JobPreviewProps,
} from '@/components/generation/preview-states';
import type { JobView } from '@/lib/jobs/job-view';

export function VideoPreview({
  view,
  onCancel,
  isCancelling,
  onDownload,
  isDownloading,
}: JobPreviewProps<JobView>) {
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <GenerationPreview
      view={view}
      frameClassName="aspect-video"
      placeholder={{ icon: Film, text: 'Video preview will appear here' }}
      onCancel={onCancel}
      isCancelling={isCancelling}
      running={(running) => (
        <PreviewRunning
          title="Generating preview..."
          status={running.statusText}
          hint="You can close this tab: the video is saved to your library when it's ready."
        />
      )}
      result={(result) => (
        <>
          <div className="overflow-hidden rounded-lg border bg-black">
            {broken === result.url ? (
              <div className="flex aspect-video items-center justify-center text-sm text-white/80">
                The video could not be played.
              </div>
            ) : (
              <video
                key={result.url}
                src={result.url}
                poster={result.posterUrl ?? undefined}
                controls
                playsInline
                preload="metadata"
                aria-label={`Generated video: ${result.title}`}
                onError={() => setBroken(result.url)}
                className="aspect-video w-full"
              />
            )}
          </div>
          <PreviewDownloadButton
            label="Download Video"
            onClick={() => onDownload(result.url, result.prompt)}
            loading={isDownloading}
          />
        </>
      )}
    />
  );
}
