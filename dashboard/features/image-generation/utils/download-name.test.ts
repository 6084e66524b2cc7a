import { describe, expect, it } from 'vitest';
import { imageDownloadName } from './download-name';

describe('imageDownloadName', () => {
  it.each([
    ['a fox', 'a fox.png'],
    ['A red fox in the snow, golden hour light', 'A red fox in the snow, golden.png'],
    ['123456789012345678901234567890123', '123456789012345678901234567890.png'],
    ['cats/dogs: "best" friends?', 'cats-dogs- -best- friends-.png'],
    ['   ', 'image.png'],
    ['', 'image.png'],
    ['...', 'image.png'],
    ['line one\nline two', 'line one line two.png'],
  ])('%j saves as %j', (prompt, name) => {
    expect(imageDownloadName(prompt)).toBe(name);
  });
});
