import { describe, expect, it } from 'vitest';
import { fitToX, X_MAX_WEIGHTED_LENGTH, xWeightedLength } from './x-text';

describe('X weighted length', () => {
  it.each([
    ['plain ASCII', 'hello world', 11],
    ['a URL counts 23 whatever its length', 'see https://example.com/a/very/long/path?with=query', 4 + 23],
    ['CJK counts 2 each', '日本語', 6],
    ['an emoji counts 2', 'hi 👋', 5],
    ['a family emoji sequence counts 2', '👨‍👩‍👧', 2],
    ['accented Latin counts 1', 'café', 4],
    ['typographic quotes count 1', '“quoted”', 8],
  ])('%s', (_label, text, length) => {
    expect(xWeightedLength(text)).toBe(length);
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
});
