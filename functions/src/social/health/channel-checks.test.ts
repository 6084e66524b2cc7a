import { describe, expect, it } from 'vitest';
import { dueChannelChecks, type ScheduledPostRef } from './channel-checks';

const H = 60 * 60_000;
const M = 60_000;
const T = Date.UTC(2026, 10, 26, 12, 0, 0);
const post = (over: Partial<ScheduledPostRef> = {}): ScheduledPostRef => ({
  uid: 'u1',
  platform: 'reddit',
  scheduledAt: T,
  ...over,
});

describe('dueChannelChecks', () => {
  it.each([
    ['more than a day ahead', T - 25 * H, undefined, false],
    ['a day ahead, never checked', T - 24 * H, undefined, true],
    ['a day ahead, checked a week ago', T - 23 * H, T - 7 * 24 * H, true],
    ['a day ahead, checked since the day mark', T - 23 * H, T - 23.5 * H, false],
    ['10 minutes ahead, last checked at the day mark', T - 9 * M, T - 24 * H, true],
    ['10 minutes ahead, checked since the 10-minute mark', T - 5 * M, T - 8 * M, false],
    ['the post is due or past (the publish itself tells)', T, undefined, false],
  ] as const)('%s', (_name, now, lastChecked, due) => {
    const last = new Map(lastChecked === undefined ? [] : [['u1/reddit', lastChecked]]);
    expect(dueChannelChecks([post()], last, now)).toEqual(
      due ? [{ uid: 'u1', platform: 'reddit' }] : [],
    );
  });

  it('checks each channel once, whatever the number of its posts, and every channel apart', () => {
    const now = T - 30 * M;
    const posts = [
      post(),
      post({ scheduledAt: T + H }),
      post({ platform: 'x' }),
      post({ uid: 'u2' }),
    ];
    expect(dueChannelChecks(posts, new Map(), now)).toEqual([
      { uid: 'u1', platform: 'reddit' },
      { uid: 'u1', platform: 'x' },
      { uid: 'u2', platform: 'reddit' },
    ]);
  });

  it('a later post whose own mark has come makes its channel due even when an earlier post was checked', () => {
    // The 12:00 post was checked at its 11:50 mark; the 12:20 post's 10-minute mark (12:10) came after.
    const posts = [post(), post({ scheduledAt: T + 20 * M })];
    expect(dueChannelChecks(posts, new Map([['u1/reddit', T - 10 * M]]), T - 10 * M + M)).toEqual(
      [],
    );
    expect(
      dueChannelChecks(posts.slice(1), new Map([['u1/reddit', T - 10 * M]]), T + 11 * M),
    ).toEqual([{ uid: 'u1', platform: 'reddit' }]);
  });
});
