import { randomUUID } from 'node:crypto';
import type { Timestamp } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { adminDb, callCallable, closeAdmin, signUpWithX } from './support';

// The composer's one send to several channels: one publishPost per channel, each with its own requestId,
// all carrying the same groupId, which each post stores so the page can follow the group.

vi.setConfig({ testTimeout: 60_000 });
afterAll(closeAdmin);

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('publishPost with a groupId', () => {
  it('stores the group id on each channel’s post, and none on a post sent alone', async () => {
    const { uid, idToken } = await signUpWithX();
    const saved = await callCallable(
      'saveSocialCredentials',
      {
        platform: 'linkedin',
        credentials: {
          clientId: 'muse-li',
          clientSecret: 'muse-li-secret',
          accessToken: `li-${uid}`,
        },
      },
      idToken,
    );
    if (saved.error) throw new Error(saved.error.message);
    const groupId = randomUUID();
    const [x, linkedin, alone] = [randomUUID(), randomUUID(), randomUUID()];
    const scheduledAt = inAnHour();
    expect(
      (
        await callCallable(
          'publishPost',
          { requestId: x, groupId, platform: 'x', text: 'One idea', scheduledAt },
          idToken,
        )
      ).result,
    ).toEqual({ postId: x, status: 'scheduled' });
    expect(
      (
        await callCallable(
          'publishPost',
          {
            requestId: linkedin,
            groupId,
            platform: 'linkedin',
            text: 'One idea, longer',
            author: 'urn:li:person:sbxMember01',
            scheduledAt,
          },
          idToken,
        )
      ).result,
    ).toEqual({
      postId: linkedin,
      status: 'scheduled',
    });
    expect(
      (
        await callCallable(
          'publishPost',
          { requestId: alone, platform: 'x', text: 'Alone', scheduledAt },
          idToken,
        )
      ).result,
    ).toEqual({ postId: alone, status: 'scheduled' });

    const grouped = await adminDb()
      .collection(`users/${uid}/socialPosts`)
      .where('groupId', '==', groupId)
      .get();
    expect(grouped.docs.map((d) => [d.id, d.get('platform')]).sort()).toEqual(
      [
        [x, 'x'],
        [linkedin, 'linkedin'],
      ].sort(),
    );
    expect(
      (await adminDb().doc(`users/${uid}/socialPosts/${alone}`).get()).get('groupId'),
    ).toBeUndefined();
  });

  it("stores each queued channel's own instant and zone in one group (Add to queue on the composer)", async () => {
    const { uid, idToken } = await signUpWithX();
    const saved = await callCallable(
      'saveSocialCredentials',
      {
        platform: 'linkedin',
        credentials: {
          clientId: 'muse-li',
          clientSecret: 'muse-li-secret',
          accessToken: `li-${uid}`,
        },
      },
      idToken,
    );
    if (saved.error) throw new Error(saved.error.message);
    const groupId = randomUUID();
    const [x, linkedin] = [randomUUID(), randomUUID()];
    // Each channel's next free slot, a whole minute ahead: X's in New York, LinkedIn's an hour later in Kolkata.
    const minute = Math.ceil(Date.now() / 60_000) * 60_000;
    const xAt = new Date(minute + 2 * 3_600_000).toISOString();
    const linkedinAt = new Date(minute + 3 * 3_600_000).toISOString();
    expect(
      (
        await callCallable(
          'publishPost',
          {
            requestId: x,
            groupId,
            platform: 'x',
            text: 'One idea',
            scheduledAt: xAt,
            timeZone: 'America/New_York',
          },
          idToken,
        )
      ).result,
    ).toEqual({
      postId: x,
      status: 'scheduled',
    });
    const sentLinkedin = await callCallable(
      'publishPost',
      {
        requestId: linkedin,
        groupId,
        platform: 'linkedin',
        text: 'One idea',
        author: 'urn:li:person:sbxMember01',
        scheduledAt: linkedinAt,
        timeZone: 'Asia/Kolkata',
      },
      idToken,
    );
    expect(sentLinkedin.result).toEqual({ postId: linkedin, status: 'scheduled' });

    const grouped = await adminDb()
      .collection(`users/${uid}/socialPosts`)
      .where('groupId', '==', groupId)
      .get();
    const stored = Object.fromEntries(
      grouped.docs.map((d) => [
        d.get('platform') as string,
        {
          at: (d.get('scheduledAt') as Timestamp).toDate().toISOString(),
          zone: d.get('timeZone') as string,
          status: d.get('status') as string,
        },
      ]),
    );
    expect(stored).toEqual({
      x: { at: xAt, zone: 'America/New_York', status: 'scheduled' },
      linkedin: { at: linkedinAt, zone: 'Asia/Kolkata', status: 'scheduled' },
    });
  });

  it('refuses a group id that is not a UUID and writes nothing', async () => {
    const { uid, idToken } = await signUpWithX();
    const called = await callCallable(
      'publishPost',
      { requestId: randomUUID(), groupId: 'group 1', platform: 'x', text: 'Hi' },
      idToken,
    );
    expect(called.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(await adminDb().collection(`users/${uid}/socialPosts`).listDocuments()).toEqual([]);
  });
});
