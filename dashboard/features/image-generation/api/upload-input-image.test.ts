import { describe, expect, it } from 'vitest';
import { uploadPathFor } from './upload-input-image';

describe('uploadPathFor', () => {
  it.each([
    ['image/png', 'a.png', 'alice/uploads/id-1.png'],
    ['image/jpeg', 'photo.JPEG', 'alice/uploads/id-1.jpg'],
    ['image/webp', 'x', 'alice/uploads/id-1.webp'],
    ['image/heic', 'IMG_1.HEIC', 'alice/uploads/id-1.heic'],
    ['image/x-unknown', 'noext', 'alice/uploads/id-1.img'],
  ])('puts %s (%s) under the user uploads folder', (type, name, path) => {
    expect(uploadPathFor('alice', { type, name }, 'id-1')).toBe(path);
  });
});
