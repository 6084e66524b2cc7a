import { describe, expect, it } from 'vitest';
import { toProfile } from './profile';

describe('toProfile', () => {
  it('uses the defaults for a user with no profile yet', () => {
    expect(toProfile(undefined)).toEqual({
      displayName: null,
      settings: { emailNotifications: false, projectUpdates: true, animations: true },
      scheduling: { timeZone: null, slots: {} },
    });
  });

  it('takes stored switches and fills the missing ones with defaults', () => {
    expect(toProfile({ displayName: 'Ada', settings: { animations: false } })).toEqual({
      displayName: 'Ada',
      settings: { emailNotifications: false, projectUpdates: true, animations: false },
      scheduling: { timeZone: null, slots: {} },
    });
  });

  it('ignores values of the wrong type', () => {
    expect(
      toProfile({ displayName: 42, settings: { emailNotifications: 'yes', projectUpdates: false } })
        .settings,
    ).toEqual({
      emailNotifications: false,
      projectUpdates: false,
      animations: true,
    });
  });
  it('reads the workspace zone and slots, dropping an unknown zone', () => {
    const slot = { days: [1, 2, 3, 4, 5], time: '09:00' };
    expect(
      toProfile({ scheduling: { timeZone: 'Europe/Berlin', slots: { x: [slot] } } }).scheduling,
    ).toEqual({
      timeZone: 'Europe/Berlin',
      slots: { x: [expect.objectContaining({ time: '09:00' })] },
    });
    expect(
      toProfile({ scheduling: { timeZone: 'Mars/Olympus_Mons' } }).scheduling.timeZone,
    ).toBeNull();
  });

  it('reads a blank display name as none', () => {
    expect(toProfile({ displayName: '   ' }).displayName).toBeNull();
  });
});
