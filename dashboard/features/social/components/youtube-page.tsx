import { useState, type ReactNode } from 'react';
import type { PlatformProfile } from '@core/social-posts';
import { PageHeader } from '@/components/ui/page-header';
import type { CallableFailure } from '@/lib/call';
import { useUserCollection } from '@/lib/live';
import { usePlatformProfile } from '@/lib/platform-profile';
import { usePagedRecentPosts } from '../api/social-posts';
import { usePublishOutcomes } from '../hooks/use-publish-outcomes';
import { formatCount, PLATFORM_COPY, type PlatformCopy } from '../utils/platforms';
import { useShownZone, useWorkspaceTimeZone } from '@/lib/scheduling';
import { youtubeAccountState } from '@core/youtube-form';
import { AiPostGenerator } from './ai-post-generator';
import { ChannelHealth, useChannelNeedsReconnect } from './channel-health-alert';
import { engagementStat, PlatformStats } from './platform-stats';
import { useChannelEngagementRate } from '../api/post-results';
import { ChannelResults } from './channel-results';
import { RecentPosts } from './recent-posts';
import { YouTubeAccount } from './youtube-account';
import { YouTubeComposer } from './youtube-composer';

const copy = PLATFORM_COPY.youtube;

/** Subscribers and views from channels.list when the channel reports them; engagement stays a labelled sample. */
export function youtubeStats(
  samples: PlatformCopy['samples'],
  profile: PlatformProfile | null,
  rate: number | null = null,
) {
  const subscribers = profile?.followers ?? null;
  const views = profile?.views ?? null;
  return [
    {
      label: 'Subscribers',
      value: subscribers === null ? samples.followers : formatCount(subscribers),
      sample: subscribers === null,
    },
    {
      label: 'Total Views',
      value: views === null ? '1.2M' : formatCount(views),
      sample: views === null,
    },
    engagementStat(samples.engagement, rate),
  ];
}

/** Why the channel could not be read, beside Connected; null when the composer already points to Integrations. */
export function channelProblem(failure: CallableFailure): string | null {
  if (failure.needsIntegrations) return null;
  // The quota message is written for an upload (it mentions Retry): here only the figures wait for the reset.
  if (failure.code === 'resource-exhausted')
    return 'YouTube is not answering this app for now (its daily API quota is used up or it is limiting requests), so the figures below are samples until it answers again.';
  return `The channel's figures could not be loaded: ${failure.message}`;
}

/**
 * /social/youtube: the account's state (with the Authenticate with YouTube control passed in as
 * `connectAction`), stat cards, the AI generator (it writes the description), the upload form and Recent Posts.
 */
export function YouTubePage({ connectAction }: { connectAction?: ReactNode }) {
  const [description, setDescription] = useState('');
  const timeZone = useWorkspaceTimeZone();
  const shownZone = useShownZone()('youtube');
  const accounts = useUserCollection('socialAccounts', youtubeAccountState);
  const state =
    accounts.state.status === 'success'
      ? accounts.state.data
      : accounts.state.status === 'error'
        ? 'no-credentials'
        : 'loading';
  const profile = usePlatformProfile('youtube', { enabled: state === 'ready' });
  const { posts, showMore } = usePagedRecentPosts('youtube');
  const postList = posts.status === 'success' ? posts.data : null;
  const watch = usePublishOutcomes(postList, copy);
  const channelNeedsReconnect = useChannelNeedsReconnect('youtube');
  const engagement = useChannelEngagementRate('youtube');
  const data = profile.status === 'success' ? profile.data : null;

  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title={copy.title}
        description={data?.name ? `Uploading to ${data.name}` : 'Upload videos to YouTube.'}
      />
      <ChannelHealth platform="youtube" posts={postList} timeZone={shownZone} />
      <YouTubeAccount
        state={state}
        channelName={data?.name ?? null}
        connectAction={connectAction}
        problem={profile.status === 'error' ? channelProblem(profile.failure) : null}
      />
      <PlatformStats stats={youtubeStats(copy.samples, data, engagement)} />
      <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <AiPostGenerator platform="youtube" onGenerated={setDescription} />
          <YouTubeComposer
            description={description}
            onDescriptionChange={setDescription}
            timeZone={timeZone}
            ready={state === 'ready'}
            accountFailure={profile.status === 'error' ? profile.failure : null}
            onSubmitted={watch}
          />
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <RecentPosts
            posts={posts}
            timeZone={shownZone}
            onRetried={watch}
            onShowMore={showMore}
            channelNeedsReconnect={channelNeedsReconnect}
          />
          <ChannelResults platform="youtube" />
        </div>
      </div>
    </div>
  );
}
