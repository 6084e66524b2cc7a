import { Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { PublishPlatform } from '@core/social-posts';
import { IntegrationsLinkText } from '@/components/integrations-link-text';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { Label, Textarea } from '@core/ui/input';
import { usePromptedText } from '@/lib/generate-text';
import { PLATFORM_COPY } from '../utils/platforms';

const FAILED = 'Failed to generate post content.';

/** One generateText call (task 'social_post') per click; the text goes into Post Content. */
export function AiPostGenerator({
  platform,
  onGenerated,
}: {
  platform: PublishPlatform;
  onGenerated: (text: string) => void;
}) {
  const [prompt, setPrompt] = useState('');
  const { request, failure, isPending } = usePromptedText(FAILED);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void request({
      prompt,
      emptyMessage: 'Please enter a prompt for the AI',
      input: () => ({ task: 'social_post', prompt, context: { platform } }),
      onText: (result) => onGenerated(result.text),
      done: { title: 'Post content generated successfully' },
    });
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2 text-base">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          AI Post Generator
        </CardTitle>
        <CardDescription>
          Describe the post and your AI model writes it for {PLATFORM_COPY[platform].name}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-3">
          <Label htmlFor={id}>What should the post be about?</Label>
          <Textarea
            id={id}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            rows={2}
            placeholder="e.g. Announce our new AI video editor"
          />
          {failure ? (
            <Alert tone="danger">
              {failure.needsIntegrations ? (
                <IntegrationsLinkText message={failure.message} />
              ) : (
                failure.message
              )}
            </Alert>
          ) : null}
          <Button
            type="submit"
            loading={isPending}
            className="w-full sm:w-auto sm:justify-self-start"
          >
            {isPending ? null : <Sparkles aria-hidden="true" />}
            {isPending ? 'Generating...' : 'Generate Post'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
