import type { PublishPlatform } from '@core/social-posts';

// Each publishing platform's words: titles, buttons, and the success and failure texts users know.

export interface PlatformCopy {
  title: string;
  name: string;
  postNow: string;
  published: string;
  failed: string;
  /** When no credentials are saved for the platform. */
  connect: string;
  /** Sample figures shown (labelled) until the platform reports real ones. */
  samples: { followers: string; engagement: string; growth: string };
}

export const PLATFORM_COPY: Record<PublishPlatform, PlatformCopy> = {
  x: {
    title: 'X/Twitter',
    name: 'X',
    postNow: 'Post Now',
    published: 'Your tweet has been posted successfully!',
    failed: 'Failed to post tweet. Please try again.',
    connect: 'Please connect your Twitter account in the Integrations page',
    samples: { followers: '12.5K', engagement: '2.3%', growth: '+5.2%' },
  },
  linkedin: {
    title: 'LinkedIn',
    name: 'LinkedIn',
    postNow: 'Post to LinkedIn',
    published: 'Your post has been published to LinkedIn',
    failed: 'Failed to post to LinkedIn. Please try again.',
    connect: 'Please connect your LinkedIn account in the Integrations page',
    samples: { followers: '8.2K', engagement: '4.1%', growth: '+3.8%' },
  },
  reddit: {
    title: 'Reddit',
    name: 'Reddit',
    postNow: 'Post to Reddit',
    published: 'Your post has been published to Reddit',
    failed: 'Failed to post to Reddit. Please try again.',
    connect: 'Please connect your Reddit account in the Integrations page',
    samples: { followers: '3.4K', engagement: '5.6%', growth: '+2.1%' },
  },
  youtube: {
    title: 'YouTube',
    name: 'YouTube',
    postNow: 'Upload to YouTube',
    published: 'Your video has been uploaded to YouTube',
    failed: 'Failed to upload video to YouTube',
    connect: 'Please connect your YouTube account in the Integrations page',
    samples: { followers: '25.1K', engagement: '6.2%', growth: '-1.2%' },
  },
};

export const SCHEDULE_POST = 'Schedule Post';

/** A follower count as the cards show it: 12,480 -> '12.5K'. */
export function formatCount(n: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(
    n,
  );
}
