import { describe, expect, it } from 'vitest';
import {
  formatSrtTime,
  formatVttTime,
  groupCaptionCues,
  toSrt,
  toVtt,
  transcriptWords,
  wrapWords,
  type CaptionCue,
} from './captions';

const w = (text: string, start: number, end: number) => ({ text, start, end });
/** Words `text` one every half second from `from`, each 0.4 s long. */
const spoken = (text: string, from = 0) =>
  text.split(' ').map((t, i) => w(t, from + i * 0.5, from + i * 0.5 + 0.4));

describe('formatSrtTime and formatVttTime', () => {
  it.each([
    [0, '00:00:00,000', '00:00:00.000'],
    [1.5, '00:00:01,500', '00:00:01.500'],
    [59.999, '00:00:59,999', '00:00:59.999'],
    [61.25, '00:01:01,250', '00:01:01.250'],
    [3600, '01:00:00,000', '01:00:00.000'],
    [3725.042, '01:02:05,042', '01:02:05.042'],
    [36_000 * 10 + 1, '100:00:01,000', '100:00:01.000'],
    // Rounded to the millisecond before splitting: never 00:00:01,1000.
    [1.9996, '00:00:02,000', '00:00:02.000'],
    [1.0004, '00:00:01,000', '00:00:01.000'],
    [0.0005, '00:00:00,001', '00:00:00.001'],
    // Float noise (0.1 + 0.2) and nonsense.
    [0.1 + 0.2, '00:00:00,300', '00:00:00.300'],
    [-3, '00:00:00,000', '00:00:00.000'],
    [Number.NaN, '00:00:00,000', '00:00:00.000'],
  ])('%s s is %s in SRT and %s in VTT', (seconds, srt, vtt) => {
    expect(formatSrtTime(seconds)).toBe(srt);
    expect(formatVttTime(seconds)).toBe(vtt);
  });
});

describe('wrapWords', () => {
  it('fills each line up to the limit and gives a too-long word a line of its own', () => {
    expect(wrapWords(['one', 'two', 'three', 'four'], 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapWords(['a', 'extraordinarily', 'b'], 5)).toEqual(['a', 'extraordinarily', 'b']);
    expect(wrapWords([], 10)).toEqual([]);
  });
});

describe('groupCaptionCues', () => {
  it('is empty for no words, and drops blank words', () => {
    expect(groupCaptionCues([])).toEqual([]);
    expect(groupCaptionCues([w('  ', 0, 1)])).toEqual([]);
  });

  it('keeps a short phrase in one cue from its first start to its last end, with its words', () => {
    const words = spoken('Hello and welcome');
    expect(groupCaptionCues(words)).toEqual([
      { start: 0, end: 1.4, text: 'Hello and welcome', words },
    ]);
  });

  it('wraps into at most maxLines lines of maxCharsPerLine, then starts a new cue', () => {
    const cues = groupCaptionCues(spoken('one two three four five six seven'), {
      maxCharsPerLine: 9,
      maxLines: 2,
      maxDuration: 100,
    });
    expect(cues.map((c) => c.text)).toEqual(['one two\nthree', 'four five\nsix seven']);
    expect(cues[1]).toMatchObject({ start: 1.5, end: 3.4 });
  });

  it('starts a new cue before a word that would make the cue last longer than maxDuration', () => {
    const cues = groupCaptionCues(spoken('a b c d e f'), { maxDuration: 1.5 });
    // a..c end at 1.4; d would end at 1.9 > 1.5 from a's start.
    expect(cues.map((c) => c.text)).toEqual(['a b c', 'd e f']);
  });

  it('starts a new cue after a silence longer than maxGap and after a sentence ends', () => {
    const words = [
      w('First.', 0, 0.4),
      w('Then', 0.5, 0.9),
      w('silence', 1, 1.4),
      w('later', 3, 3.4),
    ];
    expect(groupCaptionCues(words).map((c) => c.text)).toEqual(['First.', 'Then silence', 'later']);
  });

  it('orders words by their start and clamps a negative or reversed time', () => {
    const cues = groupCaptionCues([w('second', 1, 1.4), w('first', -0.2, -0.5)]);
    expect(cues).toEqual([
      { start: 0, end: 1.4, text: 'first second', words: [w('first', 0, 0), w('second', 1, 1.4)] },
    ]);
  });
});

describe('toSrt and toVtt', () => {
  const cues: CaptionCue[] = [
    { start: 1.5, end: 3, text: 'Hello there', words: [] },
    { start: 3725.042, end: 3727.5, text: 'Fish & chips <b>\nsecond line', words: [] },
  ];

  it('writes SubRip: numbered cues, comma milliseconds, a blank line between', () => {
    expect(toSrt(cues)).toBe(
      '1\n00:00:01,500 --> 00:00:03,000\nHello there\n\n2\n01:02:05,042 --> 01:02:07,500\nFish & chips <b>\nsecond line\n',
    );
  });

  it('writes WebVTT: the header, dot milliseconds, markup characters escaped', () => {
    expect(toVtt(cues)).toBe(
      'WEBVTT\n\n00:00:01.500 --> 00:00:03.000\nHello there\n\n01:02:05.042 --> 01:02:07.500\nFish &amp; chips &lt;b&gt;\nsecond line\n',
    );
  });

  it('writes no cue for none, an empty text or no length, and no blank line or arrow inside a cue', () => {
    expect(toSrt([])).toBe('');
    expect(toVtt([])).toBe('WEBVTT\n');
    const odd: CaptionCue[] = [
      { start: 0, end: 1, text: '  \n ', words: [] },
      { start: 2, end: 2, text: 'no length', words: [] },
      { start: 3, end: 4, text: 'a --> b\n\nc', words: [] },
    ];
    expect(toSrt(odd)).toBe('1\n00:00:03,000 --> 00:00:04,000\na -> b\nc\n');
    expect(toVtt(odd)).toBe('WEBVTT\n\n00:00:03.000 --> 00:00:04.000\na -&gt; b\nc\n');
  });
});

describe('transcriptWords', () => {
  it('reads the timed words of a job result and leaves out anything else', () => {
    expect(
      transcriptWords({
        words: [w(' hi ', 0, 0.4), { text: 'x' }, w('', 1, 2), null, w('there', 0.5, 0.2)],
      }),
    ).toEqual([w('hi', 0, 0.4), w('there', 0.5, 0.5)]);
    expect(transcriptWords(null)).toEqual([]);
    expect(transcriptWords({ words: 'no' })).toEqual([]);
  });
});
