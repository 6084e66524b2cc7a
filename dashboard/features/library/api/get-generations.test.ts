import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { toLibraryItem } from './get-generations';

describe('toLibraryItem', () => {
  it('reads a generations record written by the functions', () => {
    const createdAt = Timestamp.fromMillis(1_700_000_000_000);
    expect(
      toLibraryItem('g1', {
        type: 'video',
        title: ' Waves ',
        prompt: 'waves at dawn',
        thumbnailUrl: 'https://t',
        originalUrl: 'https://o',
        contentType: 'video/mp4',
        createdAt,
        metadata: {},
      }),
    ).toEqual({ id: 'g1', type: 'video', title: 'Waves', prompt: 'waves at dawn', thumbnailUrl: 'https://t', originalUrl: 'https://o', contentType: 'video/mp4', createdAt: createdAt.toDate() });
  });

  it('reads odd records leniently', () => {
    expect(toLibraryItem('g2', { type: 'render', title: '', thumbnailUrl: null, createdAt: 'yesterday' })).toEqual({
      id: 'g2',
      type: 'image',
      title: 'Untitled',
      prompt: '',
      thumbnailUrl: null,
      originalUrl: null,
      contentType: null,
      createdAt: null,
    });
  });
});
