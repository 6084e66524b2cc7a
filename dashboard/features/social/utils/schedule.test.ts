import { describe, expect, it } from 'vitest';
import { checkScheduleDate, instantToLocalInput, localInputToInstant, SCHEDULE_MESSAGES } from './schedule';

describe('localInputToInstant', () => {
  it.each([
    ['2026-11-23T18:00', 'Europe/Berlin', '2026-11-23T17:00:00.000Z'],
    ['2026-07-01T18:00', 'Europe/Berlin', '2026-07-01T16:00:00.000Z'],
    ['2026-07-01T09:30', 'America/New_York', '2026-07-01T13:30:00.000Z'],
    ['2026-01-01T00:00', 'Asia/Kolkata', '2025-12-31T18:30:00.000Z'],
    ['2026-06-15T12:00', 'UTC', '2026-06-15T12:00:00.000Z'],
    ['2026-11-01T01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-03-08T02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
  ])('reads %s in %s as %s', (value, zone, iso) => {
    expect(localInputToInstant(value, zone)?.toISOString()).toBe(iso);
  });

  it.each(['', '2026-02-30T10:00', 'tomorrow', '2026-11-23'])('refuses %j', (value) => {
    expect(localInputToInstant(value, 'Europe/Berlin')).toBeNull();
  });

  it('shows an instant back as the value the user typed', () => {
    expect(instantToLocalInput(new Date('2026-11-23T17:00:00.000Z'), 'Europe/Berlin')).toBe('2026-11-23T18:00');
    expect(instantToLocalInput(new Date('2025-12-31T18:30:00.000Z'), 'Asia/Kolkata')).toBe('2026-01-01T00:00');
  });
});

describe('checkScheduleDate', () => {
  const now = new Date('2026-11-23T17:00:00.000Z');
  it.each([
    ['', 'Europe/Berlin', { ok: true, scheduledAt: null }],
    ['2026-11-23T18:30', 'Europe/Berlin', { ok: true, scheduledAt: '2026-11-23T17:30:00.000Z' }],
    ['2026-11-23T18:00', 'Europe/Berlin', { ok: false, message: SCHEDULE_MESSAGES.past }],
    ['2026-11-23T17:30', 'Europe/Berlin', { ok: false, message: SCHEDULE_MESSAGES.past }],
    ['2026-11-23T17:30', 'UTC', { ok: true, scheduledAt: '2026-11-23T17:30:00.000Z' }],
    ['2026-11-23T11:30', 'America/New_York', { ok: false, message: SCHEDULE_MESSAGES.past }],
    ['2026-11-23T13:00', 'America/New_York', { ok: true, scheduledAt: '2026-11-23T18:00:00.000Z' }],
    ['not a date', 'UTC', { ok: false, message: SCHEDULE_MESSAGES.invalid }],
  ])('%j in %s gives %j', (value, zone, expected) => {
    expect(checkScheduleDate(value, zone, now)).toEqual(expected);
  });
});
