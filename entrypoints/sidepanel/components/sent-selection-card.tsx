import { X } from 'lucide-react';
import { useSentSelection } from '../hooks/use-sent-selection';
import { buttonClass, Section } from './ui';

/** The text the user sent with "Send selection to Muse Studio". */
export function SentSelectionCard() {
  const { selection, dismiss } = useSentSelection();
  if (!selection) return null;
  return (
    <Section
      title="Sent selection"
      id="sent-selection"
      action={
        <button type="button" onClick={dismiss} className={buttonClass.ghost}>
          <X aria-hidden="true" className="size-3.5" />
          Dismiss
        </button>
      }
    >
      <blockquote className="line-clamp-6 border-l-2 border-violet-500 pl-2 text-sm whitespace-pre-wrap">{selection.text}</blockquote>
      {selection.pageTitle && <p className="mt-2 truncate text-xs text-zinc-500 dark:text-zinc-400">From {selection.pageTitle}</p>}
    </Section>
  );
}
