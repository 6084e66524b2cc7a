import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { toGeneration } from '../../../core/data/generation';
import { toPanelItem } from '../../../entrypoints/sidepanel/hooks/library-items';

const toLibraryItem = (id: string, data: Record<string, unknown>) =>
  toPanelItem(toGeneration(id, data));

describe('library items in the side panel', () => {
  it('shows a generation with its title, type, thumbnail and date', () => {
    const createdAt = Timestamp.fromDate(new Date('2025-05-01T10:00:00Z'));
    expect(
      toLibraryItem('g1', {
        type: 'video',
        title: 'Harbour at dawn',
        thumbnailUrl: 'https://cdn.test/t.jpg',
        createdAt,
        prompt: 'p',
      }),
    ).toEqual({
      id: 'g1',
      type: 'video',
      title: 'Harbour at dawn',
      pictureUrl: 'https://cdn.test/t.jpg',
      createdAt: new Date('2025-05-01T10:00:00Z'),
    });
  });

  it.each([
    ['the prompt when there is no title', { prompt: 'A fox in snow' }, 'A fox in snow'],
    ['"Untitled" when there is neither', { title: '  ' }, 'Untitled'],
    ['a shortened title past 50 characters', { title: 'x'.repeat(80) }, `${'x'.repeat(49)}…`],
  ])('uses %s', (_case, data, title) => {
    expect(toLibraryItem('g', data).title).toBe(title);
  });

  it.each([
    [
      'an image without thumbnail uses its original',
      { type: 'image', originalUrl: 'https://cdn.test/o.png' },
      'https://cdn.test/o.png',
    ],
    ['audio has no picture', { type: 'audio', originalUrl: 'https://cdn.test/a.mp3' }, null],
    [
      'a non-web address is not loaded',
      { type: 'image', thumbnailUrl: 'javascript:alert(1)' },
      null,
    ],
    [
      'audio whose thumbnail is its own file has no picture (never an <img> of an .mp3)',
      {
        type: 'audio',
        originalUrl: 'https://cdn.test/a.mp3',
        thumbnailUrl: 'https://cdn.test/a.mp3',
      },
      null,
    ],
  ])('picture: %s', (_case, data, pictureUrl) => {
    expect(toLibraryItem('g', data).pictureUrl).toBe(pictureUrl);
  });

  it('treats an unknown type as an image and a missing date as unknown', () => {
    expect(toLibraryItem('g', { type: 'hologram' })).toMatchObject({
      type: 'image',
      createdAt: null,
    });
  });
});
