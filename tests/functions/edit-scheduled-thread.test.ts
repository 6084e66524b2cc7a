import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { CallableInput } from '@core/callables';
import { publishPostSchema, updateScheduledPostSchema } from '@core/social-posts';
import { systemClock } from '../../functions/src/lib/clock';
import { updateScheduledPost } from '../../functions/src/social/manage-posts/manage-posts';
import { publishDuePosts } from '../../functions/src/social/publish-due-posts/publish-due-posts';
import { postRef } from '../../functions/src/social/posts';
import { publishPost } from '../../functions/src/social/publish-post/publish-post';
import { gradientPng } from '../sandbox/providers/png';
import { directProject, libraryFile, saveCredentials } from './publish-support';
import { closeAdmin } from './support';

// Edit of a scheduled post names its thread's items and its first comment: updateScheduledPost checks each as
// publishPost does (as a post of its own, media from the caller's library), stores them in place of the old
// ones, and refuses once the scheduler has claimed the post. Run in-process in a project of its own.

vi.setConfig({ testTimeout: 60_000 });
const project = directProject('edit-thread');
const { db, keyring } = project;
const store = { db, keyring, clock: systemClock };
afterAll(closeAdmin);

const inAnHour = () =>
  new Date(Math.floor((Date.now() + 60 * 60_000) / 60_000) * 60_000).toISOString();

async function xUser(): Promise<string> {
  const uid = `u${randomUUID().slice(0, 12)}`;
  const token = `x-${uid}`;
  await saveCredentials(store, uid, 'x', {
    consumerKey: 'muse-app',
    consumerSecret: 'muse-app-secret',
    accessToken: token,
    accessTokenSecret: `${token}-secret`,
  });
  return uid;
}

const image = (uid: string) =>
  libraryFile(project, uid, 'image/png', gradientPng(64, 64, randomUUID()));

/** A scheduled X thread of three with a first comment, as the composer makes it. */
async function scheduledThread(uid: string, scheduledAt = inAnHour()) {
  const input = {
    platform: 'x',
    text: 'Part 1',
    thread: [{ text: 'Part 2' }, { text: 'Part 3' }],
    firstComment: 'Comment',
    scheduledAt,
    timeZone: 'UTC',
  } as const;
  const { postId } = await publishPost(
    uid,
    publishPostSchema.parse({ requestId: randomUUID(), ...input }),
    store,
  );
  return { postId, scheduledAt };
}

const edit = (uid: string, input: CallableInput<'updateScheduledPost'>) =>
  updateScheduledPost(uid, updateScheduledPostSchema.parse(input), { db, clock: systemClock });
const stored = async (uid: string, postId: string) =>
  (await postRef(db, uid, postId).get()).data()!;

describe('editing a scheduled thread', () => {
  it('stores the thread items, each with its own media, and the first comment as edited, while the post is scheduled', async () => {
    const uid = await xUser();
    const { postId, scheduledAt } = await scheduledThread(uid);
    const [a, b] = [await image(uid), await image(uid)];
    const result = await edit(uid, {
      postId,
      text: 'Part 1, edited',
      media: [],
      scheduledAt,
      timeZone: 'UTC',
      thread: [
        { text: 'Part 2, edited', media: [{ generationId: a! }] },
        { text: 'Part 3' },
        { text: 'Part 4, added', media: [{ generationId: b! }] },
      ],
      firstComment: 'Comment, edited',
    });
    expect(result).toEqual({ postId, status: 'scheduled' });
    const post = await stored(uid, postId);
    expect(post).toMatchObject({
      status: 'scheduled',
      text: 'Part 1, edited',
      firstComment: { text: 'Comment, edited', platformPostId: null, attemptStartedAt: null },
    });
    expect(post.thread).toEqual([
      {
        text: 'Part 2, edited',
        media: [
          expect.objectContaining({
            generationId: a,
            contentType: 'image/png',
            storagePath: `${uid}/generations/${a}`,
          }),
        ],
        platformPostId: null,
        url: null,
        attemptStartedAt: null,
      },
      { text: 'Part 3', media: [], platformPostId: null, url: null, attemptStartedAt: null },
      {
        text: 'Part 4, added',
        media: [expect.objectContaining({ generationId: b })],
        platformPostId: null,
        url: null,
        attemptStartedAt: null,
      },
    ]);
  });

  it('keeps the items and the comment when the edit does not name them, and removes them when it names none', async () => {
    const uid = await xUser();
    const { postId, scheduledAt } = await scheduledThread(uid);
    // The calendar's move sends the post's own fields only.
    await edit(uid, { postId, text: 'Part 1', media: [], scheduledAt, timeZone: 'UTC' });
    expect((await stored(uid, postId)).thread.map((item: { text: string }) => item.text)).toEqual([
      'Part 2',
      'Part 3',
    ]);
    expect((await stored(uid, postId)).firstComment).toMatchObject({ text: 'Comment' });

    await edit(uid, {
      postId,
      text: 'Part 1',
      media: [],
      scheduledAt,
      timeZone: 'UTC',
      thread: [],
      firstComment: '',
    });
    expect(await stored(uid, postId)).toMatchObject({ thread: [], firstComment: null });
  });

  it.each([
    [
      'an item over X limit',
      { thread: [{ text: 'Part 2' }, { text: 'a'.repeat(281) }] },
      /^Post 3 of the thread: /,
    ],
    [
      'an item with media from outside the library',
      { thread: [{ text: 'Part 2', media: [{ generationId: 'not-mine' }] }] },
      'Media must come from your library',
    ],
    ['a first comment over X limit', { firstComment: 'b'.repeat(281) }, /^First comment: /],
  ])('refuses %s, naming it, and changes nothing', async (_, fields, message) => {
    const uid = await xUser();
    const { postId, scheduledAt } = await scheduledThread(uid);
    const before = await stored(uid, postId);
    await expect(
      edit(uid, {
        postId,
        text: 'Part 1, edited',
        media: [],
        scheduledAt,
        timeZone: 'UTC',
        ...fields,
      }),
    ).rejects.toThrow(message);
    expect(await stored(uid, postId)).toEqual(before);
  });

  it('refuses a thread on a platform without threads', async () => {
    const uid = `u${randomUUID().slice(0, 12)}`;
    await saveCredentials(store, uid, 'linkedin', { accessToken: `li-${uid}` });
    const scheduledAt = inAnHour();
    const author = 'urn:li:person:sbxMember01';
    const { postId } = await publishPost(
      uid,
      publishPostSchema.parse({
        requestId: randomUUID(),
        platform: 'linkedin',
        text: 'Hello',
        author,
        scheduledAt,
      }),
      store,
    );
    await expect(
      edit(uid, {
        postId,
        text: 'Hello',
        media: [],
        author,
        scheduledAt,
        timeZone: 'UTC',
        thread: [{ text: 'Two' }],
      }),
    ).rejects.toThrow('Threads are not available on LinkedIn');
    // LinkedIn takes a first comment.
    await edit(uid, {
      postId,
      text: 'Hello',
      media: [],
      author,
      scheduledAt,
      timeZone: 'UTC',
      firstComment: 'Link in the comments',
    });
    expect(await stored(uid, postId)).toMatchObject({
      firstComment: { text: 'Link in the comments' },
    });
  });

  it.each(['queued', 'publishing'] as const)(
    'refuses the edit once the post is %s, and changes nothing',
    async (status) => {
      const uid = await xUser();
      const { postId, scheduledAt } = await scheduledThread(uid);
      // The scheduler claims it at its time (queued); its job then starts publishing it.
      const { claimed } = await publishDuePosts({
        db,
        clock: { now: () => new Date(Date.parse(scheduledAt) + 1000) },
      });
      expect(claimed).toContain(`users/${uid}/socialPosts/${postId}`);
      if (status === 'publishing') await postRef(db, uid, postId).update({ status: 'publishing' });
      const before = await stored(uid, postId);
      expect(before.status).toBe(status);
      await expect(
        edit(uid, {
          postId,
          text: 'Part 1',
          media: [],
          scheduledAt,
          timeZone: 'UTC',
          thread: [{ text: 'Too late' }],
          firstComment: '',
        }),
      ).rejects.toMatchObject({
        code: 'failed-precondition',
        message: 'This post is already being published.',
        details: { reason: 'post-state' },
      });
      expect(await stored(uid, postId)).toEqual(before);
    },
  );
});
