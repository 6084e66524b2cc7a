import { Info } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { usePlatformProfile } from '@/lib/platform-profile';
import { useOAuthAccount } from '../api/social-connections';
import { useChannelEngagementRate } from '../api/post-results';
import { usePagedRecentPosts } from '../api/social-posts';
import { AiPostGenerator } from '../components/ai-post-generator';
import { AnalyzePerformance } from '../components/analyze-performance';
import { ChannelHealth, useChannelNeedsReconnect } from '../components/channel-health-alert';
import { OAuthConnect } from '../components/oauth-connect';
import { PlatformStats, platformStats } from '../components/platform-stats';
import { ChannelResults } from '../components/channel-results';
import { RecentPosts } from '../components/recent-posts';
import { RedditComposer } from '../components/reddit-composer';
import { usePublishOutcomes } from '../hooks/use-publish-outcomes';
import { PLATFORM_COPY } from '../utils/platforms';
import { useShownZone, useWorkspaceTimeZone } from '@/lib/scheduling';

const copy = PLATFORM_COPY.reddit;

export const REDDIT_APPROVAL_NOTE =
  "New Reddit API apps need Reddit's approval before they can connect (Reddit's Responsible Builder Policy). Until it is granted, Connect ends at Reddit with an error.";

/** Reddit: the account's connection, stat cards, the AI post generator, the create form and Recent Posts. */
export function RedditRoute() {
  const [text, setText] = useState('');
  const timeZone = useWorkspaceTimeZone();
  const shownZone = useShownZone()('reddit');
  const account = useOAuthAccount('reddit');
  const connected = account === 'connected';
  const profile = usePlatformProfile('reddit', { enabled: connected });
  const { posts, showMore } = usePagedRecentPosts('reddit');
  const channelNeedsReconnect = useChannelNeedsReconnect('reddit');
  const engagement = useChannelEngagementRate('reddit');
  const postList = posts.status === 'success' ? posts.data : null;
  const watch = usePublishOutcomes(postList, copy);
  const postTexts = useMemo(
    () => postList?.map((p) => [p.reddit?.title, p.text].filter(Boolean).join('\n')) ?? [],
    [postList],
  );
  const data = connected && profile.status === 'success' ? profile.data : null;

  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title={copy.title}
        description={
          data?.name ? `Posting as ${data.name}` : `Write and publish posts to ${copy.name}.`
        }
      />
      {/* A refused connection is one alert: what it puts at stake, with the Reconnect button itself. */}
      <div id="connect" className="grid gap-3 empty:hidden">
        <ChannelHealth
          platform="reddit"
          posts={postList}
          timeZone={shownZone}
          action={<OAuthConnect platform="reddit" actionOnly />}
        />
        {account === 'needs-reconnect' && channelNeedsReconnect ? null : (
          <OAuthConnect platform="reddit" />
        )}
      </div>
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        {REDDIT_APPROVAL_NOTE}
      </p>
      <PlatformStats stats={platformStats(copy, data, engagement)} />
      <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <AiPostGenerator platform="reddit" onGenerated={setText} />
          {account === 'loading' ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading...
            </p>
          ) : (
            <RedditComposer
              text={text}
              onTextChange={setText}
              timeZone={timeZone}
              connected={connected}
              accountFailure={connected && profile.status === 'error' ? profile.failure : null}
              onSubmitted={watch}
            />
          )}
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <RecentPosts
            posts={posts}
            timeZone={shownZone}
            onRetried={watch}
            onShowMore={showMore}
            channelNeedsReconnect={channelNeedsReconnect}
          />
          <ChannelResults platform="reddit" />
          <AnalyzePerformance platform="reddit" postTexts={postTexts} />
        </div>
      </div>
    </div>
  );
}
