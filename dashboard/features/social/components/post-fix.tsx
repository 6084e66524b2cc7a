import { AlertTriangle, KeyRound, Pencil, Tag } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { draftPlatforms, type DraftFields, type DraftPlatform } from '@core/data/draft';
import { newDraftId, writeDraft } from '@core/firebase/drafts';
import { paths } from '@core/routes';
import type { FailureFix } from '@core/platform-errors';
import { platformLabels } from '@core/platforms';
import type { PublishPlatform, SocialPost } from '@core/social-posts';
import { Button } from '@core/ui/button';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import { toast } from '@/lib/toast';
/** The composer's ?draft= parameter (hooks/use-draft.ts DRAFT_PARAM). */
const DRAFT_PARAM = 'draft';
import { SOCIAL_INTEGRATIONS } from './connect-alert';

// The fix a failed post names (core/platform-errors.ts), as a button beside Retry. Reconnect goes where the
// platform connects (Integrations for X and LinkedIn, the page's Connect for Reddit and YouTube); Edit,
// Shorten and Choose a flair open the post again in its composer, as a draft with its text, media and
// fields (YouTube has no drafts: its upload form is brought into view).

const PAGE: Record<PublishPlatform, string> = {
  x: paths.socialX,
  linkedin: paths.socialLinkedin,
  reddit: paths.socialReddit,
  youtube: paths.socialYoutube,
};
export const RECONNECT_TARGET: Record<PublishPlatform, string> = {
  x: SOCIAL_INTEGRATIONS,
  linkedin: SOCIAL_INTEGRATIONS,
  reddit: `${paths.socialReddit}#connect`,
  youtube: `${paths.socialYoutube}#connect`,
};

const isDraftPlatform = (p: PublishPlatform): p is DraftPlatform =>
  (draftPlatforms as readonly string[]).includes(p);

/** The post's fields as a draft, so its composer opens with them; a flair to choose again is left empty. */
export function draftOfPost(
  post: SocialPost,
  platform: DraftPlatform,
  fix: FailureFix,
): DraftFields {
  return {
    platform,
    text: post.text,
    title: post.reddit?.title ?? '',
    subreddit: post.reddit?.subreddit ?? '',
    flair: fix.action === 'choose-flair' ? '' : (post.reddit?.flairText ?? ''),
    author: post.author?.urn ?? '',
    media: post.media.map((m) => m.generationId),
    sourceUrl: '',
  };
}

const ICONS = { reconnect: KeyRound, edit: Pencil, shorten: Pencil, 'choose-flair': Tag } as const;

/** The fix's button; null for Retry (the post's own Retry button) and Wait (words only). */
export function PostFixButton({ post, fix }: { post: SocialPost; fix: FailureFix }) {
  const navigate = useNavigate();
  const uid = useAuth().user?.uid;
  const [opening, setOpening] = useState(false);
  if (fix.action === 'retry' || fix.action === 'wait') return null;
  const Icon = ICONS[fix.action];

  const onClick = async () => {
    if (fix.action === 'reconnect') {
      navigate(RECONNECT_TARGET[post.platform]);
      return;
    }
    const platform = post.platform;
    if (!isDraftPlatform(platform)) {
      // The upload form on the same page: its title field, where YouTube's refusals of the details point.
      navigate(PAGE[platform]);
      document.querySelector<HTMLInputElement>('input[aria-describedby$="-title-count"]')?.focus();
      return;
    }
    if (!uid || opening) return;
    setOpening(true);
    try {
      const db = getFirebase().db;
      const id = await writeDraft(db, uid, newDraftId(), draftOfPost(post, platform, fix), false);
      navigate(`${PAGE[platform]}?${DRAFT_PARAM}=${encodeURIComponent(id)}`);
    } catch (error) {
      console.error(error);
      toast({
        title: 'Error',
        description: 'The post could not be opened for editing. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setOpening(false);
    }
  };

  return (
    <Button variant="outline" size="sm" onClick={() => void onClick()} loading={opening}>
      {opening ? null : <Icon aria-hidden="true" />}
      {fix.label}
    </Button>
  );
}

/** On a scheduled post's row while its channel's access is dead (channel-health-alert.tsx): it will fail, with Reconnect. */
export function ChannelWarning({ post }: { post: SocialPost }) {
  const name = platformLabels[post.platform];
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      <span className="flex min-w-0 flex-1 items-start gap-1.5">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="break-words">
          This post will fail unless you reconnect {name} before it is due.
        </span>
      </span>
      <PostFixButton post={post} fix={{ action: 'reconnect', label: `Reconnect ${name}` }} />
    </div>
  );
}
