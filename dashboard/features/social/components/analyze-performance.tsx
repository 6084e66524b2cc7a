import { BarChart3 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { AI_PROMPT_MAX_CHARS } from '@core/ai-text';
import { IntegrationsLinkText } from '@/components/integrations-link-text';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { Label, Textarea } from '@core/ui/input';
import { usePromptedText } from '@/lib/generate-text';
import type { PublishPlatform } from '@core/social-posts';
import { PLATFORM_COPY } from '../utils/platforms';

const FAILED = 'Failed to analyze performance';
const PER_POST_CHARS = 1200;

/** The question followed by the user's recent post texts, within the prompt limit. */
export function analysisPrompt(
  question: string,
  postTexts: readonly string[],
  platformName = 'LinkedIn',
): string {
  const posts = postTexts
    .filter((t) => t.trim())
    .map((t, i) => `${i + 1}. ${t.trim().slice(0, PER_POST_CHARS)}`);
  const body =
    posts.length > 0
      ? `\n\nMy recent ${platformName} posts:\n${posts.join('\n')}`
      : `\n\nI have no ${platformName} posts yet.`;
  return `${question.trim()}${body}`.slice(0, AI_PROMPT_MAX_CHARS);
}

/** Analyze Performance: one generateText call (task 'analyze') fed with the user's recent posts on the platform. */
export function AnalyzePerformance({
  postTexts,
  platform = 'linkedin',
}: {
  postTexts: readonly string[];
  platform?: PublishPlatform;
}) {
  const platformName = PLATFORM_COPY[platform].name;
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const { request, failure, isPending } = usePromptedText(FAILED);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void request({
      prompt: question,
      emptyMessage: 'Please enter a prompt for the AI',
      input: () => ({
        task: 'analyze',
        prompt: analysisPrompt(question, postTexts, platformName),
        context: { platform },
      }),
      onText: (result) => setAnswer(result.text),
      done: { title: 'Analysis Complete' },
    });
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2 text-base">
          <BarChart3 className="size-4 text-primary" aria-hidden="true" />
          Analyze Performance
        </CardTitle>
        <CardDescription>Ask about your recent {platformName} posts.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-3">
          <Label htmlFor={id}>What would you like to know?</Label>
          <Textarea
            id={id}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            rows={2}
            placeholder="e.g. Which topics get the most engagement?"
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
            {isPending ? 'Analyzing...' : 'Analyze Performance'}
          </Button>
          {answer ? (
            <div
              aria-live="polite"
              className="rounded-md border bg-muted/40 p-3 text-sm break-words whitespace-pre-wrap"
            >
              {answer}
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
