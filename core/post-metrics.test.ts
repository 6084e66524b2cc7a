import { describe, expect, it } from 'vitest';
import {
  engagementRate,
  engagementsOf,
  latestSnapshot,
  modelOf,
  postMetricsSchema,
  resultsByModel,
  resultsTotals,
} from './post-metrics';

const at = (iso: string) => ({ toDate: () => new Date(iso) });
const read = (raw: unknown) => postMetricsSchema.parse(raw);

describe('post metrics', () => {
  it('reads only well-formed snapshots of known windows, and only known, finite figures', () => {
    const metrics = read({
      '1h': {
        takenAt: at('2026-11-23T12:00:00Z'),
        source: 'X',
        counts: { likes: 3, impressions: 40, future: 9, comments: 'many', shares: -1 },
      },
      '1d': { source: 'X', counts: { likes: 9 } },
      '30d': { takenAt: at('2026-11-23T12:00:00Z'), source: 'X', counts: { likes: 1 } },
    });
    expect(Object.keys(metrics)).toEqual(['1h']);
    expect(metrics['1h']!.counts).toEqual({ likes: 3, impressions: 40 });
    expect(read(null)).toEqual({});
    expect(read('odd')).toEqual({});
    expect(
      read({ '1h': { takenAt: at('2026-11-23T12:00:00Z'), counts: { score: -4 } } })['1h']!.counts,
    ).toEqual({ score: -4 });
  });

  it('adds up each post by its newest snapshot', () => {
    const posts = [
      {
        metrics: read({
          '1h': { takenAt: at('2026-11-23T12:00:00Z'), counts: { impressions: 10, likes: 1 } },
          '1d': {
            takenAt: at('2026-11-24T12:00:00Z'),
            counts: { impressions: 100, likes: 8, comments: 2 },
          },
        }),
      },
      {
        metrics: read({
          '1h': {
            takenAt: at('2026-11-23T12:00:00Z'),
            counts: { score: 7, comments: 1, upvoteRatio: 0.9 },
          },
        }),
      },
      { metrics: read(undefined) },
    ];
    expect(latestSnapshot(posts[0]!.metrics)?.window).toBe('1d');
    expect(resultsTotals(posts)).toEqual({
      posts: 2,
      views: 100,
      viewsReported: true,
      engagements: 10 + 8,
    });
    expect(engagementsOf({ score: -3, comments: 1 })).toBe(1);
    expect(engagementRate(posts)).toBe(10);
    expect(engagementRate([posts[1]!])).toBeNull();
  });

  it('groups posts by the model of their media, best engagements per post first', () => {
    const m = (likes: number) =>
      read({
        '1h': { takenAt: at('2026-11-23T12:00:00Z'), counts: { likes, impressions: likes * 10 } },
      });
    expect(
      resultsByModel([
        { metrics: m(4), model: 'flux-pro-1.1' },
        { metrics: m(10), model: 'ray-2' },
        { metrics: m(8), model: 'flux-pro-1.1' },
        { metrics: read({}), model: 'ray-2' },
        { metrics: m(1), model: null },
      ]),
    ).toEqual([
      { model: 'ray-2', posts: 1, engagementsPerPost: 10, viewsPerPost: 100 },
      { model: 'flux-pro-1.1', posts: 2, engagementsPerPost: 6, viewsPerPost: 60 },
      { model: 'No library media', posts: 1, engagementsPerPost: 1, viewsPerPost: 10 },
    ]);
    expect(modelOf({ model: ' ray-2 ' })).toBe('ray-2');
    expect(modelOf({ modelId: 'eleven_multilingual_v2' })).toBe('eleven_multilingual_v2');
    expect(modelOf({ model: 3 })).toBeNull();
  });
});
