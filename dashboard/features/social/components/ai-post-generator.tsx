import { Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { PublishPlatform } from '@core/social-posts';
import { IntegrationsLinkText } from '@/components/integrations-link-text';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { Label, Textarea } from '@core/ui/input';
import type { CallableFailure } from '@/lib/call';
import { useGenerateText } from '@/lib/generate-text';
import { toast } from '@/lib/toast';
import { PLATFORM_COPY } from '../utils/platforms';

const FAILED = 'Failed to generate post content.';

/** One generateText call (task 'social_post') per click; the text goes into Post Content. */
export function AiPostGenerator({ platform, onGenerated }: { platform: PublishPlatform; onGenerated: (text: string) => void }) {
  const [prompt, setPrompt] = useState('');
  const [failure, setFailure] = useState<CallableFailure | null>(null);
  const { generate, isPending } = useGenerateText(FAILED);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    if (!prompt.trim()) {
      toast({ title: 'Error', description: 'Please enter a prompt for the AI', variant: 'destructive' });
      return;
    }
    setFailure(null);
    const outcome = await generate({ task: 'social_post', prompt, context: { platform } });
    if (outcome.ok) {
      onGenerated(outcome.result.text);
      toast({ title: 'Post content generated successfully' });
      return;
    }
    setFailure(outcome);
    toast({ title: FAILED, description: outcome.message === FAILED ? undefined : outcome.message, variant: 'destructive' });
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2 text-base">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          AI Post Generator
        </CardTitle>
        <CardDescription>Describe the post and your AI model writes it for {PLATFORM_COPY[platform].name}.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-3">
          <Label htmlFor={id}>What should the post be about?</Label>
          <Textarea id={id} value={prompt} onChange={(e) => setPrompt(e.target.value)} rows={2} placeholder="e.g. Announce our new AI video editor" />
          {failure ? <Alert tone="danger">{failure.needsIntegrations ? <IntegrationsLinkText message={failure.message} /> : failure.message}</Alert> : null}
          <Button type="submit" loading={isPending} className="w-full sm:w-auto sm:justify-self-start">
            {isPending ? null : <Sparkles aria-hidden="true" />}
            {isPending ? 'Generating...' : 'Generate Post'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
