import { describe, expect, it } from 'vitest';
import { checkChannel, editChannelText, emptyFields, publishInputOf, textOf } from './compose';

const send = {
  requestId: '00000000-0000-4000-8000-000000000001',
  groupId: '00000000-0000-4000-8000-0000000000aa',
  scheduledAt: '2026-12-01T09:00:00.000Z',
  timeZone: 'Europe/Berlin',
};
const VIDEO = { id: 'v1', contentType: 'video/mp4', sizeBytes: 2_000_000 };

describe('a channel’s text', () => {
  it('follows the shared text until edited, and joins it again when it matches', () => {
    const fields = emptyFields();
    expect(textOf(fields, 'Shared')).toBe('Shared');
    const forked = editChannelText(fields, 'Mine', 'Shared');
    expect(textOf(forked, 'Shared, edited')).toBe('Mine');
    expect(editChannelText(forked, 'Shared', 'Shared').text).toBeNull();
  });
});

describe('checkChannel', () => {
  it('YouTube: names a missing title and video, and a title over 100 characters', () => {
    expect(checkChannel('youtube', { text: '', media: [], fields: emptyFields() }).reasons).toEqual(
      ['Please add a video title and a video'],
    );
    const long = { ...emptyFields(), videoTitle: 't'.repeat(101) };
    expect(checkChannel('youtube', { text: '', media: [VIDEO], fields: long }).reasons).toEqual([
      expect.stringMatching(/100 characters/),
    ]);
  });

  it('Reddit: a required flair not chosen is one of its reasons', () => {
    const fields = { ...emptyFields(), subreddit: 'MuseSandbox', title: 'Hi' };
    expect(
      checkChannel('reddit', {
        text: 'Body',
        media: [],
        fields,
        flairMissing: 'r/MuseSandbox requires a post flair: choose one before posting.',
      }).reasons,
    ).toEqual(['r/MuseSandbox requires a post flair: choose one before posting.']);
  });
});

describe('publishInputOf', () => {
  it('YouTube uploads now and keeps the schedule as its own publish time, private until then', () => {
    const fields = {
      ...emptyFields(),
      videoTitle: ' Waves ',
      tags: 'sea, , waves',
      visibility: 'public' as const,
    };
    expect(
      publishInputOf('youtube', { text: 'About', media: [VIDEO], fields, flair: null }, send),
    ).toEqual({
      ...send,
      platform: 'youtube',
      text: 'About',
      media: [{ generationId: 'v1' }],
      scheduledAt: null,
      youtube: {
        title: 'Waves',
        tags: ['sea', 'waves'],
        privacyStatus: 'private',
        publishAt: send.scheduledAt,
      },
    });
  });

  it('Reddit carries the subreddit without r/, the title, and the flair with its own text where the flair takes one', () => {
    const fields = {
      ...emptyFields(),
      subreddit: 'r/MuseSandbox',
      title: ' Hello ',
      flairId: 'f-2',
      flairText: ' Mine ',
    };
    expect(
      publishInputOf(
        'reddit',
        { text: 'Body', media: [], fields, flair: { id: 'f-2', textEditable: true } },
        send,
      ),
    ).toMatchObject({
      platform: 'reddit',
      groupId: send.groupId,
      scheduledAt: send.scheduledAt,
      reddit: { subreddit: 'MuseSandbox', title: 'Hello', flairId: 'f-2', flairText: 'Mine' },
    });
  });

  it('LinkedIn carries its author; X carries none', () => {
    const fields = { ...emptyFields(), author: 'urn:li:person:abc' };
    expect(
      publishInputOf('linkedin', { text: 'Hi', media: [], fields, flair: null }, send),
    ).toMatchObject({ platform: 'linkedin', author: 'urn:li:person:abc' });
    expect(
      publishInputOf('x', { text: 'Hi', media: [], fields, flair: null }, send),
    ).not.toHaveProperty('author');
  });
});
