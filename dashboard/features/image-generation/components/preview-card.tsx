import { Download, ImageIcon, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CancelJobButton, PreviewCancelled, PreviewError, PreviewFrame, PreviewCardShell, PreviewPlaceholder } from '@/components/generation/preview-states';
import type { PreviewView } from '../utils/preview-view';

const Frame = ({ children }: { children: React.ReactNode }) => <PreviewFrame className="aspect-[4/3]">{children}</PreviewFrame>;

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
    <PreviewCardShell>
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
            {view.canCancel ? <CancelJobButton onCancel={onCancel} isCancelling={isCancelling} /> : null}
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
            <PreviewError title={view.title} message={view.message} needsIntegrations={view.needsIntegrations} />
          </Frame>
        ) : view.kind === 'cancelled' ? (
          <Frame>
            <PreviewCancelled />
          </Frame>
        ) : (
          <Frame>
            <PreviewPlaceholder icon={ImageIcon} text="Enter a prompt and click generate to create an image" />
          </Frame>
        )}
    </PreviewCardShell>
  );
}
