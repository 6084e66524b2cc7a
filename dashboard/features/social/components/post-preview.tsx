import { Globe, ImageIcon, Link2, Play } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { platformLabels, type PublishPlatform } from '@core/platforms';
import { initialsOf, PREVIEW_RULES, previewText, previewTitle } from '@core/post-preview';
import { xTextInfo } from '@core/x-text';
import { cn } from '@core/ui/cn';
import type { MediaAsset } from '@/lib/library-media';

// Each chosen channel's post as its platform's feed shows it: the text cut where the feed puts its "more" link,
// the title (Reddit, YouTube), the first media cropped to the feed's box and the first link. The rules are
// core/post-preview.ts's; these cards only draw them, in the app's tokens (light and dark).

export interface PreviewPost {
  text: string;
  media: readonly Pick<MediaAsset, 'id' | 'type' | 'url' | 'thumbnailUrl' | 'title'>[];
  /** Who posts, as the platform shows it (LinkedIn's chosen author; a stand-in where the composer does not know it). */
  author: string;
  /** Reddit's post title or YouTube's video title. */
  title?: string;
  subreddit?: string;
  flair?: string;
}

function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary',
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}

/** The text with its links coloured as the platform colours them. */
function WithLinks({ text }: { text: string }) {
  const urls = xTextInfo(text).urls;
  if (urls.length === 0) return <>{text}</>;
  const out: ReactNode[] = [];
  let rest = text;
  urls.forEach((url, i) => {
    const at = rest.indexOf(url);
    if (at < 0) return;
    out.push(
      <Fragment key={`t${i}`}>{rest.slice(0, at)}</Fragment>,
      <span key={`u${i}`} className="text-primary">
        {url}
      </span>,
    );
    rest = rest.slice(at + url.length);
  });
  out.push(<Fragment key="rest">{rest}</Fragment>);
  return <>{out}</>;
}

/** The post's text as cut by the platform's feed, with its "more" link (Reddit fades it instead). */
function PreviewText({
  channel,
  text,
  className,
}: {
  channel: PublishPlatform;
  text: string;
  className?: string;
}) {
  const { shown, cut } = previewText(channel, text);
  if (!shown) return null;
  const more = PREVIEW_RULES[channel].more;
  return (
    <p
      data-testid="preview-text"
      className={cn('text-sm leading-normal wrap-anywhere whitespace-pre-wrap', className)}
    >
      <WithLinks text={shown} />
      {cut ? (
        more ? (
          <span className="font-medium text-muted-foreground"> {more}</span>
        ) : (
          <span className="text-muted-foreground">…</span>
        )
      ) : null}
    </p>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(/^[a-z]+:\/\//i.test(url) ? url : `https://${url}`).hostname.replace(
      /^www\./,
      '',
    );
  } catch {
    return url;
  }
}

/** The first link, as the card the platform unfurls when the post carries no media. */
function LinkCard({ text, media }: { text: string; media: PreviewPost['media'] }) {
  const url = xTextInfo(text).urls[0];
  if (!url || media.length > 0) return null;
  return (
    <div
      data-testid="preview-link"
      className="flex min-w-0 items-center gap-3 overflow-hidden rounded-lg border bg-muted/40 p-3 text-sm"
    >
      <Link2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="grid min-w-0">
        <span className="truncate font-medium">{hostOf(url)}</span>
        <span className="truncate text-xs text-muted-foreground">{url}</span>
      </span>
    </div>
  );
}

/** The first media in the feed's box, cropped to it (object-fit: cover), with how many more the post carries. */
function MediaBox({
  channel,
  media,
  empty,
}: {
  channel: PublishPlatform;
  media: PreviewPost['media'];
  empty?: string;
}) {
  const [w, h] = PREVIEW_RULES[channel].mediaAspect;
  const first = media[0];
  if (!first && !empty) return null;
  const picture = first
    ? first.type === 'video'
      ? (first.thumbnailUrl ?? null)
      : first.url
    : null;
  return (
    <div
      data-testid="preview-media"
      className="relative overflow-hidden rounded-lg border bg-muted"
      style={{ aspectRatio: `${w} / ${h}` }}
    >
      {first && picture ? (
        <img src={picture} alt={first.title} className="size-full object-cover" />
      ) : null}
      {first && !picture ? (
        <video
          src={first.url}
          muted
          preload="metadata"
          aria-label={first.title}
          className="size-full object-cover"
        />
      ) : null}
      {!first ? (
        <span className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <ImageIcon className="size-4" aria-hidden="true" />
          {empty}
        </span>
      ) : null}
      {first?.type === 'video' ? (
        <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
          <span className="flex size-10 items-center justify-center rounded-full bg-black/60 text-white">
            <Play className="size-5" />
          </span>
        </span>
      ) : null}
      {media.length > 1 ? (
        <span className="absolute right-2 bottom-2 rounded-full bg-black/70 px-2 py-0.5 text-xs text-white">
          +{media.length - 1}
        </span>
      ) : null}
    </div>
  );
}

const EMPTY = <p className="text-sm text-muted-foreground italic">The post's text shows here.</p>;

/** One channel's post as its feed shows it. */
export function PostPreview({ channel, post }: { channel: PublishPlatform; post: PreviewPost }) {
  const label = `Preview on ${platformLabels[channel]}`;
  const blank = !post.text.trim();
  if (channel === 'x') {
    return (
      <article
        aria-label={label}
        className="flex min-w-0 gap-3 rounded-xl border bg-card p-4 text-card-foreground"
      >
        <Avatar name={post.author} />
        <div className="grid min-w-0 flex-1 gap-2">
          <p className="truncate text-sm">
            <span className="font-semibold">{post.author}</span>{' '}
            <span className="text-muted-foreground">· now</span>
          </p>
          {blank ? EMPTY : <PreviewText channel="x" text={post.text} />}
          <MediaBox channel="x" media={post.media} />
          <LinkCard text={post.text} media={post.media} />
        </div>
      </article>
    );
  }
  if (channel === 'linkedin') {
    return (
      <article
        aria-label={label}
        className="grid min-w-0 gap-3 rounded-xl border bg-card py-4 text-card-foreground"
      >
        <div className="flex min-w-0 items-center gap-3 px-4">
          <Avatar name={post.author} className="size-12" />
          <div className="grid min-w-0">
            <span className="truncate text-sm font-semibold">{post.author}</span>
            <span className="flex items-center gap-1 text-xs text-muted-foreground">
              now · <Globe className="size-3" aria-label="Anyone" />
            </span>
          </div>
        </div>
        <div className="px-4">
          {blank ? EMPTY : <PreviewText channel="linkedin" text={post.text} />}
        </div>
        <MediaBox channel="linkedin" media={post.media} />
        <div className="px-4 empty:hidden">
          <LinkCard text={post.text} media={post.media} />
        </div>
      </article>
    );
  }
  if (channel === 'reddit') {
    const title = previewTitle('reddit', post.title ?? '');
    const subreddit = post.subreddit ? `r/${post.subreddit}` : 'r/subreddit';
    return (
      <article
        aria-label={label}
        className="grid min-w-0 gap-2 rounded-xl border bg-card p-4 text-card-foreground"
      >
        <p className="flex min-w-0 items-center gap-2 text-xs">
          <Avatar name={subreddit} className="size-6 text-[10px]" />
          <span className="max-w-[65%] shrink-0 truncate font-semibold">{subreddit}</span>
          <span className="min-w-0 truncate text-muted-foreground">· {post.author}</span>
          <span className="shrink-0 text-muted-foreground">· now</span>
        </p>
        {title.shown ? (
          <h4
            data-testid="preview-title"
            className="text-base leading-snug font-semibold wrap-anywhere"
          >
            {title.shown}
          </h4>
        ) : (
          <p className="text-sm text-muted-foreground italic">The post's title shows here.</p>
        )}
        {post.flair ? (
          <span className="justify-self-start rounded-full bg-muted px-2 py-0.5 text-xs font-medium">
            {post.flair}
          </span>
        ) : null}
        {post.media.length > 0 ? (
          <MediaBox channel="reddit" media={post.media.slice(0, 1)} />
        ) : (
          <PreviewText channel="reddit" text={post.text} className="text-muted-foreground" />
        )}
        <LinkCard text={post.text} media={post.media} />
      </article>
    );
  }
  const title = previewTitle('youtube', post.title ?? '');
  return (
    <article
      aria-label={label}
      className="grid min-w-0 gap-3 rounded-xl border bg-card p-3 text-card-foreground"
    >
      <MediaBox channel="youtube" media={post.media.slice(0, 1)} empty="The video shows here" />
      <div className="flex min-w-0 gap-3">
        <Avatar name={post.author} className="size-9" />
        <div className="grid min-w-0 gap-0.5">
          {title.shown ? (
            <h4
              data-testid="preview-title"
              className="text-sm leading-snug font-semibold wrap-anywhere"
            >
              {title.shown}
            </h4>
          ) : (
            <p className="text-sm text-muted-foreground italic">The video's title shows here.</p>
          )}
          <span className="truncate text-xs text-muted-foreground">{post.author}</span>
        </div>
      </div>
      {blank ? null : (
        <div className="rounded-lg bg-muted p-3">
          <PreviewText channel="youtube" text={post.text} />
        </div>
      )}
    </article>
  );
}

/** The previews beside the composer: one channel at a time, chosen by its button. */
export function ComposePreviews({
  channels,
  current,
  onSelect,
  postOf,
}: {
  channels: readonly PublishPlatform[];
  current: PublishPlatform;
  onSelect: (channel: PublishPlatform) => void;
  postOf: (channel: PublishPlatform) => PreviewPost;
}) {
  return (
    <div className="grid min-w-0 gap-3">
      <div role="group" aria-label="Preview channel" className="flex flex-wrap gap-1">
        {channels.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={c === current}
            onClick={() => onSelect(c)}
            className={cn(
              'rounded-full border px-3 py-1 text-xs font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              c === current
                ? 'border-primary bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {platformLabels[c]}
          </button>
        ))}
      </div>
      <PostPreview channel={current} post={postOf(current)} />
      <p className="text-xs text-muted-foreground">
        Cut where {platformLabels[current]}'s feed{' '}
        {PREVIEW_RULES[current].more ? 'shows its "more" link' : 'fades the text'}; the media is
        cropped to the feed's box.
      </p>
    </div>
  );
}
