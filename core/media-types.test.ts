import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acceptAttribute, uploadContentTypes, uploadKindOf } from './media-types';

const storageRules = readFileSync(
  fileURLToPath(new URL('../storage.rules', import.meta.url)),
  'utf8',
);

/** The list a storage.rules function such as imageTypes() returns. */
function rulesList(name: string): string[] {
  const body = new RegExp(`function ${name}\\(\\) \\{\\s*return \\[([^\\]]*)\\];`).exec(
    storageRules,
  )?.[1];
  if (body === undefined) throw new Error(`storage.rules has no function ${name}()`);
  return [...body.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe('upload content types', () => {
  it.each([
    ['image', 'imageTypes'],
    ['video', 'videoTypes'],
    ['audio', 'audioTypes'],
  ] as const)('storage.rules accepts exactly the %s types the app uploads', (kind, fn) => {
    expect(rulesList(fn)).toEqual([...uploadContentTypes[kind]]);
  });

  it.each([
    ['image/png', 'image'],
    ['IMAGE/JPEG', 'image'],
    ['image/webp', 'image'],
    ['image/gif', 'image'],
    ['video/mp4', 'video'],
    ['video/webm', 'video'],
    ['video/quicktime', 'video'],
    ['audio/mpeg', 'audio'],
    ['audio/wav', 'audio'],
    ['audio/x-wav', 'audio'],
    ['audio/wave', 'audio'],
    ['audio/ogg', 'audio'],
    ['audio/mp4', 'audio'],
    ['image/svg+xml', undefined],
    ['text/html', undefined],
    ['image/avif', undefined],
    ['application/xhtml+xml', undefined],
    ['video/x-matroska', undefined],
    ['video/webm;codecs=vp9', undefined],
    ['', undefined],
  ])('reads %j as %s', (contentType, kind) => {
    expect(uploadKindOf(contentType)).toBe(kind);
  });

  it('lists the accepted types of the kinds a file input takes', () => {
    expect(acceptAttribute(['image'])).toBe('image/png,image/jpeg,image/webp,image/gif');
    expect(acceptAttribute(['image', 'video']).split(',')).toEqual([
      ...uploadContentTypes.image,
      ...uploadContentTypes.video,
    ]);
  });
});
