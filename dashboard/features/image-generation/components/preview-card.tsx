import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import {
  GenerationPreview,
  PreviewDownloadButton,
  PreviewRunning,
  type JobPreviewProps,
} from '@/components/generation/preview-states';
import type { JobView } from '@/lib/jobs/job-view';

export function PreviewCard({
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
      frameClassName="aspect-[4/3]"
      placeholder={{
        icon: ImageIcon,
        text: 'Enter a prompt and click generate to create an image',
      }}
      onCancel={onCancel}
      isCancelling={isCancelling}
      running={(running) => (
        <PreviewRunning
          status={`${running.statusText}${running.progress > 0 && running.progress < 100 ? ` · ${running.progress}%` : ''}`}
          hint="You can leave this page: the image is saved to your library when it's ready."
        >
          <div
            role="progressbar"
            aria-label="Generation progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={running.progress}
            className="h-1.5 w-48 max-w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-500"
              style={{ width: `${Math.max(running.progress, 4)}%` }}
            />
          </div>
        </PreviewRunning>
      )}
      result={(result) => (
        <>
          <div className="overflow-hidden rounded-lg border bg-muted/40">
            {broken === result.url ? (
              <div className="flex aspect-[4/3] items-center justify-center text-sm text-muted-foreground">
                The image could not be displayed.
              </div>
            ) : (
              <img
                src={result.url}
                alt={result.prompt ? `Generated image: ${result.prompt}` : 'Generated image'}
                className="mx-auto max-h-[70vh] w-full object-contain"
                onError={() => setBroken(result.url)}
              />
            )}
          </div>
          <PreviewDownloadButton
            label="Download Image"
            onClick={() => onDownload(result.url, result.prompt)}
            loading={isDownloading}
          />
        </>
      )}
    />
  );
}
