import { describe, expect, it } from 'vitest';
import { parseProfile, pickDisplayName } from './profile';

describe('parseProfile', () => {
  it('uses the defaults for a user with no profile yet', () => {
    expect(parseProfile(undefined)).toEqual({ displayName: null, settings: { emailNotifications: false, projectUpdates: true, animations: true } });
  });

  it('takes stored switches and fills the missing ones with defaults', () => {
    expect(parseProfile({ displayName: 'Ada', settings: { animations: false } })).toEqual({
      displayName: 'Ada',
      settings: { emailNotifications: false, projectUpdates: true, animations: false },
    });
  });

  it('ignores values of the wrong type', () => {
    expect(parseProfile({ displayName: 42, settings: { emailNotifications: 'yes', projectUpdates: false } }).settings).toEqual({
      emailNotifications: false,
      projectUpdates: false,
      animations: true,
    });
  });
});

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
