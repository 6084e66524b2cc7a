import { describe, expect, it } from 'vitest';
import { tokenExpiryOf } from './get-platform-profile/get-platform-profile';
import { platformProblem, type StoredPostMedia } from './posts';

const MB = 1024 * 1024;
const file = (contentType: string, sizeBytes: number): StoredPostMedia => ({
  generationId: 'g',
  storagePath: 'u/generations/g',
  contentType,
  sizeBytes,
  title: '',
  url: null,
});
const member = 'urn:li:person:abc';

describe('platformProblem', () => {
  it.each([
    ['x', 'a'.repeat(280), [], undefined, undefined],
    [
      'x',
      'a'.repeat(281),
      [],
      undefined,
      'Posts on X can be at most 280 characters (this one counts 281)',
    ],
    [
      'x',
      'Hello\uFEFFworld',
      [],
      undefined,
      'Your post contains an invisible character X refuses (U+FEFF), usually carried in with pasted text: delete and retype the words around it',
    ],
    ['x', 'four images', [1, 2, 3, 4].map(() => file('image/png', MB)), undefined, undefined],
    [
      'x',
      'five images',
      [1, 2, 3, 4, 5].map(() => file('image/png', MB)),
      undefined,
      'A post on X takes at most 4 images',
    ],
    [
      'x',
      'a video and an image',
      [file('video/mp4', MB), file('image/png', MB)],
      undefined,
      'A post on X takes up to 4 images, or one GIF, or one video',
    ],
    [
      'x',
      'a large image',
      [file('image/jpeg', 6 * MB)],
      undefined,
      'Images on X can be at most 5 MB (this one is 6 MB)',
    ],
    ['linkedin', 'b'.repeat(3000), [], member, undefined],
    ['linkedin', 'b'.repeat(3001), [], member, 'LinkedIn posts are limited to 3000 characters.'],
    ['linkedin', `${'b'.repeat(2990)}${'()'.repeat(5)}`, [], member, undefined],
    ['linkedin', '🔥'.repeat(2000), [], member, 'LinkedIn posts are limited to 3000 characters.'],
    ['linkedin', 'no author', [], undefined, 'Please select where to post from'],
    [
      'linkedin',
      'a webp',
      [file('image/webp', MB)],
      member,
      'LinkedIn does not accept image/webp files: use JPEG, PNG, GIF or MP4',
    ],
    [
      'linkedin',
      'a large image',
      [file('image/png', 6 * MB)],
      member,
      'Images on LinkedIn can be at most 5 MB (this one is 6 MB)',
    ],
  ] as const)('%s: %s -> %s', (platform, text, media, author, problem) => {
    expect(platformProblem(platform, { text, media, author })).toBe(problem);
  });
});

describe('tokenExpiryOf', () => {
  it.each([
    [{ accessTokenExpiresAt: '2027-01-20T10:00:00Z' }, '2027-01-20T10:00:00.000Z'],
    [{ expiresAt: '1800000000' }, '2027-01-15T08:00:00.000Z'],
    [{ expiresAt: '1800000000000' }, '2027-01-15T08:00:00.000Z'],
    [{ accessTokenExpiresAt: 'soon' }, null],
    [{}, null],
  ])('%j -> %s', (stored, expected) => {
    expect(tokenExpiryOf(stored)).toBe(expected);
  });
});
