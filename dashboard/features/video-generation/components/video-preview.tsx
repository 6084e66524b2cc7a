import { AlertCircle, Ban, Download, Film, KeyRound, Loader2, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@core/routes';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { MediaJobView } from '@/lib/media-job-view';

function Frame({ children }: { children: React.ReactNode }) {
  return <div className="relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-lg border border-dashed bg-muted/40">{children}</div>;
}

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
    <Card role="region" aria-labelledby="video-preview-title" className="h-fit lg:sticky lg:top-20">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle id="video-preview-title">Preview</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
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
            {view.canCancel ? (
              <Button variant="outline" onClick={onCancel} loading={isCancelling}>
                {isCancelling ? (
                  'Cancelling...'
                ) : (
                  <>
                    <X aria-hidden="true" />
                    Cancel
                  </>
                )}
              </Button>
            ) : null}
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
            <div role="alert" className="flex max-w-sm flex-col items-center gap-3 px-6 text-center">
              {view.needsIntegrations ? <KeyRound className="size-9 text-destructive" aria-hidden="true" /> : <AlertCircle className="size-9 text-destructive" aria-hidden="true" />}
              <p className="text-sm font-medium text-destructive">{view.message}</p>
              {view.needsIntegrations ? (
                <Link to={paths.integrations} className={buttonClasses('outline', 'sm')}>
                  Open Integrations
                </Link>
              ) : null}
            </div>
          </Frame>
        ) : view.kind === 'cancelled' ? (
          <Frame>
            <div role="status" className="flex flex-col items-center gap-2 px-6 text-center text-muted-foreground">
              <Ban className="size-9" aria-hidden="true" />
              <p className="text-sm">Generation cancelled</p>
            </div>
          </Frame>
        ) : (
          <Frame>
            <div className="flex flex-col items-center gap-3 px-6 text-center text-muted-foreground">
              <Film className="size-10 opacity-70" aria-hidden="true" />
              <p className="text-sm">Video preview will appear here</p>
            </div>
          </Frame>
        )}
      </CardContent>
    </Card>
  );
}
