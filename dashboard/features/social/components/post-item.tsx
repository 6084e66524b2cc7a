import {
  AlertCircle,
  Ban,
  BarChart3,
  CalendarClock,
  CheckCircle2,
  ExternalLink,
  Loader2,
  Pencil,
  RotateCcw,
  X,
} from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { platformFacts, platformLabels } from '@core/platforms';
import { failureStepLabels, fixHasButton } from '@core/platform-errors';
import { checkingMessage, type SocialPost } from '@core/social-posts';
import { Button } from '@core/ui/button';
import { Progress } from '@core/ui/progress';
import { readCallableError, useCall } from '@/lib/call';
import { toast } from '@/lib/toast';
import { formatInZone } from '@core/schedule';
import { PostResults } from './post-results';
import { ChannelWarning, PostFixButton } from './post-fix';
import { PostFollowUps } from './post-follow-ups';
import { failureText, ScheduledPostEditor } from './scheduled-post-editor';

export { CLAIMED } from './scheduled-post-editor';
/** How the author line reads in each state: who posted, who will, or who it was from. */
const AUTHOR_VERB: Record<SocialPost['status'], string> = {
  scheduled: 'Posting as',
  queued: 'Posting as',
  publishing: 'Posting as',
  published: 'Posted as',
  failed: 'From',
  cancelled: 'From',
};
const NO_REASON = 'The platform refused the post without saying why.';
const VISIBILITY = { private: 'Private', unlisted: 'Unlisted', public: 'Public' } as const;
const REDDIT_IMAGE_NO_BODY =
  'Image post: Reddit takes its title and image, not the text written with them.';

function when(date: Date | null, timeZone: string): string {
  return date ? formatInZone(date, timeZone, { label: true }) : 'an unknown time';
}

/** One post with its true state and what can be done with it now. */
export function PostItem({
  post,
  timeZone,
  onRetried,
  now = () => new Date(),
  channelNeedsReconnect = false,
}: {
  post: SocialPost;
  /** The zone the post's times are shown in (dashboard/lib/scheduling.ts useShownZone), whatever zone it was planned in. */
  timeZone: string;
  onRetried: (postId: string) => void;
  now?: () => Date;
  /** The channel's access was found dead: a scheduled post says it will fail, with Reconnect. */
  channelNeedsReconnect?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [showResults, setShowResults] = useState(false);
  const resultsId = useId();
  const cancel = useCall('cancelPost');
  const retry = useCall('retryPost');
  // Each Retry is a new attempt with its own requestId, so a second click in the same frame must not send.
  const retrying = useRef(false);

  const onCancel = async () => {
    try {
      await cancel.run({ postId: post.id });
      toast({ title: 'Post cancelled' });
    } catch (e) {
      toast({
        title: 'Error',
        description: failureText(e, 'Failed to cancel the post'),
        variant: 'destructive',
      });
    }
  };
  const onRetry = async () => {
    if (retrying.current) return;
    retrying.current = true;
    try {
      await retry.run({ postId: post.id, requestId: crypto.randomUUID() });
      onRetried(post.id);
    } catch (e) {
      // The server's own words: the post is already being published, or its outcome is still being checked.
      toast({
        title: 'Error',
        description: readCallableError(e, 'Failed to retry the post').message,
        variant: 'destructive',
      });
    } finally {
      retrying.current = false;
    }
  };

  return (
    <li id={`post-${post.id}`} className="grid min-w-0 scroll-mt-20 gap-2 py-3">
      {post.reddit ? (
        <p className="min-w-0 text-sm wrap-anywhere">
          <span className="text-muted-foreground">r/{post.reddit.subreddit}</span>{' '}
          <span className="font-medium">{post.reddit.title}</span>
          {post.reddit.flairText ? (
            <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs">
              {post.reddit.flairText}
            </span>
          ) : null}
        </p>
      ) : null}
      {editing ? (
        <ScheduledPostEditor
          post={post}
          timeZone={timeZone}
          onDone={() => setEditing(false)}
          now={now}
        />
      ) : post.youtube ? (
        <div className="grid min-w-0 gap-1">
          <p className="truncate text-sm font-medium" title={post.youtube.title}>
            {post.youtube.title}
          </p>
          <p className="line-clamp-2 text-sm wrap-anywhere whitespace-pre-wrap text-muted-foreground">
            {post.text}
          </p>
          <p className="text-xs text-muted-foreground">
            {VISIBILITY[post.youtube.privacyStatus]}
            {post.youtube.publishAt
              ? ` until ${when(post.youtube.publishAt, timeZone)}, then public`
              : ''}
            {post.youtube.tags.length ? ` · ${post.youtube.tags.join(', ')}` : ''}
          </p>
        </div>
      ) : post.reddit && post.media.length > 0 ? (
        // Reddit image posts take a title and the image: a body written beside them is not sent.
        post.text.trim() ? (
          <p className="text-xs text-muted-foreground">{REDDIT_IMAGE_NO_BODY}</p>
        ) : null
      ) : (
        <p className="line-clamp-4 text-sm wrap-anywhere whitespace-pre-wrap">
          {post.text || <span className="text-muted-foreground">(no text)</span>}
        </p>
      )}
      {post.author?.name || (!post.youtube && post.media.length > 0) ? (
        <p className="text-xs text-muted-foreground">
          {[
            post.author?.name ? `${AUTHOR_VERB[post.status]} ${post.author.name}` : null,
            post.youtube || post.media.length === 0
              ? null
              : post.document
                ? `Document “${post.document.title}”, ${post.media.length} pages`
                : post.media.length === 1
                  ? '1 media file'
                  : `${post.media.length} media files`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      <PostFollowUps post={post} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        {post.status === 'scheduled' ? (
          <>
            <span className="flex items-center gap-1.5 text-muted-foreground">
              <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
              Scheduled for {when(post.scheduledAt, timeZone)}
            </span>
            {editing ? null : (
              <span className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
                <Button variant="ghost" size="sm" onClick={onCancel} loading={cancel.isPending}>
                  {cancel.isPending ? null : <X aria-hidden="true" />}
                  Cancel
                </Button>
              </span>
            )}
          </>
        ) : null}
        {post.status === 'queued' || post.status === 'publishing' ? (
          <span role="status" className="flex min-w-0 flex-1 flex-col gap-1.5">
            <span className="flex items-center gap-1.5 text-muted-foreground">
              <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
              {post.status === 'queued'
                ? 'Waiting to publish...'
                : post.checkingUntil
                  ? checkingMessage(post.platform)
                  : platformFacts[post.platform].videoUpload
                    ? `Uploading... ${post.progress}%`
                    : 'Publishing...'}
            </span>
            {post.progress > 0 && !post.checkingUntil ? (
              <Progress value={post.progress} label="Upload progress" className="max-w-xs" />
            ) : null}
          </span>
        ) : null}
        {post.status === 'published' ? (
          <>
            <span className="flex items-center gap-1.5 text-success">
              <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
              Published{' '}
              {post.publishedAt ? formatInZone(post.publishedAt, timeZone, { label: true }) : ''}
            </span>
            {post.url ? (
              <a
                href={post.url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {platformFacts[post.platform].videoUpload
                  ? `View on ${platformLabels[post.platform]}`
                  : 'View post'}
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              aria-expanded={showResults}
              aria-controls={resultsId}
              onClick={() => setShowResults((v) => !v)}
            >
              <BarChart3 aria-hidden="true" />
              Results
            </Button>
            {post.notice ? (
              <span className="w-full text-xs text-muted-foreground">{post.notice}</span>
            ) : null}
          </>
        ) : null}
        {post.status === 'failed' ? (
          <>
            <FailureReason post={post} />
            {post.error?.fix && fixHasButton(post.error.fix.action) ? (
              <PostFixButton post={post} fix={post.error.fix} />
            ) : null}
            <Button variant="outline" size="sm" onClick={onRetry} loading={retry.isPending}>
              {retry.isPending ? null : <RotateCcw aria-hidden="true" />}
              {post.error?.fix?.action === 'retry' ? post.error.fix.label : 'Retry'}
            </Button>
            {post.error?.fix?.action === 'wait' ? (
              <span className="text-xs text-muted-foreground">{post.error.fix.label}</span>
            ) : null}
          </>
        ) : null}
        {post.status === 'cancelled' ? (
          <span className="flex items-center gap-1.5 text-muted-foreground">
            <Ban className="size-4 shrink-0" aria-hidden="true" />
            Cancelled
          </span>
        ) : null}
      </div>
      {showResults && post.status === 'published' ? (
        <PostResults post={post} timeZone={timeZone} id={resultsId} />
      ) : null}
      {post.status === 'scheduled' && channelNeedsReconnect ? <ChannelWarning post={post} /> : null}
      {post.publishLog.length > 0 ? <PublishLog post={post} timeZone={timeZone} /> : null}
    </li>
  );
}

/**
 * Why a post failed: "Failed at upload: <what it means>" when the failure was explained (core/platform-errors.ts),
 * with the platform's words and its own code beneath; "Failed: <the platform's words>" on older posts.
 */
function FailureReason({ post }: { post: SocialPost }) {
  const error = post.error;
  const headline = error?.step
    ? `Failed at ${failureStepLabels[error.step]}: ${error.summary || error.message || NO_REASON}`
    : `Failed: ${error?.message || NO_REASON}`;
  const code = [error?.httpStatus ? `HTTP ${error.httpStatus}` : null, error?.platformCode]
    .filter(Boolean)
    .join(' · ');
  const detail =
    error?.step && error.summary && error.message && error.message !== error.summary
      ? error.message
      : null;
  return (
    <span className="flex w-full min-w-0 items-start gap-1.5 text-destructive sm:w-auto">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="grid min-w-0 gap-0.5">
        <span className="break-words">{headline}</span>
        {detail || code ? (
          <span className="text-xs break-words text-muted-foreground">
            {detail}
            {detail && code ? ' ' : null}
            {code ? (
              <span className="font-mono">
                ({platformLabels[post.platform]} {code})
              </span>
            ) : null}
          </span>
        ) : null}
      </span>
    </span>
  );
}

/** Every request sent to the platform for this post, so a second send would show. */
function PublishLog({ post, timeZone }: { post: SocialPost; timeZone: string }) {
  return (
    <details className="text-xs text-muted-foreground">
      <summary className="w-fit cursor-pointer rounded-sm select-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        Details
      </summary>
      <ol
        className="mt-2 grid gap-1"
        aria-label={`Requests sent to ${platformLabels[post.platform]}`}
      >
        {post.publishLog.map((entry, i) => (
          <li key={i} className="flex flex-wrap gap-x-2">
            <span className="tabular-nums">
              {entry.at ? formatInZone(entry.at, timeZone, { seconds: true }) : 'Unknown time'}
            </span>
            <span className="font-medium text-foreground">{entry.step}</span>
            <span>{entry.outcome}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
