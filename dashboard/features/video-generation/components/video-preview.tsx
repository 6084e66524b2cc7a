import { Download, Film, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { GenerationPreview } from '@/components/generation/preview-states';
import type { MediaJobView } from '@/lib/media-job-view';

export function VideoPreview({
  view,
  onCancel,
  isCancelling,
  onDownload,
  isDownloading,
}: {
  view: MediaJobView;
  onCancel: () => void;
  isCancelling: boolean;
  onDownload: (url: string, prompt: string) => void;
  isDownloading: boolean;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <GenerationPreview
      view={view}
      frameClassName="aspect-video"
      placeholder={{ icon: Film, text: 'Video preview will appear here' }}
      onCancel={onCancel}
      isCancelling={isCancelling}
      running={(running) => (
        <div className="flex flex-col items-center gap-3 px-6 text-center">
          <Loader2 className="size-10 animate-spin text-primary" aria-hidden="true" />
          <p className="text-sm font-medium">Generating preview...</p>
          <p role="status" aria-live="polite" className="text-xs text-muted-foreground">
            {running.statusText}
          </p>
          <p className="max-w-xs text-xs text-muted-foreground">You can close this tab: the video is saved to your library when it's ready.</p>
        </div>
      )}
      result={(result) => (
        <>
          <div className="overflow-hidden rounded-lg border bg-black">
            {broken === result.url ? (
              <div className="flex aspect-video items-center justify-center text-sm text-white/80">The video could not be played.</div>
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
          <Button onClick={() => onDownload(result.url, result.prompt)} loading={isDownloading}>
            {isDownloading ? null : <Download aria-hidden="true" />}
            Download Video
          </Button>
        </>
      )}
    />
  );
}
