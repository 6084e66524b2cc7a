import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { documentChoiceOffered, documentPostProblem } from '@core/document-posts';
import { platforms, type TextPlatform } from '@core/platforms';
import { firstCommentPlatforms, threadPlatforms, type PlatformProfile } from '@core/social-posts';
import { Button } from '@core/ui/button';
import { Label, Textarea } from '@core/ui/input';
import { AuthorSelect } from './author-select';
import type { CallableFailure } from '@/lib/call';
import { cn } from '@core/ui/cn';
import type { MediaAsset } from '@/lib/library-media';
import { PLATFORM_COPY, SCHEDULE_POST } from '../utils/platforms';
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
import { DocumentChoice, type DocumentDraft } from './document-choice';
import { MediaField } from './media-field';
import {
  FirstCommentField,
  firstCommentProblem,
  ThreadEditor,
  threadProblem,
  type ThreadItemDraft,
} from './thread-editor';

export interface ComposerProps {
  platform: Exclude<TextPlatform, 'reddit'>;
  text: string;
  onTextChange: (text: string) => void;
  timeZone: string;
  /** LinkedIn: who may post (from getPlatformProfile, or the member last seen while it loads); null while unknown. */
  authors: PlatformProfile['authors'] | null;
  /** LinkedIn: `authors` is the member alone, and the pages they manage are still being asked for. */
  pagesPending?: boolean;
  /** A failure already known (getPlatformProfile said the account is missing or refused). */
  accountFailure: CallableFailure | null;
  /** Called with the new post's id, so the page can announce how it ends. */
  onSubmitted: (postId: string) => void;
  now?: () => Date;
  /** An opened draft's media and author (text comes through `text`); the page remounts the composer per draft. */
  initialDraft?: { media: MediaAsset[]; author: string };
  /** Save as draft: the composer's own fields (the page has the text). */
  onSaveDraft?: (fields: { media: MediaAsset[]; author: string }) => void;
  savingDraft?: boolean;
}

/** The create form: Post Content, Post From (LinkedIn), Media, Schedule Date and the post button. */
export function PostComposer({
  platform,
  text,
  onTextChange,
  timeZone,
  authors,
  pagesPending = false,
  accountFailure,
  onSubmitted,
  now = () => new Date(),
  initialDraft,
  onSaveDraft,
  savingDraft,
}: ComposerProps) {
  const copy = PLATFORM_COPY[platform];
  const [media, setMedia] = useState<MediaAsset[]>(initialDraft?.media ?? []);
  const schedule = useScheduleInput();
  const [author, setAuthor] = useState(initialDraft?.author ?? '');
  const { publish, busy, shownFailure } = usePublishPost(platform, accountFailure);
  const id = useId();
  const latestText = useLatest(text);
  const [thread, setThread] = useState<ThreadItemDraft[]>([]);
  const [firstComment, setFirstComment] = useState('');
  const threads = threadPlatforms.includes(platform);
  const comments = firstCommentPlatforms.includes(platform);
  const [documentDraft, setDocumentDraft] = useState<DocumentDraft>({ on: false, title: '' });
  // Offered while the media can make a document; the choice goes out only while it is offered.
  const documentOffered = documentChoiceOffered(platform, media);
  const asDocument = documentOffered && documentDraft.on;

  const facts = media.map((m) => ({ contentType: m.contentType, sizeBytes: m.sizeBytes }));
  const described = platforms[platform];
  const check = described.checkDraft({ text, title: '', subreddit: '', author, media: facts });
  const mediaChecks = useMediaChecks(media, [platform]);
  const problem =
    check.problem ??
    mediaChecks.problemFor(platform) ??
    (asDocument ? documentPostProblem(media, documentDraft.title) : null) ??
    (threads ? threadProblem(thread) : null) ??
    (comments ? firstCommentProblem(platform, firstComment) : null);
  const textOver = check.used > check.max;
  const textNote = described.textNote?.(text) ?? null;

  const submit = async () => {
    if (busy || problem || shownFailure) return;
    if (check.missing) return refuse(check.missing);
    const when = schedule.check(timeZone, now());
    if (!when) return;
    const refused = mediaChecks.probing ? await mediaChecks.settle(platform) : null;
    if (refused) return refuse(refused);
    const postId = await publish({
      text,
      media: media.map((m) => ({ generationId: m.id })),
      ...(described.choosesAuthor ? { author } : {}),
      scheduledAt: when.scheduledAt,
      timeZone: when.timeZone,
      ...(threads && thread.length
        ? {
            thread: thread.map((item) => ({
              text: item.text,
              media: item.media.map((m) => ({ generationId: m.id })),
            })),
          }
        : {}),
      ...(comments && firstComment.trim() ? { firstComment } : {}),
      ...(asDocument ? { document: { title: documentDraft.title.trim() } } : {}),
    });
    if (!postId) return;
    onSubmitted(postId);
    if (when.scheduledAt) toastScheduled(when.scheduledAt, when.timeZone, when.queued);
    // Only what went out is cleared: what was written or attached while it was sending stays.
    onTextChange(clearIfSent(text)(latestText.current));
    setMedia(withoutSent(media));
    // Items are replaced on each edit, so one changed while sending is not the one sent and stays.
    setThread((current) => current.filter((item) => !thread.includes(item)));
    setFirstComment(clearIfSent(firstComment));
    setDocumentDraft((current) =>
      current.title === documentDraft.title ? { on: false, title: '' } : current,
    );
    schedule.reset();
  };

  return (
    <ComposerShell
      title="Create Post"
      platform={platform}
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
      actions={
        onSaveDraft ? (
          <Button
            variant="outline"
            loading={savingDraft}
            onClick={() => onSaveDraft({ media, author })}
            className="w-full sm:w-auto sm:justify-self-start"
          >
            Save as draft
          </Button>
        ) : null
      }
    >
      {described.choosesAuthor ? (
        <div className="grid gap-2">
          <AuthorSelect
            id={`${id}-author`}
            value={author}
            onChange={setAuthor}
            authors={authors}
            describedBy={authors && !pagesPending ? undefined : `${id}-author-hint`}
          />
          {authors && !pagesPending ? null : (
            <p id={`${id}-author-hint`} role="status" className="text-xs text-muted-foreground">
              {authors
                ? 'Asking LinkedIn for the pages you manage. You can post as yourself meanwhile.'
                : 'Asking LinkedIn who you can post as: your profile and the pages you manage. You can write meanwhile.'}
            </p>
          )}
        </div>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-text`}>Post Content</Label>
        <Textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => onTextChange(e.target.value)}
          rows={6}
          placeholder={described.textPlaceholder}
          aria-invalid={textOver || undefined}
          aria-describedby={`${id}-count`}
          className={cn(textOver && 'border-destructive focus-visible:ring-destructive')}
        />
        {textNote ? <p className="text-xs text-muted-foreground">{textNote}</p> : null}
        <LimitCounter id={`${id}-count`} used={check.used} max={check.max} />
      </div>
      <MediaField
        platform={platform}
        media={media}
        onChange={setMedia}
        checks={mediaChecks}
        channels={[platform]}
      />
      {documentOffered ? (
        <DocumentChoice pages={media.length} value={documentDraft} onChange={setDocumentDraft} />
      ) : null}
      {threads ? <ThreadEditor items={thread} onChange={setThread} /> : null}
      {comments ? (
        <FirstCommentField platform={platform} value={firstComment} onChange={setFirstComment} />
      ) : null}
    </ComposerShell>
  );
}
