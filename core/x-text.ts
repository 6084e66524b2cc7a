// X (Twitter) weighted length, after twitter-text v3: most scripts count 1 per code point, CJK and other
// wide scripts 2, an emoji 2, any URL 23. The limit is 280 weighted characters.

export const X_MAX_WEIGHTED_LENGTH = 280;
export const X_URL_LENGTH = 23;

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/giu;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
// Code point ranges weighted 1 (twitter-text config v3); everything else weighs 2.
const LIGHT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

function graphemeWeight(grapheme: string): number {
  if (EMOJI.test(grapheme)) return 2;
  let weight = 0;
  for (const ch of grapheme) {
    const cp = ch.codePointAt(0) ?? 0;
    weight += LIGHT_RANGES.some(([lo, hi]) => cp >= lo && cp <= hi) ? 1 : 2;
  }
  return weight;
}

interface Piece {
  text: string;
  weight: number;
}

function pieces(raw: string): Piece[] {
  const text = raw.normalize('NFC');
  const out: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const before = text.slice(last, match.index);
    for (const { segment } of segmenter.segment(before)) out.push({ text: segment, weight: graphemeWeight(segment) });
    out.push({ text: match[0], weight: X_URL_LENGTH });
    last = match.index + match[0].length;
  }
  for (const { segment } of segmenter.segment(text.slice(last))) out.push({ text: segment, weight: graphemeWeight(segment) });
  return out;
}

export function xWeightedLength(text: string): number {
  return pieces(text).reduce((sum, p) => sum + p.weight, 0);
}

/** Cuts text to fit X's limit, at a word boundary when one is near, ending with an ellipsis. */
export function fitToX(text: string, limit = X_MAX_WEIGHTED_LENGTH): string {
  if (xWeightedLength(text) <= limit) return text;
  const parts = pieces(text);
  let used = 1; // the ellipsis
  let cut = '';
  for (const p of parts) {
    if (used + p.weight > limit) break;
    used += p.weight;
    cut += p.text;
  }
  const space = cut.search(/\s\S*$/);
  if (space > cut.length * 0.6) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}
