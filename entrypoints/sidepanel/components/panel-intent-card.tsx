import { X } from 'lucide-react';
import { usePanelIntent } from '../hooks/use-panel-intent';
import { Button } from '@core/ui/button';
import { PageImageThumb } from './page-image-thumb';
import { Section } from './ui';

/**
 * What a context-menu entry asked for, until the feature that acts on it (the post writer, the image
 * maker) consumes it; shows the user their click arrived.
 */
export function PanelIntentCard() {
  const { intent, consume } = usePanelIntent();
  if (!intent) return null;
  const dismiss = (
    <Button variant="ghost" size="xs" onClick={() => consume(intent.id)}>
      <X aria-hidden="true" />
      Dismiss
    </Button>
  );
  if (intent.kind === 'writePost') {
    return (
      <Section title="Post about this page" id="intent-write-post" action={dismiss}>
        <p className="truncate text-sm font-medium">{intent.pageTitle || intent.pageUrl}</p>
        {intent.selection && (
          <blockquote className="mt-2 line-clamp-3 border-l-2 border-primary pl-2 text-sm">
            {intent.selection}
          </blockquote>
        )}
      </Section>
    );
  }
  return (
    <Section title="Image from the page" id="intent-use-image" action={dismiss}>
      <div className="flex items-center gap-3">
        <PageImageThumb
          src={intent.imageUrl}
          alt="The image you picked"
          referrerPolicy="no-referrer"
          className="size-16 shrink-0 rounded-md bg-muted object-cover"
        />
        <p className="min-w-0 truncate text-xs text-muted-foreground">
          From {intent.pageTitle || intent.pageUrl}
        </p>
      </div>
    </Section>
  );
}
