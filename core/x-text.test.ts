import { describe, expect, it } from 'vitest';
import { fitToX, X_MAX_WEIGHTED_LENGTH, xTextInfo, xWeightedLength } from './x-text';

describe('X weighted length', () => {
  it.each([
    ['plain ASCII', 'hello world', 11],
    [
      'a URL counts 23 whatever its length',
      'see https://example.com/a/very/long/path?with=query',
      4 + 23,
    ],
    ['CJK counts 2 each', '日本語', 6],
    ['an emoji counts 2', 'hi 👋', 5],
    ['a family emoji sequence counts 2', '👨‍👩‍👧', 2],
    ['accented Latin counts 1', 'café', 4],
    ['typographic quotes count 1', '“quoted”', 8],
    ['a link without https:// counts 23 too', 'visit example.com today', 6 + 23 + 6],
    ['a word with a dot that is no domain counts per character', 'file.txt', 8],
    ['CJK counts 2 each, whatever the script', '한국어 中文', 2 * 3 + 1 + 2 * 2],
    ['an emoji newer than twitter-text’s table counts 2', '🐦‍🔥', 2],
    ['a skin-toned handshake counts 2', '🫱🏻‍🫲🏼', 2],
    ['a keycap counts 2', '1️⃣', 2],
    ['a flag counts 2', '🇫🇷', 2],
    ['the copyright sign without emoji presentation counts 1', '©', 1],
    ['an ellipsis counts 2 (outside the 1-weight ranges)', '…', 2],
    ['a decomposed accent counts once after NFC', 'cafe\u0301', 4],
  ])('%s', (_label, text, length) => {
    expect(xWeightedLength(text)).toBe(length);
  });
});

describe('the composer’s count', () => {
  it.each([
    ['280 weighted characters fit', 'a'.repeat(280), 0],
    ['281 are one over', 'a'.repeat(281), -1],
    ['140 CJK characters fill the post', '字'.repeat(140), 0],
  ])('%s', (_label, text, remaining) => {
    expect(xTextInfo(text).remaining).toBe(remaining);
  });

  it('lists the links X will shorten', () => {
    expect(xTextInfo('see https://example.com/a and muse.studio').urls).toEqual([
      'https://example.com/a',
      'muse.studio',
    ]);
  });
});

describe('fitting a post to X', () => {
  it('leaves a post that fits alone', () => {
    const text = 'a'.repeat(280);
    expect(fitToX(text)).toBe(text);
  });

  it('cuts a long post at a word boundary with an ellipsis', () => {
    const text = 'word '.repeat(100).trim();
    const fitted = fitToX(text);
    expect(xWeightedLength(fitted)).toBeLessThanOrEqual(X_MAX_WEIGHTED_LENGTH);
    expect(fitted.endsWith('word…')).toBe(true);
  });

  it('counts wide characters when cutting', () => {
    const fitted = fitToX('字'.repeat(200));
    expect(xWeightedLength(fitted)).toBeLessThanOrEqual(280);
    expect(xWeightedLength(fitted)).toBeGreaterThan(270);
  });

  it('never splits a URL', () => {
    const fitted = fitToX(`${'x'.repeat(260)} https://example.com/${'p'.repeat(50)}`);
    expect(fitted).not.toContain('https://');
  });

  it('keeps a URL that fits whole, counted as 23', () => {
    const url = `https://example.com/${'p'.repeat(100)}`;
    const fitted = fitToX(`${url} ${'word '.repeat(60)}`);
    expect(fitted.startsWith(`${url} word`)).toBe(true);
    expect(xWeightedLength(fitted)).toBeLessThanOrEqual(X_MAX_WEIGHTED_LENGTH);
  });
});
