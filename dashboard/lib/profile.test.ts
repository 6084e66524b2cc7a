import { describe, expect, it } from 'vitest';
import { pickDisplayName } from './profile';

describe('pickDisplayName', () => {
  it.each([
    ['Ada', 'Auth name', 'a@b.c', 'Ada'],
    [null, 'Auth name', 'a@b.c', 'Auth name'],
    ['  ', 'Auth name', 'a@b.c', 'Auth name'],
    [null, null, 'grace@example.com', 'grace'],
    [null, null, null, 'there'],
  ])('profile %j, auth %j, email %j: %s', (profile, auth, email, expected) => {
    expect(pickDisplayName(profile, auth, email)).toBe(expected);
  });
});
