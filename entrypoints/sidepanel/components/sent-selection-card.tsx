import { X } from 'lucide-react';
import { useSentSelection } from '../hooks/use-sent-selection';
import { Button } from '@core/ui/button';
import { Section } from './ui';

/** The text the user sent with "Send selection to Muse Studio". */
export function SentSelectionCard() {
  const { selection, dismiss } = useSentSelection();
  if (!selection) return null;
  return (
    <Section
      title="Sent selection"
      id="sent-selection"
      action={
        <Button variant="ghost" size="xs" onClick={dismiss}>
          <X aria-hidden="true" />
          Dismiss
        </Button>
      }
    >
      <blockquote className="line-clamp-6 border-l-2 border-primary pl-2 text-sm whitespace-pre-wrap">
        {selection.text}
      </blockquote>
      {selection.pageTitle && (
        <p className="mt-2 truncate text-xs text-muted-foreground">From {selection.pageTitle}</p>
      )}
    </Section>
  );
}
