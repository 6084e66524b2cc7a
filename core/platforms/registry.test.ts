import { describe, expect, it } from 'vitest';
import { socialPlatformLabels, socialPlatforms } from '../integrations';
import { BLANK_TEXT, MEDIA_LIMIT_NOTES } from '../post-checks';
import { oauthPlatforms } from '../social-oauth';
import { publishPlatformNames, publishPostSchema, redditPostSchema } from '../social-posts';
import { checkDraft, platformFacts, platforms, publishPlatforms, SUBREDDIT_NAME } from '.';

describe('platform registry', () => {
  it('describes every publishing platform under its own id, with its checks and words', () => {
    expect(Object.keys(platforms).sort()).toEqual([...publishPlatforms].sort());
    for (const p of publishPlatforms) {
      expect(platforms[p].id).toBe(p);
      expect(platforms[p].blankText).toBe(BLANK_TEXT[p]);
      expect(platforms[p].mediaLimitNote).toBe(MEDIA_LIMIT_NOTES[p]);
      expect(publishPlatformNames[p]).toBe(platforms[p].label);
    }
    // The credentials' platforms are the publishing ones; their names come from the same record.
    expect([...socialPlatforms].sort()).toEqual([...publishPlatforms].sort());
    expect(socialPlatformLabels).toEqual({
      x: 'Twitter',
      linkedin: 'LinkedIn',
      reddit: 'Reddit',
      youtube: 'YouTube',
    });
  });

  it('names the OAuth platforms the connect flow accepts', () => {
    expect(publishPlatforms.filter((p) => platformFacts[p].oauth).sort()).toEqual(
      [...oauthPlatforms].sort(),
    );
  });

  it('checks a text draft through its platform: the counter and the click-time message', () => {
    expect(
      checkDraft({ platform: 'x', text: '', title: '', subreddit: '', author: '', media: [] }),
    ).toEqual({ used: 0, max: 280, problem: null, missing: BLANK_TEXT.x });
    expect(
      platforms.linkedin.checkDraft({ text: 'Hi', title: '', subreddit: '', author: '', media: [] })
        .missing,
    ).toBe('Please select where to post from');
    expect(platforms.x.textNote('See https://example.com')).toMatch(
      /Each link counts as 23 characters/,
    );
    expect(platforms.x.textNote('No link')).toBeNull();
  });

  it('has one subreddit rule for the schema and the composers', () => {
    expect(SUBREDDIT_NAME.test('tides')).toBe(true);
    expect(SUBREDDIT_NAME.test('a')).toBe(false);
    expect(redditPostSchema.shape.subreddit.safeParse('bad name').success).toBe(false);
    const post = {
      requestId: crypto.randomUUID(),
      platform: 'reddit',
      text: 'Body',
      reddit: { subreddit: 'r/tides', title: 'T' },
    };
    expect(publishPostSchema.safeParse(post).success).toBe(true);
  });
});
