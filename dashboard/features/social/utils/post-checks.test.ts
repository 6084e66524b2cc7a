import { describe, expect, it } from 'vitest';
import { checkLinkedinPost, checkXPost, linkedinMediaProblem } from './post-checks';

const MB = 1024 * 1024;

describe('checkXPost', () => {
  it.each([
    ['a URL counts 23 whatever its length', `Read https://example.com/${'a'.repeat(200)}`, 5 + 23],
    ['an emoji counts 2', 'Launch day 🚀', 11 + 2],
    ['a URL and an emoji together', 'New post 🎉 https://muse.studio/blog', 9 + 2 + 1 + 23],
  ])('%s', (_, text, weighted) => {
    expect(checkXPost(text, []).info.weightedLength).toBe(weighted);
    expect(checkXPost(text, []).problem).toBeNull();
  });

  it('refuses text over 280 weighted characters, even when the raw length is under it', () => {
    // 250 raw characters: 139 emoji (2 each) = 278, a space and a URL (23) = 302 weighted.
    const text = `${'🔥'.repeat(139)} https://example.com`;
    const { info, problem } = checkXPost(text, []);
    expect(info.weightedLength).toBe(302);
    expect(problem).toBe("Your post is 22 characters over X's 280 limit");
  });

  it('accepts exactly 280 weighted characters with a URL and an emoji', () => {
    const text = `${'a'.repeat(254)} 🚀https://example.com`;
    expect(checkXPost(text, []).info.weightedLength).toBe(280);
    expect(checkXPost(text, []).problem).toBeNull();
  });

  it('names the media X would refuse', () => {
    expect(checkXPost('hi', [{ contentType: 'image/png', sizeBytes: 6 * MB }]).problem).toBe(
      'Images on X can be at most 5 MB (this one is 6 MB)',
    );
  });
});

describe('LinkedIn checks', () => {
  it.each([
    [[{ contentType: 'image/png', sizeBytes: MB }], null],
    [
      [{ contentType: 'image/webp', sizeBytes: MB }],
      'LinkedIn does not accept image/webp files: use JPEG, PNG, GIF or MP4',
    ],
    [
      [
        { contentType: 'video/mp4', sizeBytes: MB },
        { contentType: 'image/png', sizeBytes: MB },
      ],
      'A post on LinkedIn takes one video, or up to 20 images',
    ],
    [
      [{ contentType: 'image/jpeg', sizeBytes: 6 * MB }],
      'Images on LinkedIn can be at most 5 MB (this one is 6 MB)',
    ],
    [
      [{ contentType: 'video/mp4', sizeBytes: 10 * 1024 }],
      'Videos on LinkedIn must be at least 75 KB',
    ],
  ])('media %j gives %j', (media, problem) => {
    expect(linkedinMediaProblem(media)).toBe(problem);
  });

  it('refuses text over 3,000 characters', () => {
    expect(checkLinkedinPost('a'.repeat(3000), []).problem).toBeNull();
    expect(checkLinkedinPost('a'.repeat(3001), []).problem).toBe(
      'LinkedIn posts can be at most 3,000 characters (this one is 3,001)',
    );
  });
});
