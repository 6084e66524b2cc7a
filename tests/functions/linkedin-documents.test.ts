import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { CallableInput } from '@core/callables';
import { documentMessages } from '@core/document-posts';
import { publishPostSchema, updateScheduledPostSchema } from '@core/social-posts';
import { runJob, type RunnerDeps } from '../../functions/src/jobs/runner';
import { storeSocialCredentials } from '../../functions/src/integrations/secret-store';
import { systemClock } from '../../functions/src/lib/clock';
import { updateScheduledPost } from '../../functions/src/social/manage-posts/manage-posts';
import { postRef, publishJobId } from '../../functions/src/social/posts';
import { publishPost } from '../../functions/src/social/publish-post/publish-post';
import { gradientPng } from '../sandbox/providers/png';
import { clearSandbox, localKeyring, sandboxUrl } from './integrations-support';
import { libraryFile, publishRunnerDeps } from './publish-support';
import { adminDb, closeAdmin, projectId } from './support';

// LinkedIn document (carousel) posts: the post's library images made into one PDF, uploaded through the
// sandbox's Documents API and named in the post with its title. Run in-process, as social-publishing.test.ts
// runs publishing, in a project of its own on the same emulators.

vi.setConfig({ testTimeout: 60_000 });
adminDb();
const DIRECT = `${projectId}-documents`;
const app = initializeApp(
  { projectId: DIRECT, storageBucket: `${DIRECT}.appspot.com` },
  'documents-direct',
);
const db = getFirestore(app);
const bucket = getStorage(app).bucket();
const keyring = localKeyring();
const store = { db, keyring, clock: systemClock };
afterAll(closeAdmin);
afterEach(() => clearSandbox('linkedin'));

function deps(): RunnerDeps {
  return publishRunnerDeps(
    { db, bucket, keyring },
    {
      timing: {
        requestTimeoutMs: 10_000,
        uploadTimeoutMs: 10_000,
        settleMs: { x: 2500, linkedin: 2500, reddit: 2500, youtube: 2500 },
        lookupEveryMs: 200,
        backoffMs: [0],
      },
    },
  );
}

async function linkedinUser(): Promise<string> {
  const uid = `u${randomUUID().slice(0, 12)}`;
  const saved = await storeSocialCredentials(store, uid, 'linkedin', { accessToken: `li-${uid}` });
  if (!saved.ok) throw new Error('credentials not stored');
  return uid;
}

const libraryImage = (uid: string, width = 320, height = 200) =>
  libraryFile({ db, bucket }, uid, 'image/png', gradientPng(width, height, randomUUID()));

async function post(uid: string, input: Omit<CallableInput<'publishPost'>, 'requestId'>) {
  return publishPost(uid, publishPostSchema.parse({ requestId: randomUUID(), ...input }), store);
}

interface SandboxDocument {
  urn: string;
  owner: string;
  status: string;
  bytes: number;
  pages: number | null;
}

async function sandboxState(): Promise<{
  documents: SandboxDocument[];
  posts: {
    id: string;
    text: string;
    author: string;
    content?: { media?: { id?: string; title?: string } };
  }[];
}> {
  const documents = (await (
    await fetch(`${sandboxUrl('linkedin')}/__sandbox/linkedin/documents`)
  ).json()) as { documents: SandboxDocument[] };
  const posts = (await (
    await fetch(`${sandboxUrl('linkedin')}/__sandbox/linkedin/posts`)
  ).json()) as { posts: Awaited<ReturnType<typeof sandboxState>>['posts'] };
  return { documents: documents.documents, posts: posts.posts };
}

describe('LinkedIn document posts', () => {
  it('publishes 3 library images as one PDF of 3 pages, posted with its title', async () => {
    const uid = await linkedinUser();
    const images = [
      await libraryImage(uid, 320, 200),
      await libraryImage(uid, 200, 320),
      await libraryImage(uid, 256, 256),
    ];
    const text = `Our deck ${randomUUID().slice(0, 8)}`;
    const { postId } = await post(uid, {
      platform: 'linkedin',
      text,
      author: 'urn:li:person:sbxMember01',
      media: images.map((generationId) => ({ generationId })),
      document: { title: 'Spring lookbook' },
    });
    expect((await postRef(db, uid, postId).get()).get('document')).toEqual({
      title: 'Spring lookbook',
    });

    expect(await runJob({ uid, jobId: publishJobId(postId) }, deps())).toMatchObject({
      outcome: 'published',
    });

    const { documents, posts } = await sandboxState();
    const made = posts.filter((p) => p.text === text);
    expect(made).toHaveLength(1);
    expect(made[0]!.content?.media).toEqual({
      id: expect.stringMatching(/^urn:li:document:/),
      title: 'Spring lookbook',
    });
    const document = documents.find((d) => d.urn === made[0]!.content?.media?.id);
    expect(document).toMatchObject({
      owner: 'urn:li:person:sbxMember01',
      status: 'AVAILABLE',
      pages: 3,
    });
    // No image was uploaded on its own: the images went out inside the document.
    expect(made[0]!.content).not.toHaveProperty('multiImage');
    expect((await postRef(db, uid, postId).get()).data()).toMatchObject({
      status: 'published',
      platformPostId: made[0]!.id,
    });
  });

  it('refuses a document of one image, or of a GIF, before anything is stored', async () => {
    const uid = await linkedinUser();
    const one = await libraryImage(uid);
    expect(() =>
      publishPostSchema.parse({
        requestId: randomUUID(),
        platform: 'linkedin',
        text: 'One page',
        author: 'urn:li:person:sbxMember01',
        media: [{ generationId: one }],
        document: { title: 'Deck' },
      }),
    ).toThrow(documentMessages.tooFewImages);
    const gif = await libraryFile({ db, bucket }, uid, 'image/gif', Buffer.from('GIF89a'));
    await expect(
      post(uid, {
        platform: 'linkedin',
        text: 'With a GIF',
        author: 'urn:li:person:sbxMember01',
        media: [{ generationId: one }, { generationId: gif }],
        document: { title: 'Deck' },
      }),
    ).rejects.toThrow(documentMessages.imagesOnly);
    expect((await db.collection(`users/${uid}/socialPosts`).get()).size).toBe(0);
  });

  it('keeps a scheduled document post a document: an edit down to one image is refused, two are taken', async () => {
    const uid = await linkedinUser();
    const [a, b, c] = [await libraryImage(uid), await libraryImage(uid), await libraryImage(uid)];
    const scheduledAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const author = 'urn:li:person:sbxMember01';
    const { postId } = await post(uid, {
      platform: 'linkedin',
      text: 'Planned deck',
      author,
      media: [a, b, c].map((generationId) => ({ generationId })),
      document: { title: 'Deck' },
      scheduledAt,
    });
    const edit = (media: string[]) =>
      updateScheduledPost(
        uid,
        updateScheduledPostSchema.parse({
          postId,
          text: 'Planned deck',
          author,
          media: media.map((generationId) => ({ generationId })),
          scheduledAt,
          timeZone: 'UTC',
        }),
        {
          db,
          clock: systemClock,
        },
      );
    await expect(edit([a!])).rejects.toThrow(documentMessages.tooFewImages);
    await edit([a!, c!]);
    expect((await postRef(db, uid, postId).get()).data()).toMatchObject({
      status: 'scheduled',
      document: { title: 'Deck' },
      media: [{ generationId: a }, { generationId: c }],
    });
  });

  it('refuses a document post on another platform', () => {
    expect(() =>
      publishPostSchema.parse({
        requestId: randomUUID(),
        platform: 'x',
        text: 'Deck',
        media: [{ generationId: 'a' }, { generationId: 'b' }],
        document: { title: 'Deck' },
      }),
    ).toThrow(documentMessages.notAvailable);
  });
});
