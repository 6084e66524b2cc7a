import { useEffect, useMemo, useRef, useState } from 'react';
import { draftMediaOf } from '@core/data/draft';
import { Alert } from '@core/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { toMediaAsset } from '@/lib/library-media';
import { platformFacts } from '@core/platforms';
import { usePlatformProfile } from '@/lib/platform-profile';
import { useSocialAccounts } from '@/lib/social-accounts';
import { useChannelEngagementRate } from '../api/post-results';
import { useDraftMediaRecords } from '../api/draft-media';
import { usePagedRecentPosts } from '../api/social-posts';
import { useDraft } from '../hooks/use-draft';
import { usePublishOutcomes } from '../hooks/use-publish-outcomes';
import { PLATFORM_COPY } from '../utils/platforms';
import { useShownZone, useWorkspaceTimeZone } from '@/lib/scheduling';
import { AiPostGenerator } from './ai-post-generator';
import { AnalyzePerformance } from './analyze-performance';
import { ChannelResults } from './channel-results';
import { ChannelHealth, useChannelNeedsReconnect } from './channel-health-alert';
import { DraftsCard } from './drafts-card';
import { PlatformStats, platformStats } from './platform-stats';
import { PostComposer } from './post-composer';
import { RecentPosts } from './recent-posts';

/** X and LinkedIn: title, three stat cards, the AI post generator, the create form and Recent Posts. */
export function PlatformPage({ platform }: { platform: 'x' | 'linkedin' }) {
  const copy = PLATFORM_COPY[platform];
  const [text, setText] = useState('');
  const timeZone = useWorkspaceTimeZone();
  const shownZone = useShownZone()(platform);
  const profile = usePlatformProfile(platform);
  const { posts, showMore } = usePagedRecentPosts(platform);
  const postList = posts.status === 'success' ? posts.data : null;
  const watch = usePublishOutcomes(postList, copy);
  const postTexts = useMemo(() => postList?.map((p) => p.text) ?? [], [postList]);
  const data = profile.status === 'success' ? profile.data : null;
  // Where the composer asks who posts, the member last seen on this account is offered at once; its pages join when the profile answers.
  const accounts = useSocialAccounts();
  const member =
    platformFacts[platform].choosesAuthor && accounts.state.status === 'success'
      ? (accounts.state.data[platform]?.member ?? null)
      : null;
  const knownAuthors = member ? [{ ...member, kind: 'person' as const }] : null;
  const draft = useDraft(platform);
  const channelNeedsReconnect = useChannelNeedsReconnect(platform);
  const engagement = useChannelEngagementRate(platform);
  const opened = draft.draft && draft.draft.platform === platform ? draft.draft : null;
  // The draft keeps library ids only: what the composer shows and checks comes from the library records. An
  // id the library no longer holds is named as missing and left out of the composer, so it is never sent.
  const records = useDraftMediaRecords(opened?.media ?? NO_IDS);
  const media = opened
    ? draftMediaOf(
        opened.media,
        records.status === 'success' ? records.data : records.status === 'error' ? [] : undefined,
      )
    : undefined;
  const openedAssets = media?.flatMap((m) => (m.record ? (toMediaAsset(m.record) ?? []) : []));
  const missing = media ? media.length - (openedAssets?.length ?? 0) : 0;
  // The composer mounts once the draft and its media's records are read.
  const openedId = opened && media ? opened.id : null;
  // The composer's mount: a new one for each opened draft and after Save as draft lets go of one. A
  // posted draft leaving the address keeps it, so what was attached while it was sending stays.
  const [mount, setMount] = useState(0);
  // An opened draft's text replaces the composer's once per draft; later edits stay the user's.
  // Save as draft on an opened draft remounts once the address has let go of it, not before: a remount
  // while the address still names it would start the composer from the saved draft's media again.
  const letGo = useRef(false);
  useEffect(() => {
    if (!opened || !openedId) {
      if (letGo.current) setMount((n) => n + 1);
      letGo.current = false;
      return;
    }
    setText(opened.text);
    setMount((n) => n + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened draft
  }, [openedId]);

  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title={copy.title}
        description={
          data?.name ? `Posting as ${data.name}` : `Write and publish posts to ${copy.name}.`
        }
      />
      <ChannelHealth platform={platform} posts={postList} timeZone={shownZone} />
      <PlatformStats stats={platformStats(copy, data, engagement)} />
      <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <AiPostGenerator platform={platform} onGenerated={setText} />
          {openedId && missing > 0 ? (
            <Alert>
              {missing === 1
                ? 'A file attached to this draft is no longer in your library, so it is left out of this post.'
                : `${missing} files attached to this draft are no longer in your library, so they are left out of this post.`}
            </Alert>
          ) : null}
          <PostComposer
            key={mount}
            initialDraft={
              opened && openedAssets ? { media: openedAssets, author: opened.author } : undefined
            }
            onSaveDraft={(fields) =>
              void draft
                .save({
                  text,
                  media: fields.media.map((m) => m.id),
                  author: fields.author,
                })
                .then((saved) => {
                  if (!saved) return;
                  setText('');
                  if (openedId) letGo.current = true;
                  else setMount((n) => n + 1);
                })
            }
            savingDraft={draft.saving}
            platform={platform}
            text={text}
            onTextChange={setText}
            timeZone={timeZone}
            authors={data ? data.authors : profile.status === 'error' ? [] : knownAuthors}
            pagesPending={!data && profile.status === 'loading' && knownAuthors !== null}
            accountFailure={profile.status === 'error' ? profile.failure : null}
            onSubmitted={(postId) => {
              watch(postId);
              void draft.finish();
            }}
          />
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <DraftsCard platform={platform} openId={draft.id} />
          <RecentPosts
            posts={posts}
            timeZone={shownZone}
            onRetried={watch}
            onShowMore={showMore}
            channelNeedsReconnect={channelNeedsReconnect}
          />
          <ChannelResults platform={platform} />
          {platformFacts[platform].postAnalysis ? (
            <AnalyzePerformance postTexts={postTexts} />
          ) : null}
        </div>
      </div>
    </div>
  );
}

const NO_IDS: readonly string[] = [];
