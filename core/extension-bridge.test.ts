import { describe, expect, it } from 'vitest';
import { handoffFragment, readHandoffFragment } from './extension-bridge';
import { isAppPath } from './routes';

const code = 'Zx_-'.repeat(10) + 'abc';

describe('the dashboard hand-off fragment', () => {
  it('carries the code and the path to open, and reads back the same', () => {
    const fragment = handoffFragment({ code, next: '/library?item=g1' });
    expect(fragment.startsWith('#')).toBe(true);
    expect(readHandoffFragment(fragment)).toEqual({ code, next: '/library?item=g1' });
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example/'],
    ['a backslash trick', '/\\evil.example/'],
    ['a script address', 'javascript:alert(1)'],
    ['a tab before a second slash', '/\t/evil.example/'],
    ['a newline before a second slash', '/\n/evil.example/'],
    ['a carriage return before a second slash', '/\r/evil.example/'],
    ['a tab inside a path', '/library\t'],
    ['a NUL', '/library\u0000'],
    ['a DEL', '/\u007f/evil.example/'],
    ['a backslash after a tab', '/\t\\evil.example/'],
    ['a relative path', 'library'],
  ])('opens the dashboard home instead of %s', (_case, next) => {
    expect(readHandoffFragment(handoffFragment({ code, next }))?.next).toBe('/');
  });

  it.each([
    ['no fragment', ''],
    ['no code', '#next=/library'],
    ['a code of the wrong shape', '#code=short'],
  ])('carries nothing with %s', (_case, hash) => {
    expect(readHandoffFragment(hash)).toBeNull();
  });
});

describe('isAppPath: the paths the app follows after a sign-in', () => {
  it.each(['/', '/library?item=g1', '/compose#draft', '/social/x?tab=recent%20posts', '/a%2F%2Fb'])(
    'follows %s',
    (path) => expect(isAppPath(path)).toBe(true),
  );

  it.each([
    '',
    'library',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/ok\u0000',
    '/\u001b[31m',
    'https://evil.example/',
    'javascript:alert(1)',
  ])('refuses %j', (path) => expect(isAppPath(path)).toBe(false));
});
