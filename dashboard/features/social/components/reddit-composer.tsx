import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { REDDIT_LIMITS } from '@core/social-limits';
import { cn } from '@core/ui/cn';
import { Input, Label, Textarea } from '@core/ui/input';
import { NativeSelect } from '@core/ui/select';
import type { CallableFailure } from '@/lib/call';
import type { MediaAsset } from '@/lib/library-media';
import { chooseFlair } from '@core/react/use-subreddit-flairs';
import { useSubredditFlairs } from '../api/subreddit-flairs';
import { PLATFORM_COPY, SCHEDULE_POST } from '../utils/platforms';
import {
  checkRedditDraft,
  checkRedditPost,
  cleanSubreddit,
  subredditProblem,
} from '../utils/post-checks';
import { useMediaChecks } from '../hooks/use-media-checks';
import { usePublishPost } from '../hooks/use-publish-post';
import {
  clearIfSent,
  ComposerShell,
  LimitCounter,
  refuse,
  toastScheduled,
  useLatest,
  useScheduleInput,
  withoutSent,
} from './composer-shell';
import { MediaField } from './media-field';

const copy = PLATFORM_COPY.reddit;
export const NOT_CONNECTED = 'Connect your Reddit account above to post.';

export interface RedditComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  timeZone: string;
  /** Whether the account can post now (connected); flairs are only asked for then, and posting is blocked until then. */
  connected: boolean;
  accountFailure: CallableFailure | null;
  onSubmitted: (postId: string) => void;
  now?: () => Date;
}

/** Reddit's create form: Subreddit, Post Title, Post Content, Media, Post Flair, Schedule Date, Post to Reddit. */
export function RedditComposer({
  text,
  onTextChange,
  timeZone,
  connected,
  accountFailure,
  onSubmitted,
  now = () => new Date(),
}: RedditComposerProps) {
  const [subredditInput, setSubredditInput] = useState('');
  const [title, setTitle] = useState('');
  const [media, setMedia] = useState<MediaAsset[]>([]);
  const [flairId, setFlairId] = useState('');
  const [flairText, setFlairText] = useState('');
  const schedule = useScheduleInput();
  const { publish, busy, shownFailure } = usePublishPost('reddit', accountFailure);
  const id = useId();
  const latestText = useLatest(text);

  const subreddit = cleanSubreddit(subredditInput);
  const invalidSubreddit = subredditProblem(subredditInput);
  // A name Reddit would refuse is not asked for its flairs.
  const flairs = useSubredditFlairs(invalidSubreddit ? '' : subreddit, { enabled: connected });
  const flairData =
    flairs.status === 'success' && flairs.data.subreddit === subreddit ? flairs.data : null;
  const { chosen, missing: flairMissing } = chooseFlair(flairData, flairId);
  const check = checkRedditPost(title, text, media);
  // Until the account is connected (or after a refused refresh) nothing can go out: say where to fix it.
  const mediaChecks = useMediaChecks(media, ['reddit']);
  const problem =
    invalidSubreddit ??
    check.problem ??
    mediaChecks.problemFor('reddit') ??
    (connected ? null : NOT_CONNECTED);

  const submit = async () => {
    if (busy || problem || shownFailure) return;
    const { missing } = checkRedditDraft({ subreddit, title, text, media: [...media] });
    if (missing) return refuse(missing);
    if (flairMissing) return refuse(flairMissing);
    const when = schedule.check(timeZone, now());
    if (!when) return;
    const refused = mediaChecks.probing ? await mediaChecks.settle('reddit') : null;
    if (refused) return refuse(refused);
    const postId = await publish({
      text,
      media: media.map((m) => ({ generationId: m.id })),
      reddit: {
        subreddit,
        title: title.trim(),
        ...(chosen ? { flairId: chosen.id } : {}),
        ...(chosen?.textEditable && flairText.trim() ? { flairText: flairText.trim() } : {}),
      },
      scheduledAt: when.scheduledAt,
      timeZone: when.timeZone,
    });
    if (!postId) return;
    onSubmitted(postId);
    if (when.scheduledAt) toastScheduled(when.scheduledAt, when.timeZone, when.queued);
    // Only what went out is cleared: what was written or attached while it was sending stays.
    onTextChange(clearIfSent(text)(latestText.current));
    setTitle(clearIfSent(title));
    setMedia(withoutSent(media));
    schedule.reset();
    setFlairId(clearIfSent(flairId));
    setFlairText(clearIfSent(flairText));
  };

  const titleOver = check.titleLength > REDDIT_LIMITS.titleMaxChars;
  const hasFlairs = Boolean(flairData && flairData.flairs.length > 0);
  // Under the flair list when there is one, so the refusal sits by the control that fixes it.
  const flairRequiredNote = (
    <p id={`${id}-flair-required`} role="alert" className="text-sm text-destructive">
      {flairMissing}
    </p>
  );
  return (
    <ComposerShell
      title="Create Post"
      platform="reddit"
      failure={shownFailure}
      onSubmit={() => void submit()}
      schedule={schedule}
      timeZone={timeZone}
      submit={{
        label: schedule.value ? SCHEDULE_POST : copy.postNow,
        icon: <Send aria-hidden="true" />,
        busy,
        disabled: Boolean(problem || shownFailure),
      }}
      problem={problem}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-sr`}>Subreddit</Label>
        <Input
          id={`${id}-sr`}
          value={subredditInput}
          onChange={(e) => {
            setSubredditInput(e.target.value);
            setFlairId('');
            setFlairText('');
          }}
          placeholder="e.g. MuseSandbox"
          autoComplete="off"
          aria-describedby={`${id}-sr-hint`}
        />
        <p id={`${id}-sr-hint`} className="text-xs text-muted-foreground">
          {subreddit
            ? `Posting to r/${subreddit}`
            : 'The name without r/ (a leading r/ is removed).'}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-post-title`}>Post Title</Label>
        <Input
          id={`${id}-post-title`}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={titleOver || undefined}
          aria-describedby={`${id}-title-count`}
          className={cn(titleOver && 'border-destructive focus-visible:ring-destructive')}
        />
        <LimitCounter
          id={`${id}-title-count`}
          used={check.titleLength}
          max={REDDIT_LIMITS.titleMaxChars}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-text`}>Post Content</Label>
        <Textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => onTextChange(e.target.value)}
          rows={6}
          placeholder="Text (markdown), or just a link to make a link post"
        />
      </div>
      <MediaField
        platform="reddit"
        media={media}
        onChange={setMedia}
        checks={mediaChecks}
        channels={['reddit']}
      />
      {flairs.status === 'loading' ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading flairs...
        </p>
      ) : null}
      {flairs.status === 'error' ? (
        <p role="alert" className="text-sm text-destructive">
          {flairs.failure.message}
        </p>
      ) : null}
      {flairData && hasFlairs ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-flair`}>
            Post Flair{flairData.flairRequired ? '' : ' (optional)'}
          </Label>
          <NativeSelect
            id={`${id}-flair`}
            value={flairId}
            onChange={(e) => setFlairId(e.target.value)}
            aria-describedby={flairMissing ? `${id}-flair-required` : undefined}
          >
            <option value="">{flairData.flairRequired ? 'Choose a flair' : 'No flair'}</option>
            {flairData.flairs.map((f) => (
              <option key={f.id} value={f.id}>
                {f.text}
              </option>
            ))}
          </NativeSelect>
          {flairMissing ? flairRequiredNote : null}
          {chosen?.textEditable ? (
            <div className="mt-2 grid gap-2">
              <Label htmlFor={`${id}-flair-text`}>Flair Text</Label>
              <Input
                id={`${id}-flair-text`}
                value={flairText}
                onChange={(e) => setFlairText(e.target.value)}
                maxLength={64}
                placeholder={chosen.text}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {flairMissing && !hasFlairs ? flairRequiredNote : null}
    </ComposerShell>
  );
}
