import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { youtubeTarget } from '@core/platforms/media-rules';
import { YOUTUBE_LIMITS, type YouTubePrivacyStatus } from '@core/social-limits';
import { Input, Label, Textarea } from '@core/ui/input';
import { NativeSelect } from '@core/ui/select';
import type { CallableFailure } from '@/lib/call';
import type { MediaAsset } from '@/lib/library-media';
import { toast } from '@/lib/toast';
import { PLATFORM_COPY } from '../utils/platforms';
import { formatInZone } from '@core/schedule';
import {
  checkYouTubeForm,
  VISIBILITY_OPTIONS,
  YOUTUBE_TEXT,
  youtubeMissing,
} from '@core/youtube-form';
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

const copy = PLATFORM_COPY.youtube;

export interface YouTubeComposerProps {
  description: string;
  onDescriptionChange: (text: string) => void;
  timeZone: string;
  /** False until the account can upload (the page shows why and how to connect). */
  ready: boolean;
  /** A failure already known (missing credentials), shown with the way to Integrations. */
  accountFailure: CallableFailure | null;
  onSubmitted: (postId: string) => void;
  now?: () => Date;
}

/** The upload form: Video Title, Description, Tags, Video Visibility, Video, an optional publish time, Upload to YouTube. */
export function YouTubeComposer({
  description,
  onDescriptionChange,
  timeZone,
  ready,
  accountFailure,
  onSubmitted,
  now = () => new Date(),
}: YouTubeComposerProps) {
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState('');
  const [visibility, setVisibility] = useState<YouTubePrivacyStatus>('private');
  const [media, setMedia] = useState<MediaAsset[]>([]);
  const publishAt = useScheduleInput();
  const { publish, busy, shownFailure } = usePublishPost('youtube', accountFailure);
  const id = useId();
  const latestDescription = useLatest(description);

  const check = checkYouTubeForm({ title, description, tags, media });
  // A video whose title or description says #Shorts is checked as a Short (square or vertical, 3 minutes).
  const target = youtubeTarget(`${title}\n${description}`);
  const mediaChecks = useMediaChecks(media, [target]);
  const problem = check.problem ?? mediaChecks.problemFor(target);
  const scheduled = publishAt.value !== '';

  const submit = async () => {
    if (busy || problem || shownFailure || !ready) return;
    const missing = youtubeMissing({ title, media });
    if (missing) return refuse(missing);
    const when = publishAt.check(timeZone, now());
    if (!when) return;
    const refused = mediaChecks.probing ? await mediaChecks.settle(target) : null;
    if (refused) return refuse(refused);
    const postId = await publish({
      text: description,
      media: media.map((m) => ({ generationId: m.id })),
      scheduledAt: null,
      timeZone: when.timeZone,
      youtube: {
        title: title.trim(),
        tags: check.tags,
        privacyStatus: when.scheduledAt ? 'private' : visibility,
        publishAt: when.scheduledAt,
      },
    });
    if (!postId) return;
    onSubmitted(postId);
    if (when.queued && when.scheduledAt) toastScheduled(when.scheduledAt, when.timeZone, true);
    else if (when.scheduledAt)
      toast({
        title: 'Upload started',
        description: `YouTube will make the video public on ${formatInZone(new Date(when.scheduledAt), timeZone, { label: true })}.`,
      });
    // Only what went out is cleared: what was written or attached while it was uploading stays.
    setTitle(clearIfSent(title));
    setTags(clearIfSent(tags));
    onDescriptionChange(clearIfSent(description)(latestDescription.current));
    setMedia(withoutSent(media));
    publishAt.reset();
  };

  return (
    <ComposerShell
      title="Upload Video"
      platform="youtube"
      failure={shownFailure}
      onSubmit={() => void submit()}
      schedule={publishAt}
      scheduleLabel="Publish Time"
      timeZone={timeZone}
      submit={{
        label: busy ? YOUTUBE_TEXT.uploading : copy.postNow,
        icon: <Upload aria-hidden="true" />,
        busy,
        disabled: Boolean(problem || shownFailure || !ready),
      }}
      problem={problem}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-video-title`}>Video Title</Label>
        <Input
          id={`${id}-video-title`}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="Enter video title"
          aria-describedby={`${id}-title-count`}
        />
        <LimitCounter
          id={`${id}-title-count`}
          used={check.titleChars}
          max={YOUTUBE_LIMITS.titleMaxChars}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>
          Description <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => onDescriptionChange(e.target.value)}
          rows={6}
          placeholder="Enter video description"
          aria-describedby={`${id}-description-count`}
        />
        <LimitCounter
          id={`${id}-description-count`}
          used={check.descriptionBytes}
          max={YOUTUBE_LIMITS.descriptionMaxBytes}
          unit=" bytes"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-tags`}>Tags</Label>
        <Input
          id={`${id}-tags`}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          placeholder="Enter tags separated by commas"
          aria-describedby={`${id}-tags-hint`}
        />
        <p id={`${id}-tags-hint`} className="text-xs text-muted-foreground">
          {check.tags.length === 0
            ? 'Comma separated, e.g. music, tutorial'
            : `${check.tags.length} tag${check.tags.length === 1 ? '' : 's'}: ${check.tags.join(' · ')} (${check.tagChars}/${YOUTUBE_LIMITS.tagsMaxChars} characters)`}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-visibility`}>Video Visibility</Label>
        <NativeSelect
          id={`${id}-visibility`}
          value={scheduled ? 'private' : visibility}
          disabled={scheduled}
          onChange={(e) => setVisibility(e.target.value as YouTubePrivacyStatus)}
          aria-describedby={`${id}-visibility-hint`}
        >
          {VISIBILITY_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
        <p id={`${id}-visibility-hint`} className="text-xs text-muted-foreground">
          {scheduled
            ? 'Private until the publish time, then YouTube makes it public.'
            : 'Apps Google has not verified can only upload private videos.'}
        </p>
      </div>
      <MediaField
        platform="youtube"
        media={media}
        onChange={setMedia}
        types={['video']}
        single
        legend="Video"
        checks={mediaChecks}
        channels={[target]}
      />
    </ComposerShell>
  );
}
