import { Music } from 'lucide-react';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { MUSIC, MUSIC_PROGRESS, STYLE_OPTIONS } from '@core/constants';
import { EnhancePromptButton } from '@/components/enhance-prompt-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label, Textarea } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { NativeSelect } from '@/components/ui/select';
import { useJobFollower, useNow, type FollowedJob } from '@/lib/generation-jobs';
import { toMediaJobView } from '@/lib/media-job-view';
import { toast } from '@/lib/toast';
import { checkMusicForm, clampDuration, defaultMusicForm, GENRE_LABELS, musicFormFromJob, type MusicFormValues, type MusicGenre } from '../utils/audio-forms';
import { AudioPreview } from './audio-preview';

const FAILED = 'Failed to generate music';

export function MusicPanel() {
  const [form, setForm] = useState<MusicFormValues>(defaultMusicForm);
  const [error, setError] = useState<string | null>(null);
  const touched = useRef(false);
  const promptId = useId();
  const durationId = useId();
  const genreId = useId();

  const onAdopt = useCallback((job: FollowedJob) => {
    if (!touched.current) setForm((f) => musicFormFromJob(job.input, f));
  }, []);
  const onSettled = useCallback((job: FollowedJob) => {
    if (job.status === 'succeeded') toast({ title: 'Music generated successfully!' });
    if (job.status === 'failed') toast({ title: 'Error', description: job.error?.message || FAILED, variant: 'destructive' });
  }, []);
  const onStartError = useCallback((message: string) => toast({ title: 'Error', description: message, variant: 'destructive' }), []);
  const follower = useJobFollower('music', { onAdopt, onSettled, onStartError, fallbackError: FAILED });
  const active = follower.starting || (follower.job !== null && (follower.job.status === 'queued' || follower.job.status === 'running'));
  const now = useNow(1000, active);
  const view = toMediaJobView({ ...follower, now, timing: MUSIC_PROGRESS, fallbackError: FAILED });
  const busy = view.kind === 'running';

  const change = (patch: Partial<MusicFormValues>) => {
    touched.current = true;
    setForm((f) => ({ ...f, ...patch }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkMusicForm(form);
    if (!check.ok) {
      setError(check.message);
      toast({ title: 'Error', description: check.message, variant: 'destructive' });
      return;
    }
    setError(null);
    change({ duration: String(check.input.durationSeconds) });
    void follower.start(check.input);
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card className="h-fit">
        <CardHeader className="p-4 sm:p-6">
          <CardTitle>Generate Music</CardTitle>
          <CardDescription>An original track from a description, composed by ElevenLabs Music.</CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          <form onSubmit={submit} noValidate className="grid gap-6" aria-busy={busy || undefined}>
            <div className="grid gap-2">
              <Label htmlFor={promptId}>Description</Label>
              <Textarea
                id={promptId}
                rows={4}
                value={form.prompt}
                disabled={busy}
                maxLength={2000}
                placeholder="A calm piano melody over soft rain, slow and warm"
                onChange={(e) => {
                  setError(null);
                  change({ prompt: e.target.value });
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${promptId}-error` : undefined}
                className="resize-y"
              />
              {error ? (
                <p id={`${promptId}-error`} role="alert" className="text-sm font-medium text-destructive">
                  {error}
                </p>
              ) : null}
              <EnhancePromptButton kind="music" prompt={form.prompt} onEnhanced={(prompt) => change({ prompt })} disabled={busy} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor={durationId}>Duration (seconds)</Label>
                <Input
                  id={durationId}
                  type="number"
                  inputMode="numeric"
                  min={MUSIC.minDuration}
                  max={MUSIC.maxDuration}
                  step={1}
                  value={form.duration}
                  disabled={busy}
                  onChange={(e) => change({ duration: e.target.value })}
                  onBlur={() => change({ duration: String(clampDuration(form.duration)) })}
                  aria-describedby={`${durationId}-hint`}
                />
                <p id={`${durationId}-hint`} className="text-xs text-muted-foreground">
                  {MUSIC.minDuration} to {MUSIC.maxDuration} seconds
                </p>
              </div>
              <div className="grid content-start gap-2">
                <Label htmlFor={genreId}>Genre</Label>
                <NativeSelect id={genreId} value={form.genre} disabled={busy} onChange={(e) => change({ genre: e.target.value as MusicGenre })}>
                  {STYLE_OPTIONS.music.map((genre) => (
                    <option key={genre} value={genre}>
                      {GENRE_LABELS[genre]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <div className="grid gap-3">
              <Button type="submit" size="lg" className="w-full" loading={busy}>
                {busy ? (
                  'Generating...'
                ) : (
                  <>
                    <Music aria-hidden="true" />
                    Generate Music
                  </>
                )}
              </Button>
              {view.kind === 'running' ? <Progress value={view.progress} label="Music generation progress" /> : null}
            </div>
          </form>
        </CardContent>
      </Card>
      <AudioPreview
        view={view}
        isCancelling={follower.isCancelling}
        onCancel={() => void follower.cancel()}
        onReset={() => {
          follower.clear();
          change({ prompt: '' });
        }}
      />
    </div>
  );
}
