import { describe, expect, it } from 'vitest';
import { addLibraryFileSchema, libraryIdForPath } from './library-files';

describe('addLibraryFileSchema', () => {
  it.each([
    ['an upload', { storagePath: 'uid_1/uploads/0b6f3c1e-9d.png' }],
    [
      'a render with its project',
      { storagePath: 'uid_1/renders/abc.webm', title: 'Trip', projectId: 'p1' },
    ],
  ])('accepts %s', (_n, payload) => {
    expect(addLibraryFileSchema.safeParse(payload).success).toBe(true);
  });

  it.each([
    ['no path', {}],
    ['a generations path', { storagePath: 'uid/generations/a.png' }],
    ['a nested path', { storagePath: 'uid/uploads/x/a.png' }],
    ['a climbing path', { storagePath: 'uid/uploads/../a.png' }],
    ['a path without an extension', { storagePath: 'uid/uploads/a' }],
    ['an extra field', { storagePath: 'uid/uploads/a.png', type: 'video' }],
    ['a project id with a slash', { storagePath: 'uid/renders/a.mp4', projectId: 'a/b' }],
    ['a title too long', { storagePath: 'uid/uploads/a.png', title: 'x'.repeat(201) }],
  ])('refuses %s', (_n, payload) => {
    expect(addLibraryFileSchema.safeParse(payload).success).toBe(false);
  });
});

describe('libraryIdForPath', () => {
  it('is the folder, the file name and its extension', () => {
    expect(libraryIdForPath('u/uploads/0b6f3c1e.png')).toBe('uploads_0b6f3c1e_png');
    expect(libraryIdForPath('u/renders/abc-def.webm')).toBe('renders_abc-def_webm');
  });

  it('gives files of one name in other types or folders their own records', () => {
    const ids = [
      'u/uploads/t.png',
      'u/uploads/t.mp4',
      'u/renders/t.mp4',
      'u/uploads/t_mp4.png',
    ].map(libraryIdForPath);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
