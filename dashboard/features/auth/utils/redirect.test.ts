import { describe, expect, it } from 'vitest';
import { resolveRedirect } from './redirect';

const from = (pathname: string, search = '', hash = '') => ({
  from: { pathname, search, hash, state: null, key: 'k' },
});

describe('resolveRedirect', () => {
  it.each([
    ['no state', null, '/'],
    ['state without from', { other: 1 }, '/'],
    ['a guarded page', from('/settings'), '/settings'],
    ['a page with query and hash', from('/library', '?q=cat', '#top'), '/library?q=cat#top'],
    [
      'a nested page',
      from('/social/youtube/callback', '?code=1'),
      '/social/youtube/callback?code=1',
    ],
    ['a path string', { from: '/create/image' }, '/create/image'],
    ['the sign-in screen itself', from('/auth', '?view=sign_up'), '/'],
    ['below the sign-in screen', from('/auth/x'), '/'],
    ['a protocol-relative URL', { from: '//evil.example/phish' }, '/'],
    ['a backslash trick', { from: '/\\evil.example' }, '/'],
    ['a tab before a second slash', { from: '/\t/evil.example' }, '/'],
    ['a newline in the path', from('/settings\n'), '/'],
    ['an absolute URL', { from: 'https://evil.example/' }, '/'],
    ['a location without a pathname', { from: { search: '?a=1' } }, '/'],
    ['a non-string pathname', { from: { pathname: 42 } }, '/'],
  ])('sends the user to the right place for %s', (_, state, target) => {
    expect(resolveRedirect(state)).toBe(target);
  });
});
