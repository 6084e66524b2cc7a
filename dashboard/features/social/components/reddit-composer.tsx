import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { REDDIT_LIMITS } from '@core/social-limits';
import { Button } from '@core/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@core/ui/card';
import { cn } from '@core/ui/cn';
import { Input, Label, Textarea } from '@core/ui/input';
import { NativeSelect } from '@core/ui/select';
import type { CallableFailure } from '@/lib/call';
import type { MediaAsset } from '@/lib/library-media';
import { toast } from '@/lib/toast';
import { useSubredditFlairs } from '../api/subreddit-flairs';
import { PLATFORM_COPY, SCHEDULE_POST } from '../utils/platforms';
import { BLANK_TEXT, checkRedditPost, cleanSubreddit } from '../utils/post-checks';
import { checkScheduleDate, formatInZone } from '../utils/schedule';
import { usePublishPost } from '../hooks/use-publish-post';
import { ConnectAlert } from './connect-alert';
import { MediaField } from './media-field';
import { ScheduleField } from './schedule-field';

const copy = PLATFORM_COPY.reddit;

export interface RedditComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  timeZone: string;
  /** Whether the account can post now (connected); flairs are only asked for then. */
  connected: boolean;
  accountFailure: CallableFailure | null;
  onSubmitted: (postId: string) => void;
  now?: () => Date;
}

/** Reddit's create form: Subreddit, Post Title, Post Content, Media, Post Flair, Schedule Date, Post to Reddit. */
export function RedditComposer({ text, onTextChange, timeZone, connected, accountFailure, onSubmitted, now = () => new Date() }: RedditComposerProps) {
  const [subredditInput, setSubredditInput] = useState('');
  const [title, setTitle] = useState('');
  const [media, setMedia] = useState<MediaAsset[]>([]);
  const [flairId, setFlairId] = useState('');
  const [flairText, setFlairText] = useState('');
  const [schedule, setSchedule] = useState('');
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const { publish, busy, shownFailure } = usePublishPost('reddit', accountFailure);
  const id = useId();

  const subreddit = cleanSubreddit(subredditInput);
  const flairs = useSubredditFlairs(subreddit, { enabled: connected });
  const flairData = flairs.status === 'success' && flairs.data.subreddit === subreddit ? flairs.data : null;
  const chosen = flairData?.flairs.find((f) => f.id === flairId) ?? null;
  const check = checkRedditPost(title, text, media);
  const flairMissing = Boolean(flairData?.flairRequired && !chosen);
  const problem = check.problem;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || problem || shownFailure) return;
    if (!subreddit || !title.trim() || (!text.trim() && media.length === 0)) {
      toast({ title: 'Error', description: BLANK_TEXT.reddit, variant: 'destructive' });
      return;
    }
    if (flairMissing) {
      toast({ title: 'Error', description: `r/${subreddit} requires a post flair: choose one before posting.`, variant: 'destructive' });
      return;
    }
    const when = checkScheduleDate(schedule, timeZone, now());
    if (!when.ok) {
      setScheduleError(when.message);
      return;
    }
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
      timeZone,
    });
    if (!postId) return;
    onSubmitted(postId);
    if (when.scheduledAt) toast({ title: 'Post scheduled', description: `It will be published on ${formatInZone(new Date(when.scheduledAt), timeZone)} (${timeZone}).` });
    onTextChange('');
    setTitle('');
    setMedia([]);
    setSchedule('');
    setFlairId('');
    setFlairText('');
  };

  const titleOver = check.titleLength > REDDIT_LIMITS.titleMaxChars;
  const hasFlairs = Boolean(flairData && flairData.flairs.length > 0);
  // Under the flair list when there is one, so the refusal sits by the control that fixes it.
  const flairRequiredNote = (
    <p id={`${id}-flair-required`} role="alert" className="text-sm text-destructive">
      r/{subreddit} requires a post flair: choose one before posting.
    </p>
  );
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="text-base">
          Create Post
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid min-w-0 gap-5">
          {shownFailure ? <ConnectAlert platform="reddit" failure={shownFailure} /> : null}
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
              {subreddit ? `Posting to r/${subreddit}` : 'The name without r/ (a leading r/ is removed).'}
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
            <p id={`${id}-title-count`} aria-live="polite" className={cn('text-right text-xs tabular-nums', titleOver ? 'font-medium text-destructive' : 'text-muted-foreground')}>
              {check.titleLength}/{REDDIT_LIMITS.titleMaxChars}
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-text`}>Post Content</Label>
            <Textarea id={`${id}-text`} value={text} onChange={(e) => onTextChange(e.target.value)} rows={6} placeholder="Text (markdown), or just a link to make a link post" />
          </div>
          <MediaField platform="reddit" media={media} onChange={setMedia} />
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
              <Label htmlFor={`${id}-flair`}>Post Flair{flairData.flairRequired ? '' : ' (optional)'}</Label>
              <NativeSelect id={`${id}-flair`} value={flairId} onChange={(e) => setFlairId(e.target.value)} aria-describedby={flairMissing ? `${id}-flair-required` : undefined}>
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
                  <Input id={`${id}-flair-text`} value={flairText} onChange={(e) => setFlairText(e.target.value)} maxLength={64} placeholder={chosen.text} />
                </div>
              ) : null}
            </div>
          ) : null}
          {flairMissing && !hasFlairs ? flairRequiredNote : null}
          <ScheduleField
            value={schedule}
            onChange={(v) => {
              setSchedule(v);
              setScheduleError(null);
            }}
            timeZone={timeZone}
            error={scheduleError}
          />
          <div className="grid gap-2">
            <Button type="submit" loading={busy} disabled={Boolean(problem || shownFailure)} aria-describedby={problem ? `${id}-blocked` : undefined} className="w-full sm:w-auto sm:justify-self-start">
              {busy ? null : <Send aria-hidden="true" />}
              {schedule ? SCHEDULE_POST : copy.postNow}
            </Button>
            {problem ? (
              <p id={`${id}-blocked`} role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
