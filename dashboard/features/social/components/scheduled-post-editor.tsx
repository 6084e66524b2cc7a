import { useId, useState, type FormEvent } from 'react';
import { documentPostProblem } from '@core/document-posts';
import { platformFacts, platforms } from '@core/platforms';
import { checkScheduleDate, formatInZone, instantToLocalInput } from '@core/schedule';
import type { SocialPost } from '@core/social-posts';
import { Button } from '@core/ui/button';
import { cn } from '@core/ui/cn';
import { Label, Textarea } from '@core/ui/input';
import { readCallableError, useCall } from '@/lib/call';
import type { MediaAsset } from '@/lib/library-media';
import { toast } from '@/lib/toast';
import { useMediaChecks } from '../hooks/use-media-checks';
import { LimitCounter } from './composer-shell';
import { MediaField } from './media-field';
import { ScheduleField } from './schedule-field';
import {
  FirstCommentField,
  firstCommentProblem,
  ThreadEditor,
  threadProblem,
  type ThreadItemDraft,
} from './thread-editor';

// Edit of a scheduled post: its text, its media, every item of its thread (text and media) and its first
// comment, under the composer's checks (core/platforms, thread-editor.tsx). updateScheduledPost checks them
// again as publishPost does and refuses once the scheduler claimed the post.

export const CLAIMED =
  'This post was already claimed for publishing, so it can no longer be changed.';

/** A failed Edit or Cancel in words: a post the scheduler claimed meanwhile says so. */
export function failureText(error: unknown, fallback: string): string {
  const f = readCallableError(error, fallback);
  return f.reason === 'post-state' ? CLAIMED : f.message;
}

type StoredMedia = {
  generationId: string;
  title: string;
  contentType: string;
  sizeBytes: number;
  url: string | null;
};

/** A stored attachment as the media field and the checks read a library file. */
function toAsset(m: StoredMedia): MediaAsset {
  const video = m.contentType.startsWith('video/');
  const url = m.url ?? '';
  return {
    id: m.generationId,
    type: video ? 'video' : 'image',
    title: m.title || 'Attached file',
    url,
    thumbnailUrl: video || !url ? null : url,
    storagePath: null,
    contentType: m.contentType,
    sizeBytes: m.sizeBytes,
  };
}

const idsOf = (media: readonly MediaAsset[]) => media.map((m) => ({ generationId: m.id }));

export function ScheduledPostEditor({
  post,
  timeZone,
  onDone,
  now,
}: {
  post: SocialPost;
  timeZone: string;
  onDone: () => void;
  now: () => Date;
}) {
  const facts = platformFacts[post.platform];
  // X and LinkedIn posts carry their media beside the text; a Reddit or YouTube post's media stays as it was made.
  const editsMedia = !facts.videoUpload && !facts.subreddit;
  const [text, setText] = useState(post.text);
  const [media, setMedia] = useState<MediaAsset[]>(() => post.media.map(toAsset));
  const [thread, setThread] = useState<ThreadItemDraft[]>(() =>
    post.thread.map((item) => ({
      key: crypto.randomUUID(),
      text: item.text,
      media: item.media.map(toAsset),
    })),
  );
  const [firstComment, setFirstComment] = useState(post.firstComment?.text ?? '');
  const [schedule, setSchedule] = useState(
    post.scheduledAt ? instantToLocalInput(post.scheduledAt, timeZone) : '',
  );
  const [error, setError] = useState<string | null>(null);
  const { run, isPending } = useCall('updateScheduledPost');
  const mediaChecks = useMediaChecks(editsMedia ? media : [], [post.platform]);
  const id = useId();

  const check = platforms[post.platform].checkDraft?.({
    text,
    title: post.reddit?.title ?? '',
    subreddit: post.reddit?.subreddit ?? '',
    author: post.author?.urn ?? '',
    media: media.map((m) => ({ contentType: m.contentType, sizeBytes: m.sizeBytes })),
  });
  const problem =
    check?.problem ??
    (editsMedia ? mediaChecks.problemFor(post.platform) : null) ??
    (post.document ? documentPostProblem(media, post.document.title) : null) ??
    (facts.threads ? threadProblem(thread) : null) ??
    (facts.firstComment ? firstCommentProblem(post.platform, firstComment) : null);
  const textOver = check ? check.used > check.max : false;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending || problem) return;
    if (check?.missing) {
      toast({ title: 'Error', description: check.missing, variant: 'destructive' });
      return;
    }
    // The time it was shown from stays when it is one reading of a repeated (fall-back) hour.
    const when = checkScheduleDate(schedule, timeZone, now(), post.scheduledAt);
    if (!when.ok || !when.scheduledAt) {
      setError(when.ok ? 'Please choose when to publish' : when.message);
      return;
    }
    const refused =
      editsMedia && mediaChecks.probing ? await mediaChecks.settle(post.platform) : null;
    if (refused) {
      toast({ title: 'Error', description: refused, variant: 'destructive' });
      return;
    }
    try {
      await run({
        postId: post.id,
        text,
        media: editsMedia
          ? idsOf(media)
          : post.media.map((m) => ({ generationId: m.generationId })),
        ...(post.author ? { author: post.author.urn } : {}),
        scheduledAt: when.scheduledAt,
        timeZone,
        // Named only where there is one to keep or change: an edit that names none leaves the stored ones.
        ...(facts.threads && (post.thread.length > 0 || thread.length > 0)
          ? { thread: thread.map((item) => ({ text: item.text, media: idsOf(item.media) })) }
          : {}),
        ...(facts.firstComment && (post.firstComment || firstComment.trim())
          ? { firstComment: firstComment.trim() ? firstComment : '' }
          : {}),
      });
      toast({
        title: 'Post updated',
        description: `It will be published on ${formatInZone(new Date(when.scheduledAt), timeZone, { label: true })}.`,
      });
      onDone();
    } catch (e) {
      toast({
        title: 'Error',
        description: failureText(e, 'Failed to update the post'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form
      onSubmit={save}
      noValidate
      aria-label="Edit scheduled post"
      className="grid min-w-0 gap-4 rounded-md border bg-muted/30 p-3"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-text`}>
          {facts.threads && thread.length > 0 ? 'Post 1 of the thread' : 'Post Content'}
        </Label>
        <Textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={4}
          aria-invalid={textOver || undefined}
          aria-describedby={check ? `${id}-count` : undefined}
          className={cn(textOver && 'border-destructive focus-visible:ring-destructive')}
        />
        {check ? <LimitCounter id={`${id}-count`} used={check.used} max={check.max} /> : null}
      </div>
      {editsMedia ? (
        <MediaField
          platform={post.platform}
          media={media}
          onChange={setMedia}
          checks={mediaChecks}
          legend={facts.threads && thread.length > 0 ? 'Media for post 1' : 'Media'}
        />
      ) : null}
      {facts.threads ? <ThreadEditor items={thread} onChange={setThread} /> : null}
      {facts.firstComment ? (
        <FirstCommentField
          platform={post.platform}
          value={firstComment}
          onChange={setFirstComment}
        />
      ) : null}
      <ScheduleField
        value={schedule}
        onChange={(v) => {
          setSchedule(v);
          setError(null);
        }}
        timeZone={timeZone}
        error={error}
      />
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            size="sm"
            loading={isPending}
            disabled={Boolean(problem)}
            aria-describedby={problem ? `${id}-blocked` : undefined}
          >
            Save Changes
          </Button>
          <Button variant="ghost" size="sm" onClick={onDone}>
            Discard
          </Button>
        </div>
        {problem ? (
          <p id={`${id}-blocked`} role="alert" className="text-sm break-words text-destructive">
            {problem}
          </p>
        ) : null}
      </div>
    </form>
  );
}
