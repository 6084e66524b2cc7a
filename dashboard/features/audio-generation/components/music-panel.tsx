import { Music } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { MUSIC, MUSIC_PROGRESS, STYLE_OPTIONS } from '@core/constants';
import { EnhancePromptButton } from '@/components/enhance-prompt-button';
import { GenerateButton, PromptField } from '@/components/generation/form-parts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { Input, Label } from '@core/ui/input';
import { Progress } from '@core/ui/progress';
import { NativeSelect } from '@core/ui/select';
import { toast } from '@/lib/toast';
import { useMediaGeneration } from '@/lib/jobs/use-media-generation';
import {
  checkMusicForm,
  clampDuration,
  defaultMusicForm,
  durationNote,
  GENRE_LABELS,
  musicFormFromJob,
  type MusicGenre,
} from '../utils/audio-forms';
import { AudioPreview } from './audio-preview';

const FAILED = 'Failed to generate music';

export function MusicPanel() {
  const { form, change, follower, view, busy } = useMediaGeneration('music', {
    initialForm: defaultMusicForm,
    formFromJob: musicFormFromJob,
    successText: 'Music generated successfully!',
    fallbackError: FAILED,
    timing: MUSIC_PROGRESS,
  });
  const [error, setError] = useState<string | null>(null);
  // Out-of-range durations are explained as they are typed and after the field is corrected.
  const [durationText, setDurationText] = useState<string | null>(null);
  const applyDuration = () => {
    setDurationText(durationNote(form.duration, 'applied'));
    change({ duration: String(clampDuration(form.duration)) });
  };
  const durationId = useId();
  const genreId = useId();

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
    setDurationText((note) => durationNote(form.duration, 'applied') ?? note);
    change({ duration: String(check.input.durationSeconds) });
    void follower.start(check.input);
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card className="h-fit">
        <CardHeader className="p-4 sm:p-6">
          <CardTitle>Generate Music</CardTitle>
          <CardDescription>
            An original track from a description, composed by ElevenLabs Music.
          </CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          <form onSubmit={submit} noValidate className="grid gap-6" aria-busy={busy || undefined}>
            <PromptField
              label="Description"
              placeholder="A calm piano melody over soft rain, slow and warm"
              value={form.prompt}
              onChange={(prompt) => {
                setError(null);
                change({ prompt });
              }}
              error={error}
              disabled={busy}
              maxLength={2000}
              extra={
                <EnhancePromptButton
                  kind="music"
                  prompt={form.prompt}
                  onEnhanced={(prompt) => change({ prompt })}
                  disabled={busy}
                />
              }
            />
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
                  onChange={(e) => {
                    setDurationText(durationNote(e.target.value, 'pending'));
                    change({ duration: e.target.value });
                  }}
                  onBlur={applyDuration}
                  aria-describedby={`${durationId}-hint`}
                />
                <p
                  id={`${durationId}-hint`}
                  aria-live="polite"
                  className={
                    durationText
                      ? 'text-xs font-medium text-amber-700 dark:text-amber-400'
                      : 'text-xs text-muted-foreground'
                  }
                >
                  {durationText ?? `${MUSIC.minDuration} to ${MUSIC.maxDuration} seconds`}
                </p>
              </div>
              <div className="grid content-start gap-2">
                <Label htmlFor={genreId}>Genre</Label>
                <NativeSelect
                  id={genreId}
                  value={form.genre}
                  disabled={busy}
                  onChange={(e) => change({ genre: e.target.value as MusicGenre })}
                >
                  {STYLE_OPTIONS.music.map((genre) => (
                    <option key={genre} value={genre}>
                      {GENRE_LABELS[genre]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <div className="grid gap-3">
              <GenerateButton busy={busy} icon={Music} label="Generate Music" />
              {view.kind === 'running' ? (
                <Progress value={view.progress} label="Music generation progress" />
              ) : null}
            </div>
          </form>
        </CardContent>
      </Card>
      <AudioPreview view={view} follower={follower} onReset={() => change({ prompt: '' })} />
    </div>
  );
}
