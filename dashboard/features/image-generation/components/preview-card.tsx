import { AlertCircle, Ban, Download, ImageIcon, KeyRound, Loader2, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@core/routes';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { PreviewView } from '../utils/preview-view';

function Frame({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <div aria-label={label} className="relative flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-lg border border-dashed bg-muted/40">
      {children}
    </div>
  );
}

export function PreviewCard({
  view,
  onCancel,
  isCancelling,
  onDownload,
  isDownloading,
}: {
  view: PreviewView;
  onCancel: () => void;
  isCancelling: boolean;
  onDownload: (url: string, prompt: string) => void;
  isDownloading: boolean;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <Card role="region" aria-labelledby="image-preview-title" className="h-fit lg:sticky lg:top-20">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle id="image-preview-title">Preview</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {view.kind === 'running' ? (
          <>
            <Frame>
              <div className="flex flex-col items-center gap-3 px-6 text-center">
                <Loader2 className="size-10 animate-spin text-primary" aria-hidden="true" />
                <p role="status" aria-live="polite" className="text-sm font-medium">
                  {view.statusText}
                  {view.progress > 0 && view.progress < 100 ? ` · ${view.progress}%` : ''}
                </p>
                <div
                  role="progressbar"
                  aria-label="Generation progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={view.progress}
                  className="h-1.5 w-48 max-w-full overflow-hidden rounded-full bg-muted"
                >
                  <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${Math.max(view.progress, 4)}%` }} />
                </div>
                <p className="max-w-xs text-xs text-muted-foreground">You can leave this page: the image is saved to your library when it's ready.</p>
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
            <div className="overflow-hidden rounded-lg border bg-muted/40">
              {broken === view.imageUrl ? (
                <div className="flex aspect-[4/3] items-center justify-center text-sm text-muted-foreground">The image could not be displayed.</div>
              ) : (
                <img src={view.imageUrl} alt={view.prompt ? `Generated image: ${view.prompt}` : 'Generated image'} className="mx-auto max-h-[70vh] w-full object-contain" onError={() => setBroken(view.imageUrl)} />
              )}
            </div>
            <Button onClick={() => onDownload(view.imageUrl, view.prompt)} loading={isDownloading}>
              {isDownloading ? null : <Download aria-hidden="true" />}
              Download Image
            </Button>
          </>
        ) : view.kind === 'error' ? (
          <Frame>
            <div role="alert" className="flex max-w-sm flex-col items-center gap-3 px-6 text-center">
              {view.needsIntegrations ? <KeyRound className="size-9 text-destructive" aria-hidden="true" /> : <AlertCircle className="size-9 text-destructive" aria-hidden="true" />}
              {view.title ? <p className="font-semibold text-destructive">{view.title}</p> : null}
              <p className={view.title ? 'text-sm text-muted-foreground' : 'text-sm font-medium text-destructive'}>{view.message}</p>
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
              <ImageIcon className="size-10 opacity-70" aria-hidden="true" />
              <p className="text-sm">Enter a prompt and click generate to create an image</p>
            </div>
          </Frame>
        )}
      </CardContent>
    </Card>
  );
}
