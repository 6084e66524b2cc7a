import { FileText } from 'lucide-react';
import { useId } from 'react';
import { DOCUMENT_LIMITS } from '@core/document-posts';
import { Input, Label } from '@core/ui/input';
import { cn } from '@core/ui/cn';

// "Post as document" in the LinkedIn composer: offered once 2 or more JPEG or PNG images are attached
// (core/document-posts.ts, documentChoiceOffered). The functions make the images into one PDF, a page each,
// and LinkedIn shows it as a swipeable document under its title.

export interface DocumentDraft {
  on: boolean;
  title: string;
}

export function DocumentChoice({
  pages,
  value,
  onChange,
}: {
  pages: number;
  value: DocumentDraft;
  onChange: (value: DocumentDraft) => void;
}) {
  const id = useId();
  return (
    <div
      className={cn(
        'grid min-w-0 gap-3 rounded-lg border p-3',
        value.on && 'border-primary bg-primary/5',
      )}
    >
      <label className="flex min-w-0 cursor-pointer items-start gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={value.on}
          onChange={(e) => onChange({ ...value, on: e.target.checked })}
          aria-describedby={`${id}-note`}
        />
        <FileText className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>Post as document</span>
      </label>
      <p id={`${id}-note`} className="text-xs text-muted-foreground">
        LinkedIn shows the {pages} images as one document to swipe through: a PDF of {pages} pages,
        one image per page.
      </p>
      {value.on ? (
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-title`}>Document title</Label>
          <Input
            id={`${id}-title`}
            value={value.title}
            onChange={(e) => onChange({ ...value, title: e.target.value })}
            placeholder="Shown on the document in the feed"
            maxLength={DOCUMENT_LIMITS.titleMaxChars}
            required
          />
        </div>
      ) : null}
    </div>
  );
}
