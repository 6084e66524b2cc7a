import {
  BLANK_TEXT,
  checkLinkedinPost,
  checkRedditDraft,
  checkXPost,
  CHOOSE_AUTHOR,
  MEDIA_LIMIT_NOTES,
  type MediaFacts,
} from '../post-checks';
import { LINKEDIN_LIMITS, REDDIT_LIMITS } from '../social-limits';
import { X_MAX_WEIGHTED_LENGTH, xTextInfo } from '../x-text';
import { platformFacts, publishPlatforms, type PlatformFacts, type PublishPlatform } from './facts';

// The platform registry: one description per publishing platform, read by the dashboard, the side panel and
// the functions alike. The rules themselves live in ../post-checks.ts and ../social-limits.ts; callers reach
// them through here instead of branching on the platform. The functions' half of a platform (publisher,
// profile, OAuth) is its adapter in functions/src/social/platforms/.

export interface DraftInput {
  text: string;
  title: string;
  subreddit: string;
  author: string;
  media: readonly MediaFacts[];
}

export interface DraftCheck {
  /** The counter under the text: weighted for X, characters for LinkedIn and Reddit. */
  used: number;
  max: number;
  /** Why Post is disabled now (over a limit, media refused), or null. */
  problem: string | null;
  /** What a click on Post says when a required field is empty, or null. */
  missing: string | null;
}

export interface PlatformDescription extends PlatformFacts {
  /** What a click on Post says when the text is blank. */
  blankText: string;
  /** The limits a composer lists under its media. */
  mediaLimitNote: string;
  /** A composer's checks of a text post; YouTube's video form checks with youtubeVideoProblem instead. */
  checkDraft?: (draft: DraftInput) => DraftCheck;
  /** A hint under the text while it is being written, or null. */
  textNote?: (text: string) => string | null;
}

const descriptions = {
  x: {
    ...platformFacts.x,
    checkDraft: (draft) => {
      const { info, problem } = checkXPost(draft.text, draft.media);
      return {
        used: info.weightedLength,
        max: X_MAX_WEIGHTED_LENGTH,
        problem,
        missing: draft.text.trim() ? null : BLANK_TEXT.x,
      };
    },
    textNote: (text) =>
      xTextInfo(text).urls.length > 0
        ? "Each link counts as 23 characters, and X's API charges more for a post with a link than for one without."
        : null,
  },
  linkedin: {
    ...platformFacts.linkedin,
    checkDraft: (draft) => {
      const { length, problem } = checkLinkedinPost(draft.text, draft.media);
      return {
        used: length,
        max: LINKEDIN_LIMITS.commentaryMaxChars,
        problem,
        missing: !draft.text.trim() ? BLANK_TEXT.linkedin : !draft.author ? CHOOSE_AUTHOR : null,
      };
    },
  },
  reddit: {
    ...platformFacts.reddit,
    checkDraft: (draft) => {
      const { problem, missing } = checkRedditDraft(draft);
      return { used: [...draft.text].length, max: REDDIT_LIMITS.bodyMaxChars, problem, missing };
    },
  },
  youtube: { ...platformFacts.youtube },
} satisfies {
  [P in PublishPlatform]: Omit<PlatformDescription, 'blankText' | 'mediaLimitNote'> & { id: P };
};

/** Every publishing platform's description, by id. */
type Described = { [P in PublishPlatform]: (typeof descriptions)[P] & PlatformDescription };
export const platforms: Described = Object.fromEntries(
  publishPlatforms.map((p) => [
    p,
    { ...descriptions[p], blankText: BLANK_TEXT[p], mediaLimitNote: MEDIA_LIMIT_NOTES[p] },
  ]),
) as Described;

/** The platforms whose text posts a composer checks with checkDraft (all but YouTube). */
export type TextPlatform = {
  [P in PublishPlatform]: (typeof descriptions)[P] extends { checkDraft: unknown } ? P : never;
}[PublishPlatform];

/** One draft's checks for any text platform, the same ones the dashboard's composers run. */
export function checkDraft(draft: DraftInput & { platform: TextPlatform }): DraftCheck {
  return descriptions[draft.platform].checkDraft(draft);
}
