import { Clapperboard } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { STYLE_OPTIONS } from '@core/constants';
import { EnhancePromptButton } from '@/components/enhance-prompt-button';
import { GenerateButton, PromptField } from '@/components/generation/form-parts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { Label } from '@core/ui/input';
import { Progress } from '@core/ui/progress';
import { NativeSelect } from '@core/ui/select';
import { toast } from '@/lib/toast';
import {
  checkVideoForm,
  VIDEO_STYLE_LABELS,
  type VideoFormValues,
  type VideoJobInput,
  type VideoStyle,
} from '../utils/video-form';

export function VideoSettings({
  form,
  onChange,
  busy,
  progress,
  onGenerate,
}: {
  form: VideoFormValues;
  onChange: (patch: Partial<VideoFormValues>) => void;
  busy: boolean;
  /** The running job's progress, or null when none runs. */
  progress: number | null;
  onGenerate: (input: VideoJobInput) => void;
}) {
  const styleId = useId();
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkVideoForm(form);
    if (!check.ok) {
      setError(check.message);
      toast({ title: 'Error', description: check.message, variant: 'destructive' });
      return;
    }
    setError(null);
    onGenerate(check.input);
  };

  const setPrompt = (prompt: string) => {
    if (error) setError(null);
    onChange({ prompt });
  };

  return (
    <Card className="h-fit">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle>Video Settings</CardTitle>
        <CardDescription>
          Describe a short clip; Luma Dream Machine makes it in a minute or two.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <form onSubmit={submit} noValidate className="grid gap-6" aria-busy={busy || undefined}>
          <PromptField
            label="Description"
            placeholder="A drone shot gliding over sea cliffs at sunrise, waves breaking below"
            value={form.prompt}
            onChange={setPrompt}
            error={error}
            disabled={busy}
            extra={
              <EnhancePromptButton
                kind="video"
                prompt={form.prompt}
                onEnhanced={setPrompt}
                disabled={busy}
              />
            }
          />

          <div className="grid gap-2">
            <Label htmlFor={styleId}>Style</Label>
            <NativeSelect
              id={styleId}
              value={form.style}
              disabled={busy}
              onChange={(e) => onChange({ style: e.target.value as VideoStyle })}
            >
              {STYLE_OPTIONS.video.map((style) => (
                <option key={style} value={style}>
                  {VIDEO_STYLE_LABELS[style]}
                </option>
              ))}
            </NativeSelect>
          </div>

          <div className="grid gap-3">
            <GenerateButton busy={busy} icon={Clapperboard} label="Generate Video" />
            {progress !== null ? (
              <div className="grid gap-1.5">
                <Progress value={progress} label="Video generation progress" />
                <p className="text-right text-xs tabular-nums text-muted-foreground">{progress}%</p>
              </div>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
