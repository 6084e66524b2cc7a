import { describe, expect, it } from 'vitest';
import { toProfile } from './profile';

describe('toProfile', () => {
  it('uses the defaults for a user with no profile yet', () => {
    expect(toProfile(undefined)).toEqual({ displayName: null, settings: { emailNotifications: false, projectUpdates: true, animations: true } });
  });

  it('takes stored switches and fills the missing ones with defaults', () => {
    expect(toProfile({ displayName: 'Ada', settings: { animations: false } })).toEqual({
      displayName: 'Ada',
      settings: { emailNotifications: false, projectUpdates: true, animations: false },
    });
  });

  it('ignores values of the wrong type', () => {
    expect(toProfile({ displayName: 42, settings: { emailNotifications: 'yes', projectUpdates: false } }).settings).toEqual({
      emailNotifications: false,
      projectUpdates: false,
      animations: true,
    });
  });
  it('reads a blank display name as none', () => {
    expect(toProfile({ displayName: '   ' }).displayName).toBeNull();
  });
});
