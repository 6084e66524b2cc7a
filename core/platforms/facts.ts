// The publishing platforms' ids, names and fixed facts: a leaf module (no imports), so that every other
// core module, the schemas included, can read them. The registry (./registry.ts) adds each platform's
// checks; docs/architecture.md ("Platforms") lists the files a new platform needs.

export const publishPlatforms = ['x', 'linkedin', 'reddit', 'youtube'] as const;
export type PublishPlatform = (typeof publishPlatforms)[number];

/** A subreddit's name as Reddit allows it: the one rule the schemas, the checks and the flair look-up use. */
export const SUBREDDIT_NAME = /^[A-Za-z0-9][A-Za-z0-9_]{1,20}$/;

export interface PlatformFacts {
  id: PublishPlatform;
  /** The platform as it names itself, in what a post's state says (X, not the older Twitter). */
  label: string;
  /** The name on the saved credentials and in connection messages (X is still Twitter there). */
  accountLabel: string;
  /** After its app keys are saved the account connects through OAuth (a Connect button); the others post with saved tokens. */
  oauth: boolean;
  /** The composer asks who posts (the member or a page the profile lists). */
  choosesAuthor: boolean;
  /** The post carries a subreddit, a title and a flair. */
  subreddit: boolean;
  /** The post is a video upload with its own title and details (progress is shown as a percentage). */
  videoUpload: boolean;
  /** The placeholder of the post's text in the composers. */
  textPlaceholder: string;
  /** A post may carry further posts published as replies to it (a thread). */
  threads: boolean;
  /** A first comment can be published right after the post (X: a reply; LinkedIn, Reddit, YouTube: a comment). */
  firstComment: boolean;
  /** What the platform calls the count of people who saw a post, in the results. */
  viewsLabel: string;
  /** Something to know before connecting the account, said under its Connect button ('' when nothing). */
  connectNote: string;
  /** The first comment is a post of its own (X: a reply), weighed and limited as a post; elsewhere a comment. */
  commentIsPost: boolean;
  /** A planned post is uploaded at once and the platform holds it until its publish time (YouTube's publishAt). */
  publishAtOnUpload: boolean;
  /** The channel's page offers the AI analysis of its posts' texts (LinkedIn's audience reads long-form). */
  postAnalysis: boolean;
}

export const platformFacts = {
  x: {
    id: 'x',
    label: 'X',
    accountLabel: 'Twitter',
    oauth: false,
    choosesAuthor: false,
    subreddit: false,
    videoUpload: false,
    textPlaceholder: "What's happening?",
    threads: true,
    firstComment: true,
    viewsLabel: 'Impressions',
    connectNote: '',
    commentIsPost: true,
    publishAtOnUpload: false,
    postAnalysis: false,
  },
  linkedin: {
    id: 'linkedin',
    label: 'LinkedIn',
    accountLabel: 'LinkedIn',
    oauth: false,
    choosesAuthor: true,
    subreddit: false,
    videoUpload: false,
    textPlaceholder: 'What do you want to talk about?',
    threads: false,
    firstComment: true,
    viewsLabel: 'Impressions',
    connectNote: '',
    commentIsPost: false,
    publishAtOnUpload: false,
    postAnalysis: true,
  },
  reddit: {
    id: 'reddit',
    label: 'Reddit',
    accountLabel: 'Reddit',
    oauth: true,
    choosesAuthor: false,
    subreddit: true,
    videoUpload: false,
    textPlaceholder: 'What do you want to talk about?',
    threads: false,
    firstComment: true,
    viewsLabel: 'Impressions',
    connectNote: "New Reddit API apps need Reddit's approval before they can connect.",
    commentIsPost: false,
    publishAtOnUpload: false,
    postAnalysis: false,
  },
  youtube: {
    id: 'youtube',
    label: 'YouTube',
    accountLabel: 'YouTube',
    oauth: true,
    choosesAuthor: false,
    subreddit: false,
    videoUpload: true,
    textPlaceholder: 'What do you want to talk about?',
    threads: false,
    firstComment: true,
    viewsLabel: 'Views',
    connectNote: '',
    commentIsPost: false,
    publishAtOnUpload: true,
    postAnalysis: false,
  },
} as const satisfies { [P in PublishPlatform]: PlatformFacts & { id: P } };

/** Each platform's own name (X, LinkedIn, Reddit, YouTube). */
export const platformLabels = Object.fromEntries(
  publishPlatforms.map((p) => [p, platformFacts[p].label]),
) as { [P in PublishPlatform]: (typeof platformFacts)[P]['label'] };
/** Each platform's name on its saved credentials (Twitter, LinkedIn, Reddit, YouTube). */
export const platformAccountLabels = Object.fromEntries(
  publishPlatforms.map((p) => [p, platformFacts[p].accountLabel]),
) as {
  [P in PublishPlatform]: (typeof platformFacts)[P]['accountLabel'];
};
