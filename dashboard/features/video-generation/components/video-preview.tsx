import { Download, Film, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CancelJobButton, PreviewCancelled, PreviewError, PreviewFrame, PreviewCardShell, PreviewPlaceholder } from '@/components/generation/preview-states';
import type { MediaJobView } from '@/lib/media-job-view';

const Frame = ({ children }: { children: React.ReactNode }) => <PreviewFrame className="aspect-video">{children}</PreviewFrame>;

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
    <PreviewCardShell>
        {view.kind === 'running' ? (
          <>
            <Frame>
              <div className="flex flex-col items-center gap-3 px-6 text-center">
                <Loader2 className="size-10 animate-spin text-primary" aria-hidden="true" />
                <p className="text-sm font-medium">Generating preview...</p>
                <p role="status" aria-live="polite" className="text-xs text-muted-foreground">
                  {view.statusText}
                </p>
                <p className="max-w-xs text-xs text-muted-foreground">You can close this tab: the video is saved to your library when it's ready.</p>
              </div>
            </Frame>
            {view.canCancel ? <CancelJobButton onCancel={onCancel} isCancelling={isCancelling} /> : null}
          </>
        ) : view.kind === 'result' ? (
          <>
            <div className="overflow-hidden rounded-lg border bg-black">
              {broken === view.url ? (
                <div className="flex aspect-video items-center justify-center text-sm text-white/80">The video could not be played.</div>
              ) : (
                <video
                  key={view.url}
                  src={view.url}
                  poster={view.posterUrl ?? undefined}
                  controls
                  playsInline
                  preload="metadata"
                  aria-label={`Generated video: ${view.title}`}
                  onError={() => setBroken(view.url)}
                  className="aspect-video w-full"
                />
              )}
            </div>
            <Button onClick={() => onDownload(view.url, view.prompt)} loading={isDownloading}>
              {isDownloading ? null : <Download aria-hidden="true" />}
              Download Video
            </Button>
          </>
        ) : view.kind === 'error' ? (
          <Frame>
            <PreviewError message={view.message} needsIntegrations={view.needsIntegrations} />
          </Frame>
        ) : view.kind === 'cancelled' ? (
          <Frame>
            <PreviewCancelled />
          </Frame>
        ) : (
          <Frame>
            <PreviewPlaceholder icon={Film} text="Video preview will appear here" />
          </Frame>
        )}
    </PreviewCardShell>
  );
}
