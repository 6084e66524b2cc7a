import { describe, expect, it } from 'vitest';
import { publishPostSchema } from './social-posts';

const requestId = '3f0c1f4e-8a5b-4c1d-9e2f-0a1b2c3d4e5f';
const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message ?? null;

describe('publishPostSchema', () => {
  it('takes a YouTube video without a description (YouTube does not require one)', () => {
    const input = { requestId, platform: 'youtube', text: '', media: [{ generationId: 'clip' }], youtube: { title: 'Lighthouse at dusk', tags: [], privacyStatus: 'private', publishAt: null } };
    expect(firstMessage(publishPostSchema.safeParse(input))).toBeNull();
  });

  it.each(['x', 'linkedin'])('still refuses a %s post without text', (platform) => {
    expect(firstMessage(publishPostSchema.safeParse({ requestId, platform, text: ' ' }))).toBe('Please enter post content');
  });
});
