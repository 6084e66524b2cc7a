import { Mic } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { VOICE_MODELS, VOICES } from '@core/constants';
import { EnhancePromptButton } from '@/components/enhance-prompt-button';
import { GenerateButton } from '@/components/generation/form-parts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { Label, Textarea } from '@core/ui/input';
import { NativeSelect } from '@core/ui/select';
import { toast } from '@/lib/toast';
import { useMediaGeneration } from '@/lib/jobs/use-media-generation';
import { checkVoiceoverForm, defaultVoiceoverForm, voiceoverFormFromJob, type VoiceModelId } from '../utils/audio-forms';
import { AudioPreview } from './audio-preview';

const FAILED = 'Failed to generate voiceover';

export function VoiceoverPanel() {
  const { form, change, follower, view, busy } = useMediaGeneration('voiceover', {
    initialForm: defaultVoiceoverForm,
    formFromJob: voiceoverFormFromJob,
    successText: 'Voiceover generated successfully!',
    fallbackError: FAILED,
    timing: null,
  });
  const voiceId = useId();
  const modelId = useId();
  const textId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkVoiceoverForm(form);
    if (!check.ok) {
      toast({ title: 'Error', description: check.message, variant: 'destructive' });
      return;
    }
    void follower.start(check.input);
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card className="h-fit">
        <CardHeader className="p-4 sm:p-6">
          <CardTitle>Generate Voiceover</CardTitle>
          <CardDescription>Natural speech from your text with an ElevenLabs voice.</CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          <form onSubmit={submit} noValidate className="grid gap-6" aria-busy={busy || undefined}>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor={voiceId}>Voice</Label>
                <NativeSelect id={voiceId} value={form.voiceId} disabled={busy} onChange={(e) => change({ voiceId: e.target.value })}>
                  {VOICES.map((voice) => (
                    <option key={voice.id} value={voice.id}>
                      {voice.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={modelId}>Model</Label>
                <NativeSelect id={modelId} value={form.modelId} disabled={busy} onChange={(e) => change({ modelId: e.target.value as VoiceModelId })}>
                  {VOICE_MODELS.map((model) => (
                    <option key={model.id} value={model.id}>
                      {model.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={textId}>Text</Label>
              <Textarea
                id={textId}
                rows={5}
                value={form.text}
                disabled={busy}
                maxLength={5000}
                placeholder="Welcome to Muse Studio, where every idea finds its voice."
                onChange={(e) => change({ text: e.target.value })}
                className="resize-y"
              />
              <div className="flex flex-wrap items-start justify-between gap-2">
                <EnhancePromptButton kind="voiceover" prompt={form.text} onEnhanced={(text) => change({ text })} disabled={busy} />
                <p className="text-xs tabular-nums text-muted-foreground">{form.text.length} / 5000</p>
              </div>
            </div>
            <GenerateButton busy={busy} icon={Mic} label="Generate Audio" disabled={busy || !form.text.trim()} />
          </form>
        </CardContent>
      </Card>
      <AudioPreview view={view} follower={follower} onReset={() => change({ text: '' })} />
    </div>
  );
}
