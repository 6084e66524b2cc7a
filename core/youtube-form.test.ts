import { describe, expect, it } from 'vitest';
import { checkYouTubeForm, youtubeAccountState } from './youtube-form';

const account = (data: Record<string, unknown>) => [
  {
    id: 'youtube',
    data: {
      configured: true,
      hints: {},
      values: {},
      connected: false,
      updatedAt: { toDate: () => new Date() },
      ...data,
    },
  },
];
const mp4 = { contentType: 'video/mp4', sizeBytes: 5_000_000 };

describe('youtubeAccountState', () => {
  it.each([
    { account: 'no account document', docs: [], state: 'no-credentials' },
    {
      account: 'a saved client without a token',
      docs: account({ values: { clientId: 'client-1' } }),
      state: 'needs-authentication',
    },
    {
      account: 'a token',
      docs: account({ values: { clientId: 'client-1' }, connected: true }),
      state: 'ready',
    },
    {
      account: 'a token YouTube refused',
      docs: account({ values: { clientId: 'client-1' }, connected: true, needsReconnect: true }),
      state: 'needs-reconnect',
    },
  ])('$account is $state', ({ docs, state }) => {
    expect(youtubeAccountState(docs)).toBe(state);
  });
});

describe('checkYouTubeForm', () => {
  it('splits tags on commas, trimmed, empties dropped, and counts them as YouTube does', () => {
    const check = checkYouTubeForm({
      title: 'T',
      description: 'D',
      tags: ' music, ,short film,, tutorial ',
      media: [mp4],
    });
    expect(check.tags).toEqual(['music', 'short film', 'tutorial']);
    expect(check.tagChars).toBe(5 + 12 + 8 + 2);
  });

  it.each([
    [
      'a title of 101 characters',
      { title: 'a'.repeat(101) },
      'YouTube titles can be at most 100 characters (this one is 101)',
    ],
    ['a title with <', { title: 'a <tag>' }, 'YouTube titles cannot contain < or >'],
    [
      'a description of 5,001 bytes',
      { description: 'a'.repeat(4999) + 'é' },
      'YouTube descriptions can be at most 5,000 bytes (this one is 5,001)',
    ],
    [
      'a description with >',
      { description: 'a -> b' },
      'YouTube descriptions cannot contain < or >',
    ],
    [
      'an audio file',
      { media: [{ contentType: 'audio/mpeg', sizeBytes: 1000 }] },
      'YouTube takes video files (MP4, MOV, WebM, AVI, MPEG, MKV), not audio/mpeg',
    ],
    [
      'a 3 GB video',
      { media: [{ contentType: 'video/mp4', sizeBytes: 3 * 1024 ** 3 }] },
      'Videos for YouTube can be at most 2048 MB here (this one is 3072 MB)',
    ],
  ])('refuses %s, naming the limit', (_case, change, problem) => {
    expect(
      checkYouTubeForm({ title: 'T', description: 'D', tags: '', media: [mp4], ...change }).problem,
    ).toBe(problem);
  });

  it('leaves blank fields to the click: an empty form has no problem yet', () => {
    expect(
      checkYouTubeForm({ title: '', description: '', tags: '', media: [] }).problem,
    ).toBeNull();
  });

  it('accepts 100 characters of title and 5,000 bytes of description', () => {
    expect(
      checkYouTubeForm({
        title: 'a'.repeat(100),
        description: 'a'.repeat(5000),
        tags: 'x',
        media: [mp4],
      }).problem,
    ).toBeNull();
  });
});
