import { describe, expect, it } from 'vitest';
import { bestTimeSlotLabel, bestTimesToPost } from './best-times';
import { postMetricsSchema } from './post-metrics';

/** Rates in whole hundredths of a percent, so sums of floats compare exactly. */
const round = (rate: number) => Math.round(rate * 10_000) / 10_000;
const at = (iso: string) => ({ toDate: () => new Date(iso) });
/** A published post with one snapshot of `likes` engagements over `views` views. */
const post = (publishedAt: string, likes: number, views = 100) => ({
  publishedAt: new Date(publishedAt),
  metrics: postMetricsSchema.parse({
    '1d': {
      takenAt: at('2026-11-24T12:00:00Z'),
      source: 'X',
      counts: { likes, impressions: views },
    },
  }),
});

describe('best times to post', () => {
  it('asks for more measured posts until there are ten, leaving out posts without views or snapshots', () => {
    const nine = Array.from({ length: 9 }, (_, i) => post('2026-11-24T09:15:00Z', i));
    const unmeasured = [
      {
        publishedAt: new Date('2026-11-24T09:15:00Z'),
        metrics: postMetricsSchema.parse(undefined),
      },
      post('2026-11-24T09:15:00Z', 5, 0),
      { publishedAt: null, metrics: post('2026-11-24T09:15:00Z', 5).metrics },
    ];
    expect(bestTimesToPost([...nine, ...unmeasured], 'UTC')).toEqual({
      status: 'needMore',
      needed: 1,
      measured: 9,
    });
    expect(bestTimesToPost([], 'UTC')).toEqual({ status: 'needMore', needed: 10, measured: 0 });
    const ready = bestTimesToPost([...nine, post('2026-11-24T09:45:00Z', 9)], 'UTC');
    expect(ready).toEqual({
      status: 'ready',
      measured: 10,
      slots: [{ weekday: 2, hour: 9, engagementRate: 0.045, posts: 10 }],
    });
  });

  it('asks for one more post while no slot has two, however many were measured', () => {
    const spread = Array.from({ length: 12 }, (_, i) =>
      post(`2026-11-24T${String(i).padStart(2, '0')}:00:00Z`, 3),
    );
    expect(bestTimesToPost(spread, 'UTC')).toEqual({ status: 'needMore', needed: 1, measured: 12 });
  });

  it('ranks slots with two posts or more by median engagement per view and keeps the top three', () => {
    const posts = [
      // Tue 09 UTC: 2%, 4%, 30% -> median 4%
      post('2026-11-24T09:00:00Z', 2),
      post('2026-11-24T09:30:00Z', 4),
      post('2026-11-17T09:59:00Z', 30),
      // Wed 14: 5%, 7% -> 6%
      post('2026-11-25T14:10:00Z', 5),
      post('2026-11-18T14:20:00Z', 7),
      // Thu 08: 1%, 1% -> 1%
      post('2026-11-26T08:00:00Z', 1),
      post('2026-11-19T08:00:00Z', 1),
      // Fri 18: 3%, 5% -> 4%, ties with Tue 09 but has fewer posts
      post('2026-11-20T18:00:00Z', 3),
      post('2026-11-13T18:00:00Z', 5),
      // Sat 12: one post at 90%, too few to count
      post('2026-11-21T12:00:00Z', 90),
    ];
    const result = bestTimesToPost(posts, 'UTC');
    expect(result.status).toBe('ready');
    if (result.status !== 'ready') return;
    expect(
      result.slots.map((s) => [bestTimeSlotLabel(s), round(s.engagementRate), s.posts]),
    ).toEqual([
      ['Wed 14:00-15:00', 0.06, 2],
      ['Tue 09:00-10:00', 0.04, 3],
      ['Fri 18:00-19:00', 0.04, 2],
    ]);
  });

  it('orders slots tied on rate and posts by weekday, then hour, whatever order the posts come in', () => {
    const posts = [
      post('2026-11-27T10:00:00Z', 5), // Fri 10
      post('2026-11-20T10:00:00Z', 5),
      post('2026-11-23T16:00:00Z', 5), // Mon 16
      post('2026-11-16T16:00:00Z', 5),
      post('2026-11-23T08:00:00Z', 5), // Mon 08
      post('2026-11-16T08:00:00Z', 5),
      post('2026-11-25T23:00:00Z', 5), // Wed 23
      post('2026-11-18T23:00:00Z', 5),
      post('2026-11-24T12:00:00Z', 5), // Tue 12
      post('2026-11-17T12:00:00Z', 5),
    ];
    const labels = (list: typeof posts) => {
      const r = bestTimesToPost(list, 'UTC');
      return r.status === 'ready' ? r.slots.map(bestTimeSlotLabel) : r;
    };
    expect(labels(posts)).toEqual(['Mon 08:00-09:00', 'Mon 16:00-17:00', 'Tue 12:00-13:00']);
    expect(labels([...posts].reverse())).toEqual([
      'Mon 08:00-09:00',
      'Mon 16:00-17:00',
      'Tue 12:00-13:00',
    ]);
    expect(bestTimeSlotLabel({ weekday: 3, hour: 23 })).toBe('Wed 23:00-24:00');
  });

  it('reads weekday and hour in the workspace zone', () => {
    // Sunday 23:30 UTC is Monday 05:00 in Kolkata (UTC+05:30) and Sunday 18:30 in New York (EST).
    const posts = Array.from({ length: 10 }, (_, i) =>
      post(i % 2 ? '2026-11-22T23:30:00Z' : '2026-11-15T23:30:00Z', 5),
    );
    const slotOf = (zone: string) => {
      const r = bestTimesToPost(posts, zone);
      return r.status === 'ready' ? bestTimeSlotLabel(r.slots[0]!) : r;
    };
    expect(slotOf('UTC')).toBe('Sun 23:00-24:00');
    expect(slotOf('Asia/Kolkata')).toBe('Mon 05:00-06:00');
    expect(slotOf('America/New_York')).toBe('Sun 18:00-19:00');
  });

  it('reads DST days by wall clock: both 01:30s of a fall-back night share a slot, a skipped hour has none', () => {
    // New York, 1 Nov 2026: 01:30 EDT (05:30Z), then 01:30 EST (06:30Z).
    // 8 Mar 2026: 02:00-03:00 is skipped; 07:30Z is 03:30 EDT, and 06:30Z is 01:30 EST.
    const posts = [
      post('2026-11-01T05:30:00Z', 2),
      post('2026-11-01T06:30:00Z', 4),
      post('2026-03-08T07:30:00Z', 8),
      post('2026-03-08T07:45:00Z', 8),
      post('2026-03-08T06:30:00Z', 1),
      ...['2026-11-06', '2026-11-13', '2026-11-20', '2026-11-27', '2026-12-04'].map((day) =>
        post(`${day}T15:00:00Z`, 0),
      ),
    ];
    const result = bestTimesToPost(posts, 'America/New_York');
    expect(result.status).toBe('ready');
    if (result.status !== 'ready') return;
    expect(
      result.slots.map((s) => [bestTimeSlotLabel(s), s.posts, round(s.engagementRate)]),
    ).toEqual([
      ['Sun 03:00-04:00', 2, 0.08],
      ['Sun 01:00-02:00', 3, 0.02],
      ['Fri 10:00-11:00', 5, 0],
    ]);
  });
});
