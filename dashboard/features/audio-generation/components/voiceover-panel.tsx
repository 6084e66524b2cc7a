import { Mic } from 'lucide-react';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { VOICE_MODELS, VOICES } from '@core/constants';
import { EnhancePromptButton } from '@/components/enhance-prompt-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { useJobFollower, useNow, type FollowedJob } from '@/lib/generation-jobs';
import { toMediaJobView } from '@/lib/media-job-view';
import { toast } from '@/lib/toast';
import { checkVoiceoverForm, defaultVoiceoverForm, voiceoverFormFromJob, type VoiceModelId, type VoiceoverFormValues } from '../utils/audio-forms';
import { AudioPreview } from './audio-preview';

const FAILED = 'Failed to generate voiceover';

export function VoiceoverPanel() {
  const [form, setForm] = useState<VoiceoverFormValues>(defaultVoiceoverForm);
  const touched = useRef(false);
  const voiceId = useId();
  const modelId = useId();
  const textId = useId();

  const onAdopt = useCallback((job: FollowedJob) => {
    if (!touched.current) setForm((f) => voiceoverFormFromJob(job.input, f));
  }, []);
  const onSettled = useCallback((job: FollowedJob) => {
    if (job.status === 'succeeded') toast({ title: 'Voiceover generated successfully!' });
    if (job.status === 'failed') toast({ title: 'Error', description: job.error?.message || FAILED, variant: 'destructive' });
  }, []);
  const onStartError = useCallback((message: string) => toast({ title: 'Error', description: message, variant: 'destructive' }), []);
  const follower = useJobFollower('voiceover', { onAdopt, onSettled, onStartError, fallbackError: FAILED });
  const active = follower.starting || (follower.job !== null && (follower.job.status === 'queued' || follower.job.status === 'running'));
  const now = useNow(1000, active);
  const view = toMediaJobView({ ...follower, now, timing: null, fallbackError: FAILED });
  const busy = view.kind === 'running';

  const change = (patch: Partial<VoiceoverFormValues>) => {
    touched.current = true;
    setForm((f) => ({ ...f, ...patch }));
  };

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
            <Button type="submit" size="lg" className="w-full" loading={busy} disabled={busy || !form.text.trim()}>
              {busy ? (
                'Generating...'
              ) : (
                <>
                  <Mic aria-hidden="true" />
                  Generate Audio
                </>
              )}
            </Button>
          </form>
        </CardContent>
      </Card>
      <AudioPreview
        view={view}
        isCancelling={follower.isCancelling}
        onCancel={() => void follower.cancel()}
        onReset={() => {
          follower.clear();
          change({ text: '' });
        }}
      />
    </div>
  );
}
