import { describe, expect, it } from 'vitest';
import { toSocialPost } from '@core/social-posts';
import { postDoc, timestampOf } from '../test-support';
import { calendarPosts, dayOf, monthWeeks, movedInstant, weekDays } from './calendar';

const at = (iso: string) => new Date(iso);

describe('calendar dates', () => {
  it('lays out weeks Monday first, covering the whole month', () => {
    expect(weekDays('2026-11-25')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    const weeks = monthWeeks('2026-11-10');
    expect(weeks.map((w) => w[0])).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(weeks.at(-1)!.at(-1)).toBe('2026-12-06');
  });

  it('puts a post on the day it falls on in the grid zone', () => {
    expect(dayOf(at('2026-11-25T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-26');
    expect(dayOf(at('2026-11-25T23:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-25');
  });
});

describe('moving a post (wall-clock time kept in the zone it was planned in)', () => {
  it('keeps 09:00 Berlin across the autumn change (25 Oct 2026)', () => {
    // 24 Oct 09:00 CEST is 07:00Z; 26 Oct 09:00 CET is 08:00Z.
    expect(
      movedInstant(
        at('2026-10-24T07:00:00Z'),
        'Europe/Berlin',
        'Europe/Berlin',
        '2026-10-26',
      )?.toISOString(),
    ).toBe('2026-10-26T08:00:00.000Z');
  });

  it('keeps 09:00 Berlin across the spring change (29 Mar 2026) with the grid in Los Angeles', () => {
    // 28 Mar 09:00 CET is 08:00Z (01:00 on the 28th in LA); two days on is 30 Mar 09:00 CEST, 07:00Z.
    expect(
      movedInstant(
        at('2026-03-28T08:00:00Z'),
        'Europe/Berlin',
        'America/Los_Angeles',
        '2026-03-30',
      )?.toISOString(),
    ).toBe('2026-03-30T07:00:00.000Z');
  });

  it('keeps 18:00 Los Angeles across the US autumn change (1 Nov 2026)', () => {
    // 31 Oct 18:00 PDT is 01:00Z on 1 Nov; 2 Nov 18:00 PST is 02:00Z on 3 Nov. The grid in UTC shows them on 1 and 3 Nov.
    expect(
      movedInstant(
        at('2026-11-01T01:00:00Z'),
        'America/Los_Angeles',
        'UTC',
        '2026-11-03',
      )?.toISOString(),
    ).toBe('2026-11-03T02:00:00.000Z');
  });

  it('takes the week cell hour in the grid zone and keeps the minutes', () => {
    expect(
      movedInstant(
        at('2026-11-02T03:45:00Z'),
        'Asia/Kolkata',
        'Asia/Kolkata',
        '2026-11-04',
        10,
      )?.toISOString(),
    ).toBe('2026-11-04T04:45:00.000Z');
    expect(
      movedInstant(
        at('2026-11-02T03:45:00Z'),
        'Australia/Lord_Howe',
        'Australia/Lord_Howe',
        '2026-11-02',
        9,
      )?.toISOString(),
    ).toBe('2026-11-01T22:45:00.000Z');
  });

  it('is null when the drop changes nothing', () => {
    expect(
      movedInstant(at('2026-11-25T08:00:00Z'), 'Europe/Berlin', 'Europe/Berlin', '2026-11-25'),
    ).toBeNull();
  });
});

describe('calendarPosts', () => {
  const posts = [
    postDoc('a', { status: 'scheduled', scheduledAt: timestampOf('2026-11-27T08:00:00Z') }),
    postDoc('b', {
      platform: 'linkedin',
      status: 'published',
      publishedAt: timestampOf('2026-11-24T08:00:00Z'),
    }),
    postDoc('c', { status: 'cancelled', scheduledAt: timestampOf('2026-11-26T08:00:00Z') }),
  ].map((d) => toSocialPost(d.id, d.data));

  it('keeps scheduled, published and failed posts in time order, of the chosen channels', () => {
    expect(calendarPosts(posts, []).map((p) => p.id)).toEqual(['b', 'a']);
    expect(calendarPosts(posts, ['linkedin']).map((p) => p.id)).toEqual(['b']);
  });
});
