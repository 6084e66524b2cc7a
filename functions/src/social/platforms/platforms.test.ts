import { describe, expect, it } from 'vitest';
import { platformFacts, platforms } from '@core/platforms';
import { publishPlatforms } from '@core/social-posts';
import { oauthFlows } from '../oauth/platform-oauth';
import { adapterOf, platformAdapters } from '.';

const noFetch = (() => Promise.reject(new Error('no network in this test'))) as typeof fetch;

describe('platform adapters', () => {
  it('has one adapter for every platform in the core registry, under its id', () => {
    expect(Object.keys(platformAdapters).sort()).toEqual(Object.keys(platforms).sort());
    for (const p of publishPlatforms) expect(adapterOf(p).id).toBe(p);
  });

  it('gives an OAuth flow to exactly the platforms core says connect through OAuth', () => {
    for (const p of publishPlatforms) {
      expect(Boolean(adapterOf(p).oauth)).toBe(platformFacts[p].oauth);
      if (platformFacts[p].oauth)
        expect(adapterOf(p).oauth).toBe(oauthFlows[p as keyof typeof oauthFlows]);
    }
  });

  it('checks a post and builds a publisher for every platform', () => {
    const stored = {
      accessToken: 't',
      consumerKey: 'k',
      consumerSecret: 's',
      accessTokenSecret: 'ts',
      userAgent: 'web:muse:1 (by /u/me)',
    };
    for (const p of publishPlatforms) {
      const adapter = adapterOf(p);
      const problem = adapter.problem({
        text: 'Hello',
        media: [],
        author: 'urn:li:person:abc',
        reddit: { subreddit: 'tides', title: 'T' },
        youtube: { title: 'T', tags: [], privacyStatus: 'private', publishAt: null },
      });
      expect(problem).toBe(p === 'youtube' ? 'Please choose one video to upload' : undefined);
      const publisher = adapter.publisher(stored, {
        baseUrl: 'http://127.0.0.1:1',
        fetch: noFetch,
        now: () => 0,
        sleep: () => Promise.resolve(),
      });
      expect(typeof publisher.publish).toBe('function');
    }
  });

  it('refuses with each platform’s own words', () => {
    const post = { text: 'x'.repeat(3001), media: [], author: 'urn:li:person:abc' };
    expect(adapterOf('linkedin').problem(post)).toBe(
      'LinkedIn posts are limited to 3000 characters.',
    );
    expect(adapterOf('x').problem(post)).toMatch(/^Posts on X can be at most 280 characters/);
    expect(adapterOf('x').problem({ text: 'Hi', media: [] })).toBeUndefined();
  });
});
