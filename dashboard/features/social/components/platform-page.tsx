import { useMemo, useState } from 'react';
import type { PublishPlatform } from '@core/social-posts';
import { PageHeader } from '@/components/ui/page-header';
import { usePlatformProfile } from '@/lib/platform-profile';
import { useRecentPosts } from '../api/social-posts';
import { usePublishOutcomes } from '../hooks/use-publish-outcomes';
import { PLATFORM_COPY } from '../utils/platforms';
import { userTimeZone } from '../utils/schedule';
import { AiPostGenerator } from './ai-post-generator';
import { AnalyzePerformance } from './analyze-performance';
import { PlatformStats, platformStats } from './platform-stats';
import { PostComposer } from './post-composer';
import { RecentPosts } from './recent-posts';

/** X and LinkedIn: title, three stat cards, the AI post generator, the create form and Recent Posts. */
export function PlatformPage({ platform }: { platform: PublishPlatform }) {
  const copy = PLATFORM_COPY[platform];
  const [text, setText] = useState('');
  const timeZone = useMemo(userTimeZone, []);
  const profile = usePlatformProfile(platform);
  const posts = useRecentPosts(platform);
  const postList = posts.status === 'success' ? posts.data : null;
  const watch = usePublishOutcomes(postList, copy);
  const postTexts = useMemo(() => postList?.map((p) => p.text) ?? [], [postList]);
  const data = profile.status === 'success' ? profile.data : null;

  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader title={copy.title} description={data?.name ? `Posting as ${data.name}` : `Write and publish posts to ${copy.name}.`} />
      <PlatformStats stats={platformStats(copy, data)} />
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-6">
          <AiPostGenerator platform={platform} onGenerated={setText} />
          <PostComposer
            platform={platform}
            text={text}
            onTextChange={setText}
            timeZone={timeZone}
            authors={data ? data.authors : profile.status === 'error' ? [] : null}
            accountFailure={profile.status === 'error' ? profile.failure : null}
            onSubmitted={watch}
          />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <RecentPosts posts={posts} timeZone={timeZone} onRetried={watch} />
          {platform === 'linkedin' ? <AnalyzePerformance postTexts={postTexts} /> : null}
        </div>
      </div>
    </div>
  );
}
