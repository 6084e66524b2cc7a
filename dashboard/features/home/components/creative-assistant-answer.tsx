import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { replacedModelNote } from '@core/ai-models';
import { Button } from '@core/ui/button';
import { Skeleton } from '@core/ui/skeleton';
import type { GenerateTextResult } from '@/lib/generate-text';
import { toast } from '@/lib/toast';

const COPIED_FOR_MS = 2000;

/** The assistant's reply, as plain text, with its model and a Copy button. */
export function CreativeAssistantAnswer({ answer }: { answer: GenerateTextResult }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(id);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(answer.text);
      setCopied(true);
      toast({ title: 'Copied to clipboard' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the text and copy it instead.',
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-label="Assistant answer" className="rounded-lg border bg-muted/40">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2">
        <p className="text-xs font-medium text-muted-foreground">Answer · {answer.model}</p>
        <Button variant="ghost" size="sm" onClick={() => void copy()} className="h-8 px-2">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {answer.replacedModel ? (
        <p className="border-b px-4 py-2 text-xs text-muted-foreground">
          {replacedModelNote(answer.replacedModel, answer.model)}
        </p>
      ) : null}
      <p className="max-h-80 overflow-y-auto px-4 py-3 text-sm leading-relaxed break-words whitespace-pre-wrap">
        {answer.text}
      </p>
    </section>
  );
}

export function CreativeAssistantThinking() {
  return (
    <div role="status" className="grid gap-2 rounded-lg border bg-muted/40 p-4">
      <span className="sr-only">Generating an answer…</span>
      <Skeleton className="h-3 w-11/12" />
      <Skeleton className="h-3 w-9/12" />
      <Skeleton className="h-3 w-10/12" />
    </div>
  );
}
