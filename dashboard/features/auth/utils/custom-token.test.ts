import { describe, expect, it } from 'vitest';
import { uidOfCustomToken } from './custom-token';

const part = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: object) => `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.signature`;

describe('uidOfCustomToken', () => {
  it('reads the uid a custom token is for', () => {
    expect(
      uidOfCustomToken(token({ uid: 'alice-uid', aud: 'https://identitytoolkit.googleapis.com/' })),
    ).toBe('alice-uid');
  });

  it.each([
    ['a token without a uid', token({ sub: 'x' })],
    ['a token whose uid is not text', token({ uid: 42 })],
    ['something that is not a token', 'not-a-token'],
    ['a payload that is not JSON', 'a.!!!.c'],
  ])('gives null for %s', (_case, value) => {
    expect(uidOfCustomToken(value)).toBeNull();
  });
});
