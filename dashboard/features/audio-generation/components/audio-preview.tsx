import { AudioLines, Pause, Play, RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import type { JobKind } from '@core/jobs';
import { Button } from '@core/ui/button';
import {
  GenerationPreview,
  PreviewDownloadButton,
  PreviewRunning,
} from '@/components/generation/preview-states';
import { downloadFile, safeFileName } from '@/lib/download';
import type { JobFollower } from '@/lib/jobs/use-job-follower';
import type { JobView } from '@/lib/jobs/job-view';
import { toast } from '@/lib/toast';

/** The audio preview panel: the player with Play/Pause and Reset (which stops following the job; the page clears its text in onReset). */
export function AudioPreview({
  view,
  follower,
  onReset,
}: {
  view: JobView;
  follower: Pick<JobFollower<JobKind>, 'cancel' | 'isCancelling' | 'clear'>;
  onReset: () => void;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused)
      void el.play().catch(() =>
        toast({
          title: 'Error',
          description: 'The audio could not be played.',
          variant: 'destructive',
        }),
      );
    else el.pause();
  };

  const reset = () => {
    audio.current?.pause();
    setPlaying(false);
    follower.clear();
    onReset();
  };

  const download = async (url: string, title: string) => {
    setDownloading(true);
    toast({ title: 'Download started', description: 'Your file will be downloaded shortly.' });
    try {
      await downloadFile(url, safeFileName(title, '.mp3', 'audio'));
    } catch {
      toast({
        title: 'Download failed',
        description: 'There was an error downloading your file.',
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <GenerationPreview
      view={view}
      frameClassName="min-h-48 p-6"
      placeholder={{ icon: AudioLines, text: 'Audio player will appear here' }}
      onCancel={() => void follower.cancel()}
      isCancelling={follower.isCancelling}
      running={(running) => (
        <PreviewRunning title="Generating audio..." status={running.statusText} />
      )}
      result={(result) => (
        <>
          <div className="grid min-w-0 gap-3 rounded-lg border bg-muted/30 p-4">
            <div className="flex min-w-0 items-center gap-3">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <AudioLines className="size-5" aria-hidden="true" />
              </span>
              <p className="min-w-0 truncate text-sm font-medium" title={result.prompt}>
                {result.title}
              </p>
            </div>
            <audio
              ref={audio}
              key={result.url}
              src={result.url}
              controls
              preload="metadata"
              aria-label={`Generated audio: ${result.title}`}
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
            <PreviewDownloadButton
              label="Download"
              variant="outline"
              onClick={() => void download(result.url, result.title)}
              loading={downloading}
            />
          </div>
        </>
      )}
    />
  );
}
