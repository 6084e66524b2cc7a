import { Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { replacedModelNote } from '@core/ai-models';
import type { AiTextKind, AiTextModelId } from '@core/ai-text';
import { paths } from '@core/routes';
import { Button, type ButtonSize, type ButtonVariant } from '@core/ui/button';
import { pickTextModel } from '@/lib/ai-models';
import { useGenerateText } from '@/lib/generate-text';
import { useConfiguredLlms } from '@/lib/integration-statuses';
import { cn } from '@core/ui/cn';
import { toast } from '@/lib/toast';
import { IntegrationsLinkText } from './integrations-link-text';

export interface EnhancePromptButtonProps {
  prompt: string;
  /** Receives the enhanced prompt (and the original again on Undo). */
  onEnhanced: (prompt: string) => void;
  /** What the prompt is for; the server tunes the rewrite to it. */
  kind?: AiTextKind;
  /** Defaults to the OpenAI default (core/ai-models.ts), or the default of a provider the user has a key for. */
  model?: AiTextModelId;
  disabled?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * 'Enhance Prompt with AI': rewrites the prompt with the user's own LLM key (one generateText call per click).
 * A missing or refused key shows a message under the button that links to Integrations.
 */
export function EnhancePromptButton({
  prompt,
  onEnhanced,
  kind,
  model,
  disabled,
  variant = 'outline',
  size = 'sm',
  className,
}: EnhancePromptButtonProps) {
  const { generate, isPending } = useGenerateText('Failed to enhance prompt');
  const configured = useConfiguredLlms();
  const navigate = useNavigate();
  const [keyProblem, setKeyProblem] = useState<string | null>(null);
  const messageId = useId();
  // The prompt as it is when the answer lands (the user may keep typing meanwhile), for Undo.
  const latestPrompt = useRef(prompt);
  useEffect(() => {
    latestPrompt.current = prompt;
  }, [prompt]);

  const enhance = async () => {
    setKeyProblem(null);
    if (!prompt.trim()) {
      toast({ title: 'Error', description: 'Please enter a prompt first', variant: 'destructive' });
      return;
    }
    const outcome = await generate({
      task: 'enhance',
      prompt,
      model: pickTextModel(configured, model),
      ...(kind ? { context: { kind } } : {}),
    });
    if (outcome.ok) {
      const before = latestPrompt.current;
      onEnhanced(outcome.result.text);
      const { replacedModel, model: used } = outcome.result;
      toast({
        title: 'Prompt enhanced successfully',
        ...(replacedModel ? { description: replacedModelNote(replacedModel, used) } : {}),
        action: { label: 'Undo', onClick: () => onEnhanced(before) },
      });
      return;
    }
    if (outcome.needsIntegrations) setKeyProblem(outcome.message);
    toast({
      title: 'Failed to enhance prompt',
      description: outcome.message,
      variant: 'destructive',
      ...(outcome.needsIntegrations
        ? { action: { label: 'Open Integrations', onClick: () => navigate(paths.integrations) } }
        : {}),
    });
  };

  return (
    <div className={cn('flex flex-col items-start gap-1.5', className)}>
      <Button
        variant={variant}
        size={size}
        onClick={enhance}
        loading={isPending}
        disabled={disabled}
        aria-describedby={keyProblem ? messageId : undefined}
      >
        {isPending ? null : <Sparkles aria-hidden="true" />}
        Enhance Prompt with AI
      </Button>
      {keyProblem ? (
        <p id={messageId} role="alert" className="text-xs text-destructive">
          <IntegrationsLinkText message={keyProblem} />
        </p>
      ) : null}
    </div>
  );
}
