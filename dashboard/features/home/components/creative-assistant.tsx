import { Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { pickerOptions, replacedModelNote, resolveModelChoice } from '@core/ai-models';
import { missingKeyMessage, modelProvider, type AiTextModelId } from '@core/ai-text';
import { DEFAULT_AI_TEXT_MODEL } from '@core/constants';
import { integrationLabel, llmIntegrationTypes } from '@core/integrations';
import { paths } from '@core/routes';
import { IntegrationsLinkText } from '@/components/integrations-link-text';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { Label, Textarea } from '@core/ui/input';
import { defaultModelEntry } from '@/lib/ai-models';
import { usePromptedText, type GenerateTextResult } from '@/lib/generate-text';
import { useConfiguredLlms } from '@/lib/integration-statuses';
import { useModelCatalogue } from '@/lib/model-catalogue';
import { CreativeAssistantAnswer, CreativeAssistantThinking } from './creative-assistant-answer';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm ring-offset-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 sm:w-52';

/** The prompt box: one generateText call (task 'assistant') per click, with the user's own key for the chosen model. */
export function CreativeAssistant() {
  const [prompt, setPrompt] = useState('');
  const [chosen, setModel] = useState<AiTextModelId>(DEFAULT_AI_TEXT_MODEL);
  const [answer, setAnswer] = useState<GenerateTextResult | null>(null);
  const { request, failure, isPending } = usePromptedText('Failed to process AI request');
  const configured = useConfiguredLlms();
  const fieldId = useId();
  const modelId = useId();
  const noteId = useId();
  // Each provider's models as the user's key lists them; a choice no longer listed falls back to the default, with a note.
  const catalogues = {
    openai: useModelCatalogue('openai', configured?.has('openai') ?? false),
    anthropic: useModelCatalogue('anthropic', configured?.has('anthropic') ?? false),
    gemini: useModelCatalogue('gemini', configured?.has('gemini') ?? false),
  };
  const chosenProvider = modelProvider(chosen);
  const choice = resolveModelChoice(
    catalogues[chosenProvider]?.models,
    chosen,
    defaultModelEntry(chosenProvider).id,
  );
  const model = choice.id;
  const provider = modelProvider(model);
  const optionsOf = (p: keyof typeof catalogues) =>
    pickerOptions(catalogues[p]?.models, p === provider ? model : defaultModelEntry(p).id, [
      defaultModelEntry(p),
    ]);
  const labelOf = (id: string) => optionsOf(provider).find((m) => m.id === id)?.label ?? id;
  const keyMissing = configured !== null && !configured.has(provider);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void request({
      prompt,
      emptyMessage: 'Please enter a prompt',
      input: () => ({ task: 'assistant', prompt, model }),
      onText: setAnswer,
      done: { title: 'Content Generated', description: 'Your answer is ready below.' },
    });
  };

  return (
    <Card role="region" aria-labelledby="assistant-title">
      <CardHeader>
        <CardTitle id="assistant-title" className="flex items-center gap-2 text-base">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          Creative Assistant
        </CardTitle>
        <CardDescription>
          Ideas, captions and prompts, written with your own AI model.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          onSubmit={submit}
          className="grid gap-3"
          noValidate
          aria-busy={isPending || undefined}
        >
          <Label htmlFor={fieldId}>What would you like to create?</Label>
          <Textarea
            id={fieldId}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            placeholder="e.g. Three hook ideas for a 30-second video about sunrise hikes"
            rows={3}
            aria-describedby={noteId}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.metaKey || e.ctrlKey))
                e.currentTarget.form?.requestSubmit();
            }}
          />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="grid gap-1.5">
              <Label htmlFor={modelId} className="text-xs text-muted-foreground">
                Model
              </Label>
              <select
                id={modelId}
                value={model}
                onChange={(e) => setModel(e.target.value as AiTextModelId)}
                disabled={isPending}
                className={selectClass}
              >
                {llmIntegrationTypes.map((p) => (
                  <optgroup key={p} label={integrationLabel(p)}>
                    {optionsOf(p).map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
            <Button type="submit" loading={isPending}>
              {isPending ? null : <Sparkles aria-hidden="true" />}
              {isPending ? 'Generating...' : 'Ask Assistant'}
            </Button>
          </div>
          {choice.replaced ? (
            <p role="status" className="text-xs text-muted-foreground">
              {replacedModelNote(choice.replaced, labelOf(model))}
            </p>
          ) : null}
          <p id={noteId} className="text-xs text-muted-foreground">
            {keyMissing ? (
              <IntegrationsLinkText message={missingKeyMessage(provider)} />
            ) : configured ? (
              <>
                Uses your {integrationLabel(provider)} API key.
                <span className="hidden sm:inline"> Press Ctrl+Enter to send.</span>
              </>
            ) : (
              <>
                Uses your key from{' '}
                <Link
                  to={paths.integrations}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Integrations
                </Link>
                .
              </>
            )}
          </p>
        </form>
        <div aria-live="polite" className="empty:hidden">
          {isPending ? (
            <CreativeAssistantThinking />
          ) : failure ? (
            <Alert tone="danger">
              {failure.needsIntegrations ? (
                <IntegrationsLinkText message={failure.message} />
              ) : (
                failure.message
              )}
            </Alert>
          ) : answer ? (
            <CreativeAssistantAnswer answer={answer} />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
