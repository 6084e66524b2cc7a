import { describe, expect, it } from 'vitest';
import { publishPostSchema } from './social-posts';

const requestId = '3f0c1f4e-8a5b-4c1d-9e2f-0a1b2c3d4e5f';
const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message ?? null;

describe('publishPostSchema', () => {
  it('takes a YouTube video without a description (YouTube does not require one)', () => {
    const input = {
      requestId,
      platform: 'youtube',
      text: '',
      media: [{ generationId: 'clip' }],
      youtube: { title: 'Lighthouse at dusk', tags: [], privacyStatus: 'private', publishAt: null },
    };
    expect(firstMessage(publishPostSchema.safeParse(input))).toBeNull();
  });

  it.each(['x', 'linkedin'])('still refuses a %s post without text', (platform) => {
    expect(firstMessage(publishPostSchema.safeParse({ requestId, platform, text: ' ' }))).toBe(
      'Please enter post content',
    );
  });
});

describe('threads and first comments in publishPostSchema', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `Part ${i + 2}` }));

  it('takes an X thread of up to 25 posts with a first comment', () => {
    const parsed = publishPostSchema.safeParse({
      requestId,
      platform: 'x',
      text: 'Part 1',
      thread: items(24),
      firstComment: 'More below',
    });
    expect(firstMessage(parsed)).toBeNull();
    expect(parsed.data?.thread[0]).toEqual({ text: 'Part 2', media: [] });
    expect(
      firstMessage(
        publishPostSchema.safeParse({
          requestId,
          platform: 'x',
          text: 'Part 1',
          thread: items(25),
        }),
      ),
    ).toBe('A thread can have at most 25 posts');
  });

  it('refuses an empty thread item and a thread off X; takes a first comment on every platform', () => {
    expect(
      firstMessage(
        publishPostSchema.safeParse({
          requestId,
          platform: 'x',
          text: 'Part 1',
          thread: [{ text: ' ' }],
        }),
      ),
    ).toBe('Please enter post content');
    expect(
      firstMessage(
        publishPostSchema.safeParse({
          requestId,
          platform: 'linkedin',
          text: 'Hi',
          thread: items(1),
        }),
      ),
    ).toBe('Threads are not available on LinkedIn');
    expect(
      firstMessage(
        publishPostSchema.safeParse({
          requestId,
          platform: 'linkedin',
          text: 'Hi',
          firstComment: 'A comment',
        }),
      ),
    ).toBeNull();
    expect(
      firstMessage(
        publishPostSchema.safeParse({
          requestId,
          platform: 'youtube',
          text: '',
          media: [{ generationId: 'clip' }],
          youtube: { title: 'T' },
          firstComment: 'Hi',
        }),
      ),
    ).toBeNull();
    expect(
      firstMessage(
        publishPostSchema.safeParse({
          requestId,
          platform: 'reddit',
          text: 'Body',
          reddit: { subreddit: 'MuseSandbox', title: 'T' },
          firstComment: 'Hi',
        }),
      ),
    ).toBeNull();
  });
});
