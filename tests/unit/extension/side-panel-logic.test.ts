import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { describeAuthError, SIGN_IN_FALLBACK_MESSAGE } from '../../../entrypoints/sidepanel/hooks/auth-errors';
import { toLibraryItem } from '../../../entrypoints/sidepanel/hooks/library-items';

describe('library items in the side panel', () => {
  it('shows a generation with its title, type, thumbnail and date', () => {
    const createdAt = Timestamp.fromDate(new Date('2025-05-01T10:00:00Z'));
    expect(
      toLibraryItem('g1', { type: 'video', title: 'Harbour at dawn', thumbnailUrl: 'https://cdn.test/t.jpg', createdAt, prompt: 'p' }),
    ).toEqual({ id: 'g1', type: 'video', title: 'Harbour at dawn', thumbnailUrl: 'https://cdn.test/t.jpg', createdAt: new Date('2025-05-01T10:00:00Z') });
  });

  it.each([
    ['the prompt when there is no title', { prompt: 'A fox in snow' }, 'A fox in snow'],
    ['"Untitled" when there is neither', { title: '  ' }, 'Untitled'],
    ['a shortened title past 50 characters', { title: 'x'.repeat(80) }, `${'x'.repeat(49)}…`],
  ])('uses %s', (_case, data, title) => {
    expect(toLibraryItem('g', data).title).toBe(title);
  });

  it.each([
    ['an image without thumbnail uses its original', { type: 'image', originalUrl: 'https://cdn.test/o.png' }, 'https://cdn.test/o.png'],
    ['audio has no picture', { type: 'audio', originalUrl: 'https://cdn.test/a.mp3' }, null],
    ['a non-web address is not loaded', { type: 'image', thumbnailUrl: 'javascript:alert(1)' }, null],
  ])('thumbnail: %s', (_case, data, thumbnailUrl) => {
    expect(toLibraryItem('g', data).thumbnailUrl).toBe(thumbnailUrl);
  });

  it('treats an unknown type as an image and a missing date as unknown', () => {
    expect(toLibraryItem('g', { type: 'hologram' })).toMatchObject({ type: 'image', createdAt: null });
  });
});

describe('sign-in errors', () => {
  it.each([
    ['auth/invalid-credential', 'Incorrect email or password. Please check them and try again.'],
    ['auth/wrong-password', 'Incorrect email or password. Please check them and try again.'],
    ['auth/user-not-found', 'Incorrect email or password. Please check them and try again.'],
    ['auth/invalid-email', 'Please enter a valid email address.'],
    ['auth/too-many-requests', 'Too many sign-in attempts. Please wait a few minutes and try again.'],
    ['auth/network-request-failed', "We couldn't reach Muse Studio. Check your connection and try again."],
    ['auth/internal-error', SIGN_IN_FALLBACK_MESSAGE],
  ])('explains %s in plain words', (code, message) => {
    expect(describeAuthError({ code, message: `Firebase: Error (${code}).` })).toBe(message);
  });

  it('never shows a raw exception', () => {
    expect(describeAuthError(new TypeError('x is undefined'))).toBe(SIGN_IN_FALLBACK_MESSAGE);
  });
});
