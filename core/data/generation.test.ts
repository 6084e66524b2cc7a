import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { pictureOf, posterOf, toGeneration } from './generation';

describe('toGeneration', () => {
  it('reads a generations record written by the functions', () => {
    const createdAt = Timestamp.fromMillis(1_700_000_000_000);
    expect(
      toGeneration('g1', {
        type: 'video',
        title: ' Waves ',
        prompt: 'waves at dawn',
        storagePath: 'u1/generations/g1.mp4',
        thumbnailUrl: 'https://t',
        thumbnailPath: 'u1/generations/g1-poster.jpg',
        originalUrl: 'https://o',
        contentType: 'video/mp4',
        sizeBytes: 40_542,
        source: { kind: 'video', jobId: 'g1' },
        createdAt,
        metadata: { style: 'cinematic' },
      }),
    ).toEqual({
      id: 'g1',
      type: 'video',
      title: 'Waves',
      prompt: 'waves at dawn',
      storagePath: 'u1/generations/g1.mp4',
      thumbnailUrl: 'https://t',
      thumbnailPath: 'u1/generations/g1-poster.jpg',
      originalUrl: 'https://o',
      contentType: 'video/mp4',
      sizeBytes: 40_542,
      source: { kind: 'video', jobId: 'g1' },
      createdAt: createdAt.toDate(),
      metadata: { style: 'cinematic' },
    });
  });

  it('reads odd records leniently, field by field', () => {
    expect(
      toGeneration('g2', {
        type: 'render',
        title: '',
        thumbnailUrl: null,
        createdAt: 'yesterday',
        sizeBytes: 'big',
        source: 'x',
        metadata: [],
      }),
    ).toEqual({
      id: 'g2',
      type: 'image',
      title: 'Untitled',
      prompt: '',
      storagePath: null,
      thumbnailUrl: null,
      thumbnailPath: null,
      originalUrl: null,
      contentType: null,
      sizeBytes: 0,
      source: null,
      createdAt: null,
      metadata: {},
    });
  });

  it('reads a missing document body as an empty record rather than throwing', () => {
    expect(toGeneration('g3', undefined)).toMatchObject({
      id: 'g3',
      title: 'Untitled',
      originalUrl: null,
    });
  });

  it('keeps the id from the document, never from a field', () => {
    expect(toGeneration('real', { id: 'forged' }).id).toBe('real');
  });
});

describe('pictures of a record', () => {
  it.each([
    [
      'an image shows its thumbnail',
      { type: 'image', thumbnailUrl: 'https://t', originalUrl: 'https://o' },
      'https://t',
      'https://t',
    ],
    [
      'an image without a thumbnail shows itself',
      { type: 'image', thumbnailUrl: null, originalUrl: 'https://o' },
      'https://o',
      null,
    ],
    [
      'a video shows its poster',
      { type: 'video', thumbnailUrl: 'https://p', originalUrl: 'https://v.mp4' },
      'https://p',
      'https://p',
    ],
    [
      'a video whose thumbnail is the file has no picture',
      { type: 'video', thumbnailUrl: 'https://v.mp4', originalUrl: 'https://v.mp4' },
      null,
      null,
    ],
    [
      'audio never shows its file as a picture',
      { type: 'audio', thumbnailUrl: 'https://a.mp3', originalUrl: 'https://a.mp3' },
      null,
      null,
    ],
  ] as const)('%s', (_name, data, picture, poster) => {
    const g = toGeneration('g', data);
    expect(pictureOf(g)).toBe(picture);
    expect(posterOf(g)).toBe(poster);
  });
});
