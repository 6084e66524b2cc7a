import { AlertCircle, AudioLines, Ban, Download, KeyRound, Loader2, Pause, Play, RotateCcw, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@core/routes';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { downloadFile, safeFileName } from '@/lib/download';
import type { MediaJobView } from '@/lib/media-job-view';
import { toast } from '@/lib/toast';

function Frame({ children }: { children: React.ReactNode }) {
  return <div className="flex min-h-48 w-full items-center justify-center rounded-lg border border-dashed bg-muted/40 p-6">{children}</div>;
}

/** The audio preview panel: the player with Play/Pause and Reset (which clears the audio and the text). */
export function AudioPreview({ view, onReset, onCancel, isCancelling }: { view: MediaJobView; onReset: () => void; onCancel: () => void; isCancelling: boolean }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // Each tab has its own panel: ids must not repeat.
  const titleId = useId();

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => toast({ title: 'Error', description: 'The audio could not be played.', variant: 'destructive' }));
    else el.pause();
  };

  const reset = () => {
    audio.current?.pause();
    setPlaying(false);
    onReset();
  };

  const download = async (url: string, title: string) => {
    setDownloading(true);
    toast({ title: 'Download started', description: 'Your file will be downloaded shortly.' });
    try {
      await downloadFile(url, safeFileName(title, '.mp3', 'audio'));
    } catch {
      toast({ title: 'Download failed', description: 'There was an error downloading your file.', variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card role="region" aria-labelledby={titleId} className="h-fit min-w-0 lg:sticky lg:top-20">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle id={titleId}>Preview</CardTitle>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {view.kind === 'running' ? (
          <>
            <Frame>
              <div className="flex flex-col items-center gap-3 text-center">
                <Loader2 className="size-10 animate-spin text-primary" aria-hidden="true" />
                <p className="text-sm font-medium">Generating audio...</p>
                <p role="status" aria-live="polite" className="text-xs text-muted-foreground">
                  {view.statusText}
                </p>
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
            <div className="grid min-w-0 gap-3 rounded-lg border bg-muted/30 p-4">
              <div className="flex min-w-0 items-center gap-3">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <AudioLines className="size-5" aria-hidden="true" />
                </span>
                <p className="min-w-0 truncate text-sm font-medium" title={view.prompt}>
                  {view.title}
                </p>
              </div>
              <audio
                ref={audio}
                key={view.url}
                src={view.url}
                controls
                preload="metadata"
                aria-label={`Generated audio: ${view.title}`}
                onPlay={() => setPlaying(true)}
                onPause={() => setPlaying(false)}
                onEnded={() => setPlaying(false)}
                className="w-full"
              />
            </div>
            <div className="flex min-w-0 flex-wrap gap-2 [&>button]:min-w-[7.5rem] [&>button]:flex-1">
              <Button onClick={toggle} aria-pressed={playing}>
                {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                Play/Pause
              </Button>
              <Button variant="outline" onClick={reset}>
                <RotateCcw aria-hidden="true" />
                Reset
              </Button>
              <Button variant="outline" onClick={() => void download(view.url, view.title)} loading={downloading}>
                {downloading ? null : <Download aria-hidden="true" />}
                Download
              </Button>
            </div>
          </>
        ) : view.kind === 'error' ? (
          <Frame>
            <div role="alert" className="flex max-w-sm flex-col items-center gap-3 text-center">
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
            <div role="status" className="flex flex-col items-center gap-2 text-center text-muted-foreground">
              <Ban className="size-9" aria-hidden="true" />
              <p className="text-sm">Generation cancelled</p>
            </div>
          </Frame>
        ) : (
          <Frame>
            <div className="flex flex-col items-center gap-3 text-center text-muted-foreground">
              <AudioLines className="size-10 opacity-70" aria-hidden="true" />
              <p className="text-sm">Audio player will appear here</p>
            </div>
          </Frame>
        )}
      </CardContent>
    </Card>
  );
}
