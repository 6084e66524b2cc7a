import type { TranscribedWord } from './jobs';

// Captions from transcribed words (a transcription job's result, core/jobs.ts): group the words into cues
// a viewer can read, and write them as SubRip (.srt) or WebVTT (.vtt). Pure; times are seconds.

export interface CaptionCue {
  start: number;
  end: number;
  /** The cue's lines, joined by '\n'. */
  text: string;
  /** The words spoken in it, each with its own time (for the spoken-word highlight). */
  words: TranscribedWord[];
}

export interface CueRules {
  /** Characters a line may hold (a single longer word gets a line of its own). */
  maxCharsPerLine: number;
  /** Lines a cue may hold. */
  maxLines: number;
  /** Seconds a cue may last, from its first word's start to its last word's end. */
  maxDuration: number;
  /** A silence longer than this (seconds) between two words starts a new cue. */
  maxGap: number;
}

/** Common subtitle practice: two lines of at most 42 characters, on screen for at most 6 seconds. */
export const DEFAULT_CUE_RULES: CueRules = {
  maxCharsPerLine: 42,
  maxLines: 2,
  maxDuration: 6,
  maxGap: 1,
};

/** Words wrapped into lines of at most `maxChars` characters (greedy; a longer word stands alone). */
export function wrapWords(words: readonly string[], maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const endsSentence = (word: string) => /[.!?…]["')\]]*$/.test(word);

/**
 * Words grouped into cues in order: a cue ends before a word that would make it longer than its lines hold,
 * last longer than `maxDuration`, or follow a silence longer than `maxGap`, and after a word that ends a sentence.
 * Blank words are dropped; words are taken in order of their start.
 */
export function groupCaptionCues(
  words: readonly TranscribedWord[],
  rules: Partial<CueRules> = {},
): CaptionCue[] {
  const r = { ...DEFAULT_CUE_RULES, ...rules };
  const spoken = words
    .map((w) => {
      const start = Math.max(0, w.start);
      return { text: w.text.trim(), start, end: Math.max(start, w.end) };
    })
    .filter((w) => w.text)
    .sort((a, b) => a.start - b.start);
  const cues: CaptionCue[] = [];
  let current: TranscribedWord[] = [];
  const close = () => {
    if (!current.length) return;
    cues.push({
      start: current[0]!.start,
      end: current[current.length - 1]!.end,
      text: wrapWords(
        current.map((w) => w.text),
        r.maxCharsPerLine,
      ).join('\n'),
      words: current,
    });
    current = [];
  };
  for (const word of spoken) {
    if (current.length) {
      const last = current[current.length - 1]!;
      const fits =
        wrapWords(
          [...current, word].map((w) => w.text),
          r.maxCharsPerLine,
        ).length <= r.maxLines;
      const tooLong = word.end - current[0]!.start > r.maxDuration;
      const gap = word.start - last.end > r.maxGap;
      if (!fits || tooLong || gap || endsSentence(last.text)) close();
    }
    current.push(word);
  }
  close();
  return cues;
}

/** Seconds as hours, minutes, seconds and milliseconds, rounded to the millisecond first (1.9996 s is 2.000). */
function clock(seconds: number): { h: string; m: string; s: string; ms: string } {
  const total = Math.max(0, Math.round((Number.isFinite(seconds) ? seconds : 0) * 1000));
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return {
    h: pad(Math.floor(total / 3_600_000), 2),
    m: pad(Math.floor(total / 60_000) % 60, 2),
    s: pad(Math.floor(total / 1000) % 60, 2),
    ms: pad(total % 1000, 3),
  };
}

/** SubRip time: `00:00:01,500`. */
export function formatSrtTime(seconds: number): string {
  const c = clock(seconds);
  return `${c.h}:${c.m}:${c.s},${c.ms}`;
}

/** WebVTT time: `00:00:01.500` (always with hours, which WebVTT allows). */
export function formatVttTime(seconds: number): string {
  const c = clock(seconds);
  return `${c.h}:${c.m}:${c.s}.${c.ms}`;
}

/** A cue's text with no blank line (which would end the cue in both formats) and no `-->` (a timing line). */
const cueText = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim().replaceAll('-->', '->'))
    .filter(Boolean)
    .join('\n');

const usable = (cues: readonly CaptionCue[]) =>
  cues.filter((c) => cueText(c.text) && c.end > c.start);

/** The cues as a SubRip file: numbered from 1, CRLF-free, one blank line between cues. Empty when there are none. */
export function toSrt(cues: readonly CaptionCue[]): string {
  return usable(cues)
    .map(
      (c, i) =>
        `${i + 1}\n${formatSrtTime(c.start)} --> ${formatSrtTime(c.end)}\n${cueText(c.text)}\n`,
    )
    .join('\n');
}

/** WebVTT cue text escapes &, < and > (a literal `<` would start a tag). */
const escapeVtt = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The cues as a WebVTT file: the `WEBVTT` header, a blank line, then each cue. Just the header when there are none. */
export function toVtt(cues: readonly CaptionCue[]): string {
  const body = usable(cues).map(
    (c) => `${formatVttTime(c.start)} --> ${formatVttTime(c.end)}\n${escapeVtt(cueText(c.text))}\n`,
  );
  return ['WEBVTT\n', ...body].join('\n');
}

/** The words of a transcription job's `result`, leniently: anything that is not a timed word is left out. */
export function transcriptWords(result: unknown): TranscribedWord[] {
  const words = (result as { words?: unknown } | null | undefined)?.words;
  if (!Array.isArray(words)) return [];
  return words.flatMap((w: unknown) => {
    const { text, start, end } = (w ?? {}) as { text?: unknown; start?: unknown; end?: unknown };
    if (
      typeof text !== 'string' ||
      !text.trim() ||
      typeof start !== 'number' ||
      typeof end !== 'number' ||
      !Number.isFinite(start) ||
      !Number.isFinite(end)
    )
      return [];
    const from = Math.max(0, start);
    return [{ text: text.trim(), start: from, end: Math.max(from, end) }];
  });
}
