import * as twitterTextModule from 'twitter-text';

// X (Twitter) weighted length through twitter-text, the library X's counting guide names
// (docs.x.com/fundamentals/counting-characters): text in NFC, most scripts 1 per code point, CJK and other
// wide scripts 2, an emoji 2, any URL 23, with or without https:// (twitter-text knows the TLDs). Its
// emoji table dates from 2019, so every emoji grapheme is handed to it as one emoji it knows: an emoji
// added since (🐦‍🔥, 🫱🏻‍🫲🏼) still counts 2, as X counts it, not per code point.

// twitter-text ships CommonJS for Node and a default-export-only ESM build for bundlers.
const twitterText: typeof twitterTextModule =
  (twitterTextModule as unknown as { default?: typeof twitterTextModule }).default ??
  twitterTextModule;

export const X_MAX_WEIGHTED_LENGTH = 280;
export const X_URL_LENGTH = 23;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** A grapheme X shows as an emoji: emoji presentation, the emoji variation selector, a keycap or a flag. */
const EMOJI = /\p{Emoji_Presentation}|\uFE0F|\u20E3|\p{Regional_Indicator}/u;
const EMOJI_STAND_IN = '😀';

function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** The text twitter-text weighs: NFC, each emoji grapheme as one emoji from its table. */
function forCounting(text: string): string {
  return graphemes(text.normalize('NFC'))
    .map((g) => (EMOJI.test(g) ? EMOJI_STAND_IN : g))
    .join('');
}

export function xWeightedLength(text: string): number {
  return twitterText.parseTweet(forCounting(text)).weightedLength;
}

/** The characters twitter-text calls invalid (U+FFFE, U+FEFF, U+FFFF) found in the text, each once, in order. */
export function xInvalidCharacters(text: string): string[] {
  return [
    ...new Set([...text.normalize('NFC')].filter((ch) => twitterText.hasInvalidCharacters(ch))),
  ];
}

export interface XTextInfo {
  weightedLength: number;
  /** Weighted characters left under the limit; negative when over. */
  remaining: number;
  /** twitter-text's verdict (parseTweet's `valid`): false when over the limit, empty, or holding an invalid character. */
  valid: boolean;
  /** The characters X refuses in a post (xInvalidCharacters). */
  invalidCharacters: string[];
  /** Links X will shorten to t.co (a post with a link costs more on X's pay-per-use API). */
  urls: string[];
}

/** What the composer shows under the post text. */
export function xTextInfo(text: string, limit = X_MAX_WEIGHTED_LENGTH): XTextInfo {
  const { weightedLength, valid } = twitterText.parseTweet(forCounting(text));
  return {
    weightedLength,
    remaining: limit - weightedLength,
    valid,
    invalidCharacters: xInvalidCharacters(text),
    urls: twitterText.extractUrls(text.normalize('NFC')),
  };
}

/** The text split where a cut may fall: whole URLs, and graphemes between them. */
function pieces(raw: string): string[] {
  const text = raw.normalize('NFC');
  const out: string[] = [];
  let last = 0;
  for (const { indices } of twitterText.extractUrlsWithIndices(text)) {
    out.push(...graphemes(text.slice(last, indices[0])), text.slice(indices[0], indices[1]));
    last = indices[1];
  }
  out.push(...graphemes(text.slice(last)));
  return out;
}

/** Cuts text to fit X's limit, at a word boundary when one is near, ending with an ellipsis. */
export function fitToX(text: string, limit = X_MAX_WEIGHTED_LENGTH): string {
  if (xWeightedLength(text) <= limit) return text;
  const parts = pieces(text);
  const withEllipsis = (n: number) => `${parts.slice(0, n).join('').trimEnd()}…`;
  const fits = (n: number) => xWeightedLength(withEllipsis(n)) <= limit;
  // The most leading pieces that fit with the ellipsis (weights only grow as pieces are added).
  let lo = 0;
  let hi = parts.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  const cut = parts.slice(0, lo).join('');
  const space = cut.search(/\s\S*$/);
  if (space > cut.length * 0.6) return `${cut.slice(0, space).trimEnd()}…`;
  return withEllipsis(lo);
}

/** The longest leading part of the text X counts within `limit` (whole URLs and graphemes, never half of one). */
export function xLeadingWithin(text: string, limit: number): string {
  if (xWeightedLength(text) <= limit) return text;
  const parts = pieces(text);
  let lo = 0;
  let hi = parts.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (xWeightedLength(parts.slice(0, mid).join('')) <= limit) lo = mid;
    else hi = mid - 1;
  }
  return parts.slice(0, lo).join('');
}
