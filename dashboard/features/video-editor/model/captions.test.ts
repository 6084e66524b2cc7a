import { describe, expect, it } from 'vitest';
import { toSrt } from '@core/captions';
import type { TimelineItem } from '@core/editor/model';
import {
  captionCues,
  captionItemsFor,
  editCaptionWord,
  isCaption,
  replaceCaptions,
} from './captions';
import { fromItems, isValid, splitAt, toItems } from './tracks';

const ids = () => {
  let n = 0;
  return () => `cap-${++n}`;
};
const w = (text: string, start: number, end: number) => ({ text, start, end });

describe('captionItemsFor', () => {
  // A clip placed at 10 s that plays its file from 1 s for 4 s: it hears words 1..5 s of the file.
  const clip = { start_time: 10, duration: 4, in_point: 1 };
  const words = [
    w('Before.', 0, 0.5),
    w('One', 1.2, 1.5),
    w('two.', 1.6, 2),
    w('Three', 2.5, 3),
    w('four', 3.1, 3.6),
    w('after', 5.5, 6),
  ];

  it('places the words the clip plays as caption cues at their timeline time, on whole frames, words relative to each cue', () => {
    const items = captionItemsFor(words, clip, 30, ids());
    expect(items.map((i) => [i.id, i.track, i.start_time, i.settings.text])).toEqual([
      ['cap-1', 'caption', 10.2, 'One two.'],
      ['cap-2', 'caption', 11.5, 'Three four'],
    ]);
    expect(items[0]!.duration).toBeCloseTo(0.8);
    expect(items[1]!.duration).toBeCloseTo(1.1);
    expect(items[1]!.settings.words).toEqual([w('Three', 0, 0.5), w('four', 0.6, 1.1)]);
    expect(items.every(isCaption)).toBe(true);
    const tl = fromItems(items, 30);
    expect(isValid(tl)).toBe(true);
  });

  it('makes nothing from no words', () => {
    expect(captionItemsFor([], clip, 30, ids())).toEqual([]);
  });
});

describe('replaceCaptions', () => {
  it('replaces the caption clips over the transcribed stretch and leaves other tracks and captions alone', () => {
    const keep: TimelineItem = {
      id: 'v',
      type: 'video',
      settings: { url: 'https://x.test/v.mp4' },
      start_time: 0,
      duration: 5,
      track: 'main',
    };
    const old: TimelineItem = {
      id: 'old',
      type: 'title',
      track: 'caption',
      start_time: 1,
      duration: 1,
      settings: { text: 'old', fontSize: 32, color: '#ffffff' },
    };
    const later: TimelineItem = { ...old, id: 'later', start_time: 8 };
    const [fresh] = captionItemsFor([w('new', 0.5, 1)], { start_time: 0, duration: 5 }, 30, ids());
    expect(replaceCaptions([keep, old, later], [fresh!], 0, 5).map((i) => i.id)).toEqual([
      'v',
      'later',
      'cap-1',
    ]);
  });
});

describe('editCaptionWord', () => {
  const [cue] = captionItemsFor(
    [w('Helo', 0, 0.4), w('world', 0.5, 0.9)],
    { start_time: 0, duration: 2 },
    30,
    ids(),
  );

  it('changes one word and the cue text with it, keeping its time', () => {
    const [edited] = editCaptionWord([cue!], 'cap-1', 0, 'Hello') as [TimelineItem];
    expect(edited.type === 'title' && edited.settings).toMatchObject({
      text: 'Hello world',
      words: [w('Hello', 0, 0.4), w('world', 0.5, 0.9)],
    });
  });

  it('drops an emptied word, and changes nothing for the same text or an unknown word', () => {
    const [edited] = editCaptionWord([cue!], 'cap-1', 1, '  ') as [TimelineItem];
    expect(edited.type === 'title' && edited.settings).toMatchObject({
      text: 'Helo',
      words: [w('Helo', 0, 0.4)],
    });
    const items = [cue!];
    expect(editCaptionWord(items, 'cap-1', 0, 'Helo')).toBe(items);
    expect(editCaptionWord(items, 'cap-1', 5, 'x')).toBe(items);
    expect(editCaptionWord(items, 'nope', 0, 'x')).toBe(items);
  });
});

describe('captionCues', () => {
  it('lists caption clips and titles on the caption track in time order, for SRT and VTT', () => {
    const caps = captionItemsFor(
      [w('Hi', 2, 2.5), w('there.', 2.6, 3)],
      { start_time: 0, duration: 10 },
      30,
      ids(),
    );
    const title: TimelineItem = {
      id: 't',
      type: 'title',
      track: 'caption',
      start_time: 0,
      duration: 1,
      settings: { text: 'Intro', fontSize: 32, color: '#ffffff' },
    };
    const elsewhere: TimelineItem = {
      ...title,
      id: 'o',
      track: 'overlay-1',
      settings: { ...title.settings, text: 'Not a caption' },
    };
    expect(toSrt(captionCues([...caps, elsewhere, title]))).toBe(
      '1\n00:00:00,000 --> 00:00:01,000\nIntro\n\n2\n00:00:02,000 --> 00:00:03,000\nHi there.\n',
    );
  });

  it('after a split, each part holds only the words it plays', () => {
    const caps = captionItemsFor(
      [w('Left', 0, 0.4), w('right', 1, 1.4)],
      { start_time: 0, duration: 10 },
      10,
      ids(),
    );
    const split = toItems(splitAt(fromItems(caps, 10), 7, () => 'part'));
    expect(captionCues(split).map((c) => [c.start, c.end, c.text])).toEqual([
      [0, 0.7, 'Left'],
      [0.7, 1.4, 'right'],
    ]);
  });
});
