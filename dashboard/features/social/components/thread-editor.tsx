import { ListPlus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { platformFacts, platforms } from '@core/platforms';
import { commentMaxChars, THREAD_MAX_POSTS, type PublishPlatform } from '@core/social-posts';
import { X_MAX_WEIGHTED_LENGTH, xTextInfo } from '@core/x-text';
import { Button } from '@core/ui/button';
import { Label, Textarea } from '@core/ui/input';
import { cn } from '@core/ui/cn';
import type { MediaAsset } from '@/lib/library-media';
import { LimitCounter } from './composer-shell';
import { MediaField } from './media-field';

// The X composer's thread (the post's further items, each a reply to the one before, each with its own text,
// media and counter) and the first comment of X and LinkedIn. publishPost checks each item again as a post of
// its own; functions/src/social/publish-run.ts publishes each as a step with its own id.

export interface ThreadItemDraft {
  /** Stable per item while the list changes (React key, field ids). */
  key: string;
  text: string;
  media: MediaAsset[];
}

export const newThreadItem = (): ThreadItemDraft => ({
  key: crypto.randomUUID(),
  text: '',
  media: [],
});

/** An item's place in the thread as the user counts it: the post itself is 1. */
const itemName = (index: number) => `Post ${index + 2} of the thread`;

/** Why the thread cannot go out as it stands (an item over X's limit, media refused, an empty item), or null. */
export function threadProblem(items: readonly ThreadItemDraft[]): string | null {
  for (const [i, item] of items.entries()) {
    const check = platforms.x.checkDraft({
      text: item.text,
      title: '',
      subreddit: '',
      author: '',
      media: item.media.map((m) => ({ contentType: m.contentType, sizeBytes: m.sizeBytes })),
    });
    if (check.problem) return `${itemName(i)}: ${check.problem}`;
    if (!item.text.trim()) return `${itemName(i)} is empty: write it or remove it.`;
  }
  return null;
}

/** The first comment's limit: X's is a post's weighted limit, LinkedIn's, Reddit's and YouTube's count characters. */
const firstCommentMax: Record<PublishPlatform, number> = {
  x: X_MAX_WEIGHTED_LENGTH,
  ...commentMaxChars,
};

/** The first comment's counter: X weighs it as a post, LinkedIn, Reddit and YouTube count characters. */
export function firstCommentCount(
  platform: PublishPlatform,
  text: string,
): { used: number; max: number } {
  return {
    used: platformFacts[platform].commentIsPost ? xTextInfo(text).weightedLength : [...text].length,
    max: firstCommentMax[platform],
  };
}

/** Why the first comment cannot go out as it stands, or null. */
export function firstCommentProblem(platform: PublishPlatform, text: string): string | null {
  const { used, max } = firstCommentCount(platform, text);
  return used > max
    ? `The first comment can be at most ${max.toLocaleString('en-US')} characters (it counts ${used.toLocaleString('en-US')}).`
    : null;
}

export function ThreadEditor({
  items,
  onChange,
}: {
  items: ThreadItemDraft[];
  onChange: (items: ThreadItemDraft[]) => void;
}) {
  const id = useId();
  const full = items.length >= THREAD_MAX_POSTS - 1;
  const update = (key: string, patch: Partial<ThreadItemDraft>) =>
    onChange(items.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  return (
    <div className="grid min-w-0 gap-3">
      {items.length > 0 ? (
        <ol aria-label="Thread" className="grid gap-3">
          {items.map((item, i) => {
            const used = xTextInfo(item.text).weightedLength;
            const over = used > X_MAX_WEIGHTED_LENGTH;
            const field = `${id}-${item.key}`;
            return (
              <li
                key={item.key}
                className="grid min-w-0 gap-2 border-l-2 border-primary/40 pl-3 sm:pl-4"
              >
                <div className="flex items-center justify-between gap-2">
                  <Label htmlFor={`${field}-text`}>{itemName(i)}</Label>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onChange(items.filter((other) => other.key !== item.key))}
                    aria-label={`Remove ${itemName(i).toLowerCase()}`}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove
                  </Button>
                </div>
                <Textarea
                  id={`${field}-text`}
                  value={item.text}
                  onChange={(e) => update(item.key, { text: e.target.value })}
                  rows={3}
                  placeholder="What comes next?"
                  aria-invalid={over || undefined}
                  aria-describedby={`${field}-count`}
                  className={cn(over && 'border-destructive focus-visible:ring-destructive')}
                />
                <LimitCounter id={`${field}-count`} used={used} max={X_MAX_WEIGHTED_LENGTH} />
                <MediaField
                  platform="x"
                  media={item.media}
                  onChange={(media) => update(item.key, { media })}
                  legend={`Media for post ${i + 2}`}
                />
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="grid gap-1">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onChange([...items, newThreadItem()])}
          disabled={full}
          aria-describedby={`${id}-thread-hint`}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          <ListPlus aria-hidden="true" />
          Add to thread
        </Button>
        <p id={`${id}-thread-hint`} className="text-xs text-muted-foreground">
          {full
            ? `A thread can have at most ${THREAD_MAX_POSTS} posts.`
            : 'Each post of the thread is published as a reply to the one before it.'}
        </p>
      </div>
    </div>
  );
}

export function FirstCommentField({
  platform,
  value,
  onChange,
}: {
  platform: PublishPlatform;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const { used, max } = firstCommentCount(platform, value);
  const over = used > max;
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={`${id}-comment`}>First comment (optional)</Label>
      <Textarea
        id={`${id}-comment`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={2}
        placeholder={
          platformFacts[platform].commentIsPost
            ? 'A reply to your post, published right after it'
            : 'A comment on your post, published right after it'
        }
        aria-invalid={over || undefined}
        aria-describedby={`${id}-comment-count`}
        className={cn(over && 'border-destructive focus-visible:ring-destructive')}
      />
      <LimitCounter id={`${id}-comment-count`} used={used} max={max} />
    </div>
  );
}
