import {
  formatMegabytes,
  LINKEDIN_LIMITS,
  REDDIT_LIMITS,
  redditMediaProblem,
  xMediaProblem,
} from './social-limits';
import { X_MAX_WEIGHTED_LENGTH, xTextInfo, type XTextInfo } from './x-text';
import { SUBREDDIT_NAME, type PublishPlatform } from './platforms/facts';

// What each composer (the dashboard's and the side panel's) checks before Post: blank text is refused on
// the click (with the platform's words); text over the limit and media the platform refuses disable the
// button, with the reason beside it.

export interface MediaFacts {
  contentType: string;
  sizeBytes: number;
}

export const BLANK_TEXT: Record<PublishPlatform, string> = {
  x: 'Please enter some content for your tweet',
  linkedin: 'Please enter some content for your post',
  reddit: 'Please fill in all required fields',
  youtube: 'Please fill in all required fields',
};

export const CHOOSE_AUTHOR = 'Please select where to post from';

const codePoint = (ch: string) =>
  `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why X would refuse this text (over the limit, or a character twitter-text calls invalid), in plain words, or null. */
export function xTextProblem(info: XTextInfo): string | null {
  if (info.remaining < 0) {
    const over = -info.remaining;
    return `Your post is ${over} character${over === 1 ? '' : 's'} over X's ${X_MAX_WEIGHTED_LENGTH} limit`;
  }
  // An empty text is not valid either: that is the click's "enter some content", not a problem to show.
  if (info.valid || info.weightedLength === 0) return null;
  const hidden = info.invalidCharacters.map(codePoint).join(', ');
  if (!hidden) return 'X would refuse this text: check it for unusual characters';
  const one = info.invalidCharacters.length === 1;
  return `Your post contains ${one ? 'an invisible character' : 'invisible characters'} X refuses (${hidden}), usually carried in with pasted text: delete and retype the words around ${one ? 'it' : 'them'}`;
}

/** X: the weighted count and, when it cannot be posted, why. */
export function checkXPost(
  text: string,
  media: readonly MediaFacts[],
): { info: XTextInfo; problem: string | null } {
  const info = xTextInfo(text);
  return { info, problem: xTextProblem(info) ?? xMediaProblem(media)?.message ?? null };
}

const LINKEDIN_TYPES = 'JPEG, PNG, GIF or MP4';

/**
 * Why LinkedIn would refuse this set of media, with the failure's code, or undefined: the one check the composers
 * and the LinkedIn publisher (functions/src/providers/social/linkedin.ts) run. `sizesKnown`: a size of 0 is a
 * real (empty) file, as the publisher reads it; a composer's 0 is a size not known yet.
 */
export function linkedinMediaRefusal(
  media: readonly MediaFacts[],
  { sizesKnown = false }: { sizesKnown?: boolean } = {},
): { code: 'invalid_content' | 'media_too_large'; message: string } | undefined {
  const kind = (m: MediaFacts) => {
    const type = m.contentType.toLowerCase();
    if ((LINKEDIN_LIMITS.imageTypes as readonly string[]).includes(type)) return 'image';
    if ((LINKEDIN_LIMITS.videoTypes as readonly string[]).includes(type)) return 'video';
    return null;
  };
  const refuse = (message: string) => ({ code: 'invalid_content' as const, message });
  const unknown = media.find((m) => !kind(m));
  if (unknown)
    return refuse(
      `LinkedIn does not accept ${unknown.contentType || 'these'} files: use ${LINKEDIN_TYPES}`,
    );
  const videos = media.filter((m) => kind(m) === 'video');
  if (
    videos.length > LINKEDIN_LIMITS.videosPerPostMax ||
    (videos.length > 0 && videos.length < media.length)
  )
    return refuse('A post on LinkedIn takes one video, or up to 20 images');
  if (media.length > LINKEDIN_LIMITS.imagesPerPostMax)
    return refuse(`A post on LinkedIn takes at most ${LINKEDIN_LIMITS.imagesPerPostMax} images`);
  for (const m of media) {
    if (kind(m) === 'image' && m.sizeBytes > LINKEDIN_LIMITS.imageMaxBytes) {
      return {
        code: 'media_too_large',
        message: `Images on LinkedIn can be at most ${formatMegabytes(LINKEDIN_LIMITS.imageMaxBytes)} (this one is ${formatMegabytes(m.sizeBytes)})`,
      };
    }
    if (kind(m) === 'video' && m.sizeBytes > LINKEDIN_LIMITS.videoMaxBytes) {
      return {
        code: 'media_too_large',
        message: `Videos on LinkedIn can be at most ${formatMegabytes(LINKEDIN_LIMITS.videoMaxBytes)} (this one is ${formatMegabytes(m.sizeBytes)})`,
      };
    }
    if (
      kind(m) === 'video' &&
      (sizesKnown || m.sizeBytes > 0) &&
      m.sizeBytes < LINKEDIN_LIMITS.videoMinBytes
    )
      return refuse('Videos on LinkedIn must be at least 75 KB');
  }
  return undefined;
}

/** Why LinkedIn would refuse this set of media, in plain words, or null. */
export function linkedinMediaProblem(media: readonly MediaFacts[]): string | null {
  return linkedinMediaRefusal(media)?.message ?? null;
}

/**
 * A post's length as LinkedIn counts it against its 3,000-character limit, the one count the dashboard, the side
 * panel and the functions use. LinkedIn reads the Posts API's `commentary` as "little" text and keeps the text
 * it shows, escapes read (learn.microsoft.com/linkedin/marketing/community-management/shares/little-text-format:
 * "commentary text is stored as a text string along with an array of attributes"), and refuses a longer one with
 * "ShareCommentary text length (N characters) exceeded the maximum allowed (3000 characters)". So the backslashes
 * the publisher adds (functions/src/providers/social/linkedin.ts, toLittleText) do not count: the text as written
 * does. It is counted in UTF-16 code units, the length of a string in LinkedIn's (Java) services: an emoji
 * outside the Basic Multilingual Plane counts 2. LinkedIn's docs do not name the unit; of the two readings
 * (code points or UTF-16) this is the stricter, so a post that passes here is never refused for its length.
 * tests/sandbox/providers/linkedin.ts counts the same rule on its own.
 */
export function linkedinTextLength(text: string): number {
  return text.length;
}

/** Why LinkedIn would refuse this text for its length, in plain words, or null. */
export function linkedinTextProblem(text: string): string | null {
  const length = linkedinTextLength(text);
  const max = LINKEDIN_LIMITS.commentaryMaxChars;
  if (length <= max) return null;
  const wide = length !== [...text].length ? '; LinkedIn counts an emoji as 2' : '';
  return `LinkedIn posts can be at most ${max.toLocaleString('en-US')} characters (this one is ${length.toLocaleString('en-US')}${wide})`;
}

/** LinkedIn: characters used (linkedinTextLength) and, when it cannot be posted, why. */
export function checkLinkedinPost(
  text: string,
  media: readonly MediaFacts[],
): { length: number; problem: string | null } {
  return {
    length: linkedinTextLength(text),
    problem: linkedinTextProblem(text) ?? linkedinMediaProblem(media),
  };
}

/** The limits a composer lists before Post. */
export const MEDIA_LIMIT_NOTES: Record<PublishPlatform, string> = {
  x: 'X takes up to 4 images (JPEG, PNG, WebP, 5 MB each), or one GIF (15 MB), or one video (MP4 or MOV, 512 MB).',
  linkedin:
    'LinkedIn takes one video (MP4, 75 KB to 500 MB), or up to 20 images (JPEG, PNG or GIF, 5 MB each).',
  reddit:
    'Reddit takes one image (PNG, JPEG or GIF, 20 MB) as an image post; its content is then not posted. A post whose content is only a link becomes a link post.',
  youtube: 'One video file (MP4, MOV, WebM, AVI, MPEG or MKV), up to 2 GB.',
};

/** Reddit: the title's length and, when it cannot be posted, why. */
export function checkRedditPost(
  title: string,
  text: string,
  media: readonly MediaFacts[],
): { titleLength: number; problem: string | null } {
  const titleLength = [...title.trim()].length;
  if (titleLength > REDDIT_LIMITS.titleMaxChars)
    return {
      titleLength,
      problem: `Reddit titles can be at most ${REDDIT_LIMITS.titleMaxChars} characters (this one is ${titleLength})`,
    };
  const length = [...text].length;
  if (length > REDDIT_LIMITS.bodyMaxChars)
    return {
      titleLength,
      problem: `Reddit posts can be at most ${REDDIT_LIMITS.bodyMaxChars.toLocaleString('en-US')} characters (this one is ${length.toLocaleString('en-US')})`,
    };
  return { titleLength, problem: redditMediaProblem(media)?.message ?? null };
}

/** A subreddit as typed, without a leading r/ (or /r/). */
export function cleanSubreddit(input: string): string {
  return input.trim().replace(/^\/?r\//i, '');
}

export const REDDIT_REQUIRED = 'Please fill in all required fields';

/** REDDIT_REQUIRED with the blank fields named ('Please fill in all required fields: Subreddit, Title'). */
export function redditRequired(fields: readonly string[]): string {
  return `${REDDIT_REQUIRED}: ${fields.join(', ')}`;
}

/** Why a subreddit as typed cannot be posted to (a space, a symbol, too short or long), or null; blank is the click's to refuse. */
export function subredditProblem(input: string): string | null {
  const subreddit = cleanSubreddit(input);
  return subreddit && !SUBREDDIT_NAME.test(subreddit)
    ? 'Please enter a valid subreddit name'
    : null;
}

/**
 * Reddit as a whole draft: a valid subreddit name and checkRedditPost's limits disable Post (`problem`);
 * subreddit and title are required, and content or media (`missing`, the click-time message).
 */
export function checkRedditDraft(post: {
  subreddit: string;
  title: string;
  text: string;
  media: readonly MediaFacts[];
}): { problem: string | null; missing: string | null } {
  const subreddit = cleanSubreddit(post.subreddit);
  const invalid = subredditProblem(post.subreddit);
  if (invalid) return { problem: invalid, missing: null };
  const { problem } = checkRedditPost(post.title, post.text, post.media);
  if (problem) return { problem, missing: null };
  // Named, as Integrations' credential form names its blank fields: the user sees which one to fill.
  const blank = [
    ...(subreddit ? [] : ['Subreddit']),
    ...(post.title.trim() ? [] : ['Title']),
    ...(post.text.trim() || post.media.length > 0 ? [] : ['Content or an image']),
  ];
  return { problem: null, missing: blank.length > 0 ? redditRequired(blank) : null };
}
