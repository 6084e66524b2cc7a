import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SCHEDULE_MESSAGES } from '@core/schedule';
import { adminDb, callCallable, closeAdmin, signUpWithX } from './support';

// The server keeps the schedule rules of core/schedule.ts whatever a client sends: a time at most a year
// ahead, in a zone the time-zone database knows. Nothing is written for a refused time.

// Each callable's first call starts it in the emulator, which on a busy machine takes most of a minute.
vi.setConfig({ testTimeout: 120_000 });
afterAll(closeAdmin);

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const posts = async (uid: string) =>
  (await adminDb().collection(`users/${uid}/socialPosts`).listDocuments()).map((d) => d.id);

describe('schedule limits on the server', () => {
  it.each([
    ['a time in year 9999', { scheduledAt: '9999-12-31T23:59:59Z' }, SCHEDULE_MESSAGES.tooFar],
    ['a time a year and a day ahead', { scheduledAt: inHours(366 * 24) }, SCHEDULE_MESSAGES.tooFar],
    [
      'an unknown time zone',
      { scheduledAt: inHours(2), timeZone: 'Mars/Olympus_Mons' },
      SCHEDULE_MESSAGES.unknownZone,
    ],
  ])('publishPost refuses %s and writes nothing', async (_, change, message) => {
    const { uid, idToken } = await signUpWithX();
    const called = await callCallable(
      'publishPost',
      { requestId: randomUUID(), platform: 'x', text: 'Later', ...change },
      idToken,
    );
    expect(called.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(JSON.stringify(called.error)).toContain(message);
    expect(await posts(uid)).toEqual([]);
  });

  it('updateScheduledPost refuses a time too far ahead and an unknown zone, and keeps the post as it was', async () => {
    const { uid, idToken } = await signUpWithX();
    const requestId = randomUUID();
    const scheduledAt = inHours(2);
    expect(
      (
        await callCallable(
          'publishPost',
          { requestId, platform: 'x', text: 'Later', scheduledAt, timeZone: 'Australia/Lord_Howe' },
          idToken,
        )
      ).result,
    ).toEqual({ postId: requestId, status: 'scheduled' });

    const far = await callCallable(
      'updateScheduledPost',
      {
        postId: requestId,
        text: 'Later',
        scheduledAt: '9999-12-31T23:59:59Z',
        timeZone: 'Australia/Lord_Howe',
      },
      idToken,
    );
    expect(far.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: SCHEDULE_MESSAGES.tooFar,
    });
    const zone = await callCallable(
      'updateScheduledPost',
      { postId: requestId, text: 'Later', scheduledAt: inHours(3), timeZone: 'Mars/Olympus_Mons' },
      idToken,
    );
    expect(zone.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(JSON.stringify(zone.error)).toContain(SCHEDULE_MESSAGES.unknownZone);

    const post = await adminDb().doc(`users/${uid}/socialPosts/${requestId}`).get();
    expect(post.get('scheduledAt').toDate().toISOString()).toBe(scheduledAt);
    expect(post.get('timeZone')).toBe('Australia/Lord_Howe');
  });
});
