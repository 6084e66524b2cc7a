import { Mic } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  DEFAULT_VOICE_ID,
  pickerOptions,
  replacedModelNote,
  resolveModelChoice,
} from '@core/ai-models';
import { VOICES } from '@core/constants';
import { EnhancePromptButton } from '@/components/enhance-prompt-button';
import { GenerateButton } from '@/components/generation/form-parts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { Label, Textarea } from '@core/ui/input';
import { NativeSelect } from '@core/ui/select';
import { defaultModelEntry } from '@/lib/ai-models';
import { useKeyStatuses } from '@/lib/integration-statuses';
import { useModelCatalogue } from '@/lib/model-catalogue';
import { toast } from '@/lib/toast';
import { useMediaGeneration } from '@/lib/jobs/use-media-generation';
import {
  checkVoiceoverForm,
  defaultVoiceoverForm,
  voiceoverFormFromJob,
} from '../utils/audio-forms';
import { AudioPreview } from './audio-preview';

const FAILED = 'Failed to generate voiceover';
const PREMADE = VOICES.map((v) => ({ id: v.id, label: v.name }));

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
  // The models and voices the user's ElevenLabs key can use; a choice no longer offered becomes the default, with a note.
  const { state: keys } = useKeyStatuses();
  const catalogue = useModelCatalogue(
    'elevenlabs',
    keys.status === 'success' && Boolean(keys.data.elevenlabs),
  );
  const model = resolveModelChoice(
    catalogue?.models,
    form.modelId,
    defaultModelEntry('elevenlabs').id,
  );
  const voice = resolveModelChoice(catalogue?.voices, form.voiceId, DEFAULT_VOICE_ID);
  const modelOptions = pickerOptions(catalogue?.models, form.modelId, [
    defaultModelEntry('elevenlabs'),
  ]);
  const voiceOptions = pickerOptions(catalogue?.voices, form.voiceId, PREMADE);
  const [replacedNote, setReplacedNote] = useState<string | null>(null);
  const labelIn = (options: { id: string; label: string }[], id: string) =>
    options.find((o) => o.id === id)?.label ?? id;
  useEffect(() => {
    if (busy || !(model.replaced || voice.replaced)) return;
    const notes = [
      model.replaced ? replacedModelNote(model.replaced, labelIn(modelOptions, model.id)) : '',
      voice.replaced ? replacedModelNote(voice.replaced, labelIn(voiceOptions, voice.id)) : '',
    ];
    setReplacedNote(notes.filter(Boolean).join(' '));
    change({ modelId: model.id, voiceId: voice.id });
  }, [
    busy,
    model.id,
    model.replaced,
    voice.id,
    voice.replaced,
    modelOptions,
    voiceOptions,
    change,
  ]);

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
                <NativeSelect
                  id={voiceId}
                  value={form.voiceId}
                  disabled={busy}
                  onChange={(e) => change({ voiceId: e.target.value })}
                >
                  {voiceOptions.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={modelId}>Model</Label>
                <NativeSelect
                  id={modelId}
                  value={form.modelId}
                  disabled={busy}
                  onChange={(e) => change({ modelId: e.target.value })}
                >
                  {modelOptions.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            {replacedNote ? (
              <p role="status" className="text-xs text-muted-foreground">
                {replacedNote}
              </p>
            ) : null}
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
                <EnhancePromptButton
                  kind="voiceover"
                  prompt={form.text}
                  onEnhanced={(text) => change({ text })}
                  disabled={busy}
                />
                <p className="text-xs tabular-nums text-muted-foreground">
                  {form.text.length} / 5000
                </p>
              </div>
            </div>
            <GenerateButton
              busy={busy}
              icon={Mic}
              label="Generate Audio"
              disabled={busy || !form.text.trim()}
            />
          </form>
        </CardContent>
      </Card>
      <AudioPreview view={view} follower={follower} onReset={() => change({ text: '' })} />
    </div>
  );
}
