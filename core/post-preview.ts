import type { PublishPlatform } from './platforms/facts';
import { xLeadingWithin } from './x-text';

// How each platform shows a post in its feed, for the composer's previews (dashboard/features/social/components/
// post-preview.tsx): where the text is cut behind its "more" link, how wide a line is, and the box its media is
// cropped to. Pure rules and the cut itself; the cards only draw what these return.
//
// Where a number comes from: the platforms document their limits (what they accept), not their feed's layout.
// Each rule says whether its figure is documented or an observed UI convention (what the feed shows on a desktop
// browser at the time of writing); an observed figure moves when the platform redraws its feed.

export interface PreviewRule {
  /** Lines of text the feed shows before the cut; null when it cuts by characters only. */
  lines: number | null;
  /** Characters in one line at the feed's text width, for the line count (words wrap whole, as the feed wraps them). */
  lineChars: number;
  /** X's weighted characters shown before the cut (core/x-text.ts); null when the cut is by lines. */
  weightedChars: number | null;
  /** The words of the link after the cut; null when the feed only fades the text (the card opens the post). */
  more: string | null;
  /** The title: lines shown and characters a line, or null when the feed shows no title (X, LinkedIn). */
  title: { lines: number; lineChars: number } | null;
  /** The media box in the feed, width and height: a file of another shape is cropped to it (object-fit: cover). */
  mediaAspect: readonly [number, number];
}

export const PREVIEW_RULES: Record<PublishPlatform, PreviewRule> = {
  // X: a post holds 280 weighted characters (documented: docs.x.com/fundamentals/counting-characters); a longer
  // post (an X Premium long post) shows its first 280 and "Show more" (observed on x.com's timeline). A single
  // landscape image or video sits in a 16:9 box (observed).
  x: {
    lines: null,
    lineChars: 60,
    weightedChars: 280,
    more: 'Show more',
    title: null,
    mediaAspect: [16, 9],
  },
  // LinkedIn: organic posts show three lines, then "…more"; two when the third is blank (observed on the desktop
  // feed; LinkedIn does not document it). The feed's text column is 552 px of 14 px text, about 70 characters
  // (observed). Landscape images show at 1.91:1 (documented as the horizontal image size of LinkedIn's single
  // image posts and ads: 1200 × 628).
  linkedin: {
    lines: 3,
    lineChars: 70,
    weightedChars: null,
    more: '…more',
    title: null,
    mediaAspect: [1.91, 1],
  },
  // Reddit: the title is shown whole (at most 300 characters, documented by the API's submit); a text post's body
  // shows about three lines in the feed, faded, and the card opens the post (observed on the new Reddit feed);
  // media sits in a 4:3 box (observed).
  reddit: {
    lines: 3,
    lineChars: 80,
    weightedChars: null,
    more: null,
    title: { lines: 4, lineChars: 60 },
    mediaAspect: [4, 3],
  },
  // YouTube: the player is 16:9 (documented: YouTube Help, "Video resolution & aspect ratios"); the title shows
  // two lines in the home feed's tile and the description three lines under the player, then "...more"
  // (observed on youtube.com; the page's description preview carries a maxLines of its own).
  youtube: {
    lines: 3,
    lineChars: 100,
    weightedChars: null,
    more: '...more',
    title: { lines: 2, lineChars: 50 },
    mediaAspect: [16, 9],
  },
};

export interface PreviewCut {
  /** The text the feed shows before its "more" link (trailing spaces and blank lines dropped). */
  shown: string;
  /** True when the feed hides part of the text. */
  cut: boolean;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const width = (s: string) => Array.from(segmenter.segment(s)).length;

/**
 * Where each line ends (an offset into the text, exclusive) when the text wraps at `lineChars` characters: a hard
 * line break always ends a line, a blank line is a line, words move whole to the next line, and a word longer than
 * a line is broken where the line is full.
 */
export function wrapLineEnds(text: string, lineChars: number): number[] {
  const ends: number[] = [];
  let start = 0;
  for (const hard of text.split('\n')) {
    let used = 0;
    for (const match of hard.matchAll(/\S+\s*/g)) {
      const token = match[0];
      const at = start + match.index;
      const word = token.trimEnd();
      if (used > 0 && used + width(word) > lineChars) {
        ends.push(at);
        used = 0;
      }
      if (width(word) > lineChars) {
        // A word wider than a line fills lines of its own.
        const graphemes = Array.from(segmenter.segment(word), (s) => s.segment);
        let offset = at;
        for (let i = 0; i + lineChars < graphemes.length; i += lineChars) {
          offset += graphemes.slice(i, i + lineChars).join('').length;
          ends.push(offset);
        }
        used = graphemes.length % lineChars || lineChars;
        used += width(token) - width(word);
        continue;
      }
      used += width(token);
    }
    ends.push(start + hard.length);
    start += hard.length + 1;
  }
  return ends;
}

/** Cuts text as the feed shows it: to `lines` wrapped lines, or to X's weighted characters. */
export function cutText(
  text: string,
  rule: { lines: number | null; lineChars: number; weightedChars?: number | null },
): PreviewCut {
  let shown = text.trimEnd();
  let cut = false;
  if (rule.weightedChars != null) {
    const within = xLeadingWithin(shown, rule.weightedChars);
    if (within !== shown) [shown, cut] = [within.trimEnd(), true];
  }
  if (rule.lines != null) {
    const ends = wrapLineEnds(shown, rule.lineChars);
    if (ends.length > rule.lines)
      [shown, cut] = [shown.slice(0, ends[rule.lines - 1]).trimEnd(), true];
  }
  return { shown, cut };
}

/** A post's text as the platform's feed shows it. */
export function previewText(platform: PublishPlatform, text: string): PreviewCut {
  return cutText(text, PREVIEW_RULES[platform]);
}

/** A title as the platform's feed shows it ('' when it shows none); a cut title ends with an ellipsis. */
export function previewTitle(platform: PublishPlatform, title: string): PreviewCut {
  const rule = PREVIEW_RULES[platform].title;
  if (!rule) return { shown: '', cut: false };
  const cut = cutText(title.trim(), rule);
  return cut.cut ? { shown: `${cut.shown}…`, cut: true } : cut;
}

/** Two letters for an avatar: the first letters of the first two words of a name (r/, u/ and @ skipped). */
export function initialsOf(name: string): string {
  const parts = name
    .trim()
    .replace(/^(?:[ru]\/|@)/i, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}
