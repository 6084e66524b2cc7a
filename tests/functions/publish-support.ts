import { initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import type { RunnerDeps } from '../../functions/src/jobs/runner';
import { publishJobHandler } from '../../functions/src/social/publish-job';
import { randomUUID } from 'node:crypto';
import type { PublishPlatform } from '@core/social-posts';
import {
  readSocialCredentials,
  storeSocialCredentials,
  type SecretStoreDeps,
} from '../../functions/src/integrations/secret-store';
import { systemClock } from '../../functions/src/lib/clock';
import { platformPublisher, publishProviders } from '../../functions/src/social/deps';
import type { Bucket, PublishDeps } from '../../functions/src/social/publish-run';
import type { PublishTiming } from '../../functions/src/social/publish-timing';
import { localKeyring, sandboxUrl } from './integrations-support';
import { adminDb, projectId } from './support';

// Publish jobs run in-process (runJob called by the test), in a Firestore project of their own where no
// trigger runs them behind the test's back, against the provider sandbox.

export interface DirectProject {
  db: Firestore;
  bucket: Bucket;
  keyring: ReturnType<typeof localKeyring>;
}

/** A project of the test's own (`<project>-<name>`), beside the emulated one. */
export function directProject(name: string): DirectProject {
  adminDb();
  const id = `${projectId}-${name}`;
  const app = initializeApp(
    { projectId: id, storageBucket: `${id}.appspot.com` },
    `${name}-direct`,
  );
  return { db: getFirestore(app), bucket: getStorage(app).bucket(), keyring: localKeyring() };
}

export interface PublishRunnerOptions {
  timing: PublishTiming;
  /** Stands between the publisher and the platform (a worker that dies mid-request, a counter). */
  wrapFetch?: (send: typeof fetch) => typeof fetch;
  /** More publisher options (YouTube's chunk size, a sleep that does not wait). */
  publisher?: { chunkBytes?: number; sleep?: (ms: number) => Promise<void> };
  /** Publish dependencies that override the defaults (a lease that is never renewed). */
  publish?: Partial<PublishDeps>;
}

/** The job runner's dependencies for publishing only, with the sandbox as every platform. */
export function publishRunnerDeps(
  { db, bucket, keyring }: DirectProject,
  { timing, wrapFetch, publisher, publish }: PublishRunnerOptions,
): RunnerDeps {
  return {
    db,
    clock: systemClock,
    handlers: {
      publish: publishJobHandler({
        bucket,
        readCredentials: (uid, platform) => readSocialCredentials({ db, keyring }, uid, platform),
        publisherFor: (platform, stored, send) =>
          platformPublisher(platform, stored, {
            baseUrl: sandboxUrl(publishProviders[platform]),
            fetch: wrapFetch ? wrapFetch(send) : send,
            requestTimeoutMs: timing.requestTimeoutMs,
            uploadTimeoutMs: timing.uploadTimeoutMs,
            ...publisher,
          }),
        timing,
        ...publish,
      }),
    },
  };
}

/** A queued X post as publishPost writes it (users/{uid}/socialPosts/{jobId}), made at `at`; `fields` override (a scheduled one has no job yet). */
export function queuedXPost(
  jobId: string | null,
  text: string,
  at: Date,
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    platform: 'x',
    status: 'queued',
    text,
    media: [],
    author: null,
    scheduledAt: null,
    timeZone: 'UTC',
    jobId,
    platformPostId: null,
    url: null,
    error: null,
    progress: 0,
    attemptStartedAt: null,
    createdAt: at,
    updatedAt: at,
    publishedAt: null,
    ...fields,
  };
}

/** A library file as a finished generation leaves it: the file in Storage (at `<uid>/generations/<id><extension>`) and its record. */
export async function libraryFile(
  { db, bucket }: Pick<DirectProject, 'db' | 'bucket'>,
  uid: string,
  contentType: string,
  bytes: Buffer,
  extension = '',
): Promise<string> {
  const id = randomUUID();
  const path = `${uid}/generations/${id}${extension}`;
  await bucket.file(path).save(bytes, { resumable: false, contentType });
  await db.doc(`users/${uid}/generations/${id}`).set({
    type: 'image',
    title: 'A lighthouse',
    prompt: 'a lighthouse',
    storagePath: path,
    contentType,
    sizeBytes: bytes.length,
    originalUrl: 'http://storage/x',
    thumbnailUrl: 'http://storage/x',
    createdAt: new Date(),
    metadata: {},
    source: { kind: 'image' },
  });
  return id;
}

/** Saves a platform's credentials for the user, as Integrations does; throws when the store refuses them. */
export async function saveCredentials(
  store: SecretStoreDeps,
  uid: string,
  platform: PublishPlatform,
  fields: Record<string, string>,
): Promise<void> {
  const result = await storeSocialCredentials(store, uid, platform, fields);
  if (!result.ok) throw new Error('credentials not stored');
}

/** A new user with a connected Reddit account whose access token is good for an hour. */
export async function redditAccount(
  store: SecretStoreDeps,
): Promise<{ uid: string; token: string }> {
  const uid = `u${randomUUID().slice(0, 12)}`;
  const token = `rd-${uid}`;
  await saveCredentials(store, uid, 'reddit', {
    clientId: 'reddit-client',
    clientSecret: 'reddit-secret-0001',
    userAgent: 'web:muse-studio:1.0 (by /u/sandbox_creator)',
    accessToken: token,
    refreshToken: `rd-refresh-${uid}`,
    accessTokenExpiresAt: String(Date.now() + 3600_000),
  });
  return { uid, token };
}
