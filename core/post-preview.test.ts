import { describe, expect, it } from 'vitest';
import {
  cutText,
  initialsOf,
  PREVIEW_RULES,
  previewText,
  previewTitle,
  wrapLineEnds,
} from './post-preview';
import { xWeightedLength } from './x-text';

const lines = (text: string, lineChars: number) => {
  const ends = wrapLineEnds(text, lineChars);
  return ends.map((end, i) =>
    text
      .slice(i === 0 ? 0 : ends[i - 1], end)
      .replace(/^\n/, '')
      .trimEnd(),
  );
};

describe('wrapping as a feed wraps', () => {
  it('moves whole words to the next line', () => {
    expect(lines('one two three four', 9)).toEqual(['one two', 'three', 'four']);
  });
  it('ends a line at each hard break and counts a blank line', () => {
    expect(lines('a\n\nb', 10)).toEqual(['a', '', 'b']);
  });
  it('breaks a word longer than a line where the line is full', () => {
    expect(lines('abcdefghijklmnopqrstuvwxy z', 10)).toEqual([
      'abcdefghij',
      'klmnopqrst',
      'uvwxy z',
    ]);
  });
  it('counts an emoji as one character of the line', () => {
    expect(lines('👋👋👋 hi', 6)).toEqual(['👋👋👋 hi']);
  });
});

describe('the cut behind "more"', () => {
  it('LinkedIn shows three lines of about 70 characters, then cuts', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const cut = previewText('linkedin', words);
    expect(cut.cut).toBe(true);
    expect(wrapLineEnds(cut.shown, 70)).toHaveLength(3);
    expect(cut.shown.length).toBeGreaterThan(150);
    expect(cut.shown.length).toBeLessThanOrEqual(210);
    expect(words.startsWith(cut.shown)).toBe(true);
  });
  it('LinkedIn shows two lines when the third is blank', () => {
    expect(previewText('linkedin', 'Hook line\nSecond line\n\nThe rest of the story')).toEqual({
      shown: 'Hook line\nSecond line',
      cut: true,
    });
  });
  it('LinkedIn shows a short post whole', () => {
    expect(previewText('linkedin', 'Short\nand\nsweet\n')).toEqual({
      shown: 'Short\nand\nsweet',
      cut: false,
    });
  });
  it('X shows 280 weighted characters of a long post, a URL counting 23', () => {
    const text = `${'a'.repeat(250)} https://example.com/a/long/path ${'b'.repeat(100)}`;
    const cut = previewText('x', text);
    expect(cut.cut).toBe(true);
    expect(cut.shown).toBe(`${'a'.repeat(250)} https://example.com/a/long/path ${'b'.repeat(5)}`);
    expect(xWeightedLength(cut.shown)).toBe(280);
  });
  it('X never cuts inside a URL or an emoji', () => {
    const cut = previewText('x', `${'a'.repeat(270)} https://example.com/x and more`);
    expect(cut.shown).toBe('a'.repeat(270));
    const emoji = previewText('x', `${'a'.repeat(279)}👋 more`);
    expect(emoji.shown).toBe('a'.repeat(279));
  });
  it('X shows a post within 280 whole, however many lines', () => {
    const text = Array.from({ length: 20 }, () => 'line').join('\n');
    expect(previewText('x', text)).toEqual({ shown: text, cut: false });
  });
  it('YouTube cuts the description after three lines of 100', () => {
    const text = ['first', 'second', 'third', 'fourth'].join('\n');
    expect(previewText('youtube', text)).toEqual({ shown: 'first\nsecond\nthird', cut: true });
  });
  it('cuts by lines and characters together when a rule has both', () => {
    expect(cutText('a b c d', { lines: 1, lineChars: 3, weightedChars: 5 })).toEqual({
      shown: 'a b',
      cut: true,
    });
  });
});

describe('titles', () => {
  it('YouTube shows two lines of its title and ends a cut one with an ellipsis', () => {
    const title =
      'How I cut a one minute video for every channel in an afternoon with nothing but the browser and a cup of tea';
    const shown = previewTitle('youtube', title);
    expect(shown.cut).toBe(true);
    expect(shown.shown.endsWith('…')).toBe(true);
    expect(
      wrapLineEnds(shown.shown.slice(0, -1), PREVIEW_RULES.youtube.title!.lineChars),
    ).toHaveLength(2);
  });
  it('Reddit shows a title of 300 characters whole', () => {
    const title = Array.from({ length: 50 }, () => 'title').join(' ');
    expect(previewTitle('reddit', title.slice(0, 240))).toEqual({
      shown: title.slice(0, 240).trim(),
      cut: false,
    });
  });
  it('X and LinkedIn show no title', () => {
    expect(previewTitle('x', 'A title')).toEqual({ shown: '', cut: false });
  });
});

describe('initials', () => {
  it.each([
    ['Sandy Box', 'SB'],
    ['r/MuseSandbox', 'M'],
    ['@muse_studio', 'MS'],
    ['', '?'],
  ])('%s → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
