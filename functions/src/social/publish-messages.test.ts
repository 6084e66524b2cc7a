import { describe, expect, it } from 'vitest';
import { checkingMessage } from '@core/social-posts';
import { lookupFailedMessage, notPublishedMessage } from './publish-run';

describe("a post's state names the platform as it names itself", () => {
  it('says X, as the checking text does, where an outcome is unknown or nothing was made', () => {
    expect(checkingMessage('x')).toContain('whether X published');
    expect(lookupFailedMessage('x')).toBe(
      'X could not be asked whether this post went out: it may have been published. Check X, then use Retry if it is not there.',
    );
    expect(notPublishedMessage('x')).toBe('X did not publish this post. Please try again.');
    for (const message of [lookupFailedMessage('x'), notPublishedMessage('x')])
      expect(message).not.toContain('Twitter');
  });
});
