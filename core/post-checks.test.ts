import { describe, expect, it } from 'vitest';
import {
  BLANK_TEXT,
  CHOOSE_AUTHOR,
  checkRedditDraft,
  cleanSubreddit,
  REDDIT_REQUIRED,
} from './post-checks';
import { checkDraft } from './platforms';

const MB = 1024 * 1024;
const draft = (
  overrides: Partial<Parameters<typeof checkDraft>[0]> = {},
): Parameters<typeof checkDraft>[0] => ({
  platform: 'x',
  text: 'Hello',
  title: '',
  subreddit: '',
  author: '',
  media: [],
  ...overrides,
});

describe('checkRedditDraft', () => {
  it.each([
    [
      'a complete post',
      { subreddit: 'tides', title: 'High water', text: 'Body', media: [] },
      null,
      null,
    ],
    [
      'media instead of text',
      {
        subreddit: 'tides',
        title: 'High water',
        text: '',
        media: [{ contentType: 'image/png', sizeBytes: MB }],
      },
      null,
      null,
    ],
    [
      'no subreddit',
      { subreddit: '', title: 'High water', text: 'Body', media: [] },
      null,
      `${REDDIT_REQUIRED}: Subreddit`,
    ],
    [
      'no title',
      { subreddit: 'tides', title: '  ', text: 'Body', media: [] },
      null,
      `${REDDIT_REQUIRED}: Title`,
    ],
    [
      'neither text nor media',
      { subreddit: 'tides', title: 'High water', text: ' ', media: [] },
      null,
      `${REDDIT_REQUIRED}: Content or an image`,
    ],
    [
      'a subreddit with a space',
      { subreddit: 'tide tables', title: 'T', text: 'B', media: [] },
      'Please enter a valid subreddit name',
      null,
    ],
    [
      'a title of 301 characters',
      { subreddit: 'tides', title: 'a'.repeat(301), text: 'B', media: [] },
      'Reddit titles can be at most 300 characters (this one is 301)',
      null,
    ],
    [
      'a body of 40,001 characters',
      { subreddit: 'tides', title: 'T', text: 'a'.repeat(40_001), media: [] },
      'Reddit posts can be at most 40,000 characters (this one is 40,001)',
      null,
    ],
  ])('%s', (_, post, problem, missing) => {
    expect(checkRedditDraft(post)).toEqual({ problem, missing });
  });

  it.each([
    ['r/tides', 'tides'],
    ['/r/Tides_2', 'Tides_2'],
    ['  tides ', 'tides'],
  ])('reads %s as the subreddit %s', (input, name) => {
    expect(cleanSubreddit(input)).toBe(name);
  });
});

describe('checkDraft', () => {
  it('counts X text by weight: a link is 23 whatever its length', () => {
    expect(checkDraft(draft({ text: `Read https://example.com/${'a'.repeat(100)}` }))).toEqual({
      used: 5 + 23,
      max: 280,
      problem: null,
      missing: null,
    });
  });

  it('disables Post on X over the weighted limit', () => {
    expect(checkDraft(draft({ text: '🔥'.repeat(141) })).problem).toBe(
      "Your post is 2 characters over X's 280 limit",
    );
  });

  it.each([
    [
      'a zero-width no-break space',
      'Hello\uFEFFworld',
      'an invisible character X refuses (U+FEFF)',
    ],
    [
      'the noncharacters U+FFFF and U+FFFE',
      'ABC\u202A\uFFFFABC\uFFFE',
      'invisible characters X refuses (U+FFFF, U+FFFE)',
    ],
  ])('disables Post on X for text twitter-text calls invalid: %s', (_label, text, words) => {
    const { problem } = checkDraft(draft({ text }));
    expect(problem).toContain(words);
    expect(problem).toContain('delete and retype');
  });

  it.each([
    [
      '2,990 letters and 10 parentheses (LinkedIn counts the text, not our escapes)',
      `${'a'.repeat(2990)}${'()'.repeat(5)}`,
      3000,
      null,
    ],
    [
      '3,001 letters',
      'a'.repeat(3001),
      3001,
      'LinkedIn posts can be at most 3,000 characters (this one is 3,001)',
    ],
    [
      '2,000 emoji (each counts 2)',
      '🔥'.repeat(2000),
      4000,
      'LinkedIn posts can be at most 3,000 characters (this one is 4,000; LinkedIn counts an emoji as 2)',
    ],
  ])('counts LinkedIn text as LinkedIn does: %s', (_label, text, used, problem) => {
    expect(
      checkDraft(draft({ platform: 'linkedin', author: 'urn:li:person:abc', text })),
    ).toMatchObject({ used, problem });
  });

  it('names blank text on X and LinkedIn with the composers’ words', () => {
    expect(checkDraft(draft({ text: ' ' })).missing).toBe(BLANK_TEXT.x);
    expect(checkDraft(draft({ platform: 'linkedin', text: '' })).missing).toBe(BLANK_TEXT.linkedin);
  });

  it('asks who posts on LinkedIn', () => {
    expect(checkDraft(draft({ platform: 'linkedin' })).missing).toBe(CHOOSE_AUTHOR);
    expect(
      checkDraft(draft({ platform: 'linkedin', author: 'urn:li:person:abc' })).missing,
    ).toBeNull();
  });

  it('refuses media the platform would refuse', () => {
    expect(
      checkDraft(
        draft({
          platform: 'linkedin',
          author: 'urn:li:person:abc',
          media: [{ contentType: 'image/png', sizeBytes: 6 * MB }],
        }),
      ).problem,
    ).toBe('Images on LinkedIn can be at most 5 MB (this one is 6 MB)');
  });

  it('requires a subreddit and a title on Reddit', () => {
    expect(checkDraft(draft({ platform: 'reddit' }))).toEqual({
      used: 5,
      max: 40_000,
      problem: null,
      missing: `${REDDIT_REQUIRED}: Subreddit, Title`,
    });
    expect(
      checkDraft(draft({ platform: 'reddit', subreddit: 'r/tides', title: 'T' })).missing,
    ).toBeNull();
  });
});
