import { groupCaptionCues, wrapWords, type CaptionCue, type CueRules } from '@core/captions';
import { CAPTION_STYLE } from '@core/constants';
import type { TimelineItem } from '@core/editor/model';
import type { TranscribedWord } from '@core/jobs';

// Captions on the timeline: a transcription's words become caption cues, each a title clip on the caption
// track that carries its words (settings.words, in the clip's source seconds). Pure, like the rest of model/.

export type CaptionItem = Extract<TimelineItem, { type: 'title' }> & {
  settings: { words: TranscribedWord[] };
};

export const isCaption = (item: TimelineItem): item is CaptionItem =>
  item.type === 'title' && item.track === 'caption' && Array.isArray(item.settings.words);

/** Where the transcribed clip sits: its start on the timeline, its in-point and its length (seconds), and its speed. */
export interface TranscribedClip {
  start_time: number;
  duration: number;
  in_point?: number;
  /** A clip at 2x plays two seconds of its file a second: its words come twice as fast (absent = 1). */
  speed?: number;
}

const CUE_RULES: Partial<CueRules> = {
  maxCharsPerLine: CAPTION_STYLE.maxCharsPerLine,
  maxLines: CAPTION_STYLE.maxLines,
};

/**
 * The caption clips for a clip's transcript (word times from the start of its file): the words it plays,
 * grouped into cues, each cue a title on the caption track from its first word's frame to its last word's
 * (cut at the next cue, so none overlap), its words relative to its own start.
 */
export function captionItemsFor(
  words: readonly TranscribedWord[],
  clip: TranscribedClip,
  fps: number,
  newId: () => string,
): CaptionItem[] {
  const from = clip.in_point ?? 0;
  const speed = clip.speed ?? 1;
  const to = from + clip.duration * speed;
  const at = (source: number) => clip.start_time + (source - from) / speed;
  const placed = words
    .filter((w) => w.end > from && w.start < to)
    .map((w) => ({
      text: w.text,
      start: at(Math.max(from, w.start)),
      end: at(Math.min(w.end, to)),
    }));
  const cues = groupCaptionCues(placed, CUE_RULES);
  const frames = cues.map((c) => ({
    cue: c,
    first: Math.floor(c.start * fps + 1e-6),
    last: Math.ceil(c.end * fps - 1e-6),
  }));
  return frames.map(({ cue, first, last }, i) => {
    const next = frames[i + 1]?.first ?? Infinity;
    const endFrame = Math.max(first + 1, Math.min(last, next));
    const start_time = first / fps;
    return {
      id: newId(),
      type: 'title',
      track: 'caption',
      start_time,
      duration: (endFrame - first) / fps,
      settings: {
        text: cue.text,
        fontSize: CAPTION_STYLE.fontSize,
        color: CAPTION_STYLE.color,
        words: cue.words.map((w) => ({
          text: w.text,
          start: round(w.start - start_time),
          end: round(w.end - start_time),
        })),
      },
    };
  });
}

const round = (s: number) => Math.max(0, Math.round(s * 1000) / 1000);
const overlaps = (a: TimelineItem, from: number, to: number) =>
  a.start_time < to && a.start_time + a.duration > from;

/** The items with the caption track's clips over [from, to) replaced by `captions` (other tracks untouched). */
export function replaceCaptions(
  items: readonly TimelineItem[],
  captions: readonly TimelineItem[],
  from: number,
  to: number,
): TimelineItem[] {
  return [...items.filter((i) => i.track !== 'caption' || !overlaps(i, from, to)), ...captions];
}

/** A caption clip's words with one word's text changed; an emptied word is left out. The cue's text follows. */
export function editCaptionWord(
  items: readonly TimelineItem[],
  id: string,
  index: number,
  text: string,
): readonly TimelineItem[] {
  const target = items.find((i) => i.id === id);
  if (
    !target ||
    !isCaption(target) ||
    !target.settings.words[index] ||
    target.settings.words[index]!.text === text
  )
    return items;
  const words = target.settings.words.flatMap((w, i) =>
    i !== index ? [w] : text.trim() ? [{ ...w, text: text.trim().slice(0, 100) }] : [],
  );
  const cueText = wrapWords(
    words.map((w) => w.text),
    CAPTION_STYLE.maxCharsPerLine,
  )
    .join('\n')
    .slice(0, 500);
  return items.map((i) =>
    i.id === id && i.type === 'title'
      ? { ...i, settings: { ...i.settings, words, text: cueText } }
      : i,
  );
}

/** The words a caption clip shows: those within the part of its source it plays, times on the timeline. */
export function visibleWords(item: CaptionItem): TranscribedWord[] {
  const from = item.in_point ?? 0;
  const to = from + item.duration;
  return item.settings.words
    .filter((w) => w.end > from && w.start < to && w.text.trim())
    .map((w) => ({
      text: w.text,
      start: item.start_time + Math.max(0, w.start - from),
      end: item.start_time + Math.min(w.end, to) - from,
    }));
}

/** Every cue of the caption track in time order (what SRT and VTT files hold): caption clips and plain titles on it. */
export function captionCues(items: readonly TimelineItem[]): CaptionCue[] {
  return items
    .filter(
      (i): i is Extract<TimelineItem, { type: 'title' }> =>
        i.type === 'title' && i.track === 'caption',
    )
    .sort((a, b) => a.start_time - b.start_time)
    .flatMap((i) => {
      const start = i.start_time;
      const end = i.start_time + i.duration;
      if (!isCaption(i))
        return i.settings.text.trim() ? [{ start, end, text: i.settings.text, words: [] }] : [];
      const words = visibleWords(i);
      if (!words.length) return [];
      return [
        {
          start,
          end,
          text: wrapWords(
            words.map((w) => w.text),
            CAPTION_STYLE.maxCharsPerLine,
          ).join('\n'),
          words,
        },
      ];
    });
}

/**
 * Which words of the caption layers are being spoken at t ('' with no caption): two frames with the same
 * layers but another spoken word look different, so the export must not reuse one frame for both.
 */
export function spokenState(layers: readonly TimelineItem[], t: number): string {
  let key = '';
  for (const layer of layers)
    if (isCaption(layer))
      key += `${layer.id}:${visibleWords(layer).findIndex((w) => t >= w.start && t < w.end)};`;
  return key;
}
