import { useMemo, useState, type ReactNode } from 'react';
import type { PlatformProfile } from '@core/social-posts';
import { Card, CardContent } from '@core/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useUserCollection } from '@/lib/live';
import { usePlatformProfile } from '@/lib/platform-profile';
import { useRecentPosts } from '../api/social-posts';
import { usePublishOutcomes } from '../hooks/use-publish-outcomes';
import { formatCount, PLATFORM_COPY, type PlatformCopy } from '../utils/platforms';
import { userTimeZone } from '../utils/schedule';
import { youtubeAccountState } from '../utils/youtube';
import { AiPostGenerator } from './ai-post-generator';
import { PlatformStats } from './platform-stats';
import { RecentPosts } from './recent-posts';
import { YouTubeAccount } from './youtube-account';
import { YouTubeComposer } from './youtube-composer';

const copy = PLATFORM_COPY.youtube;

/** Subscribers and views from channels.list when the channel reports them; engagement stays a labelled sample. */
export function youtubeStats(samples: PlatformCopy['samples'], profile: PlatformProfile | null) {
  const subscribers = profile?.followers ?? null;
  const views = profile?.views ?? null;
  return [
    { label: 'Subscribers', value: subscribers === null ? samples.followers : formatCount(subscribers), sample: subscribers === null },
    { label: 'Total Views', value: views === null ? '1.2M' : formatCount(views), sample: views === null },
    { label: 'Engagement Rate', value: samples.engagement, sample: true },
  ];
}

/**
 * /social/youtube: the account's state (with the Authenticate with YouTube control passed in as
 * `connectAction`), stat cards, the AI generator (it writes the description), the upload form and Recent Posts.
 */
export function YouTubePage({ connectAction }: { connectAction?: ReactNode }) {
  const [description, setDescription] = useState('');
  const timeZone = useMemo(userTimeZone, []);
  const accounts = useUserCollection('socialAccounts', youtubeAccountState);
  const state = accounts.state.status === 'success' ? accounts.state.data : accounts.state.status === 'error' ? 'no-credentials' : 'loading';
  const profile = usePlatformProfile('youtube', { enabled: state === 'ready' });
  const posts = useRecentPosts('youtube');
  const watch = usePublishOutcomes(posts.status === 'success' ? posts.data : null, copy);
  const data = profile.status === 'success' ? profile.data : null;

  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader title={copy.title} description={data?.name ? `Uploading to ${data.name}` : 'Upload videos to YouTube.'} />
      <Card>
        <CardContent className="p-4">
          <YouTubeAccount state={state} channelName={data?.name ?? null} connectAction={connectAction} />
        </CardContent>
      </Card>
      <PlatformStats stats={youtubeStats(copy.samples, data)} />
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-6">
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
        <div className="grid min-w-0 content-start gap-6">
          <RecentPosts posts={posts} timeZone={timeZone} onRetried={watch} />
        </div>
      </div>
    </div>
  );
}
