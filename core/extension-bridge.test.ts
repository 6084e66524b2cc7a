import { describe, expect, it } from 'vitest';
import { handoffFragment, readHandoffFragment } from './extension-bridge';

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
