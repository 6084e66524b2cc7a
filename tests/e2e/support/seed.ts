import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Timestamp } from 'firebase-admin/firestore';
import { FUNCTIONS_REGION } from '../../../core/firebase/config';
import { userCollectionPath, userDocPath } from '../../../core/firestore-paths';
import {
  type IntegrationType,
  type SaveSocialCredentialsInput,
  type SocialAccountStatus,
  type SocialPlatform,
} from '../../../core/integrations';
import type { CallableName } from '../../../core/callables';
import type { GenerationDoc, GenerationType } from '../../../core/jobs';
import type { PublishPostInput, PublishPostResult } from '../../../core/social-posts';
import { SECRETS_KEYRING } from '../../../core/secrets';
import { storeSocialCredentials } from '../../../functions/src/integrations/secret-store';
import { parseKeyring } from '../../../functions/src/lib/crypto';
import type { TestUser } from './auth-emulator';
import { adminBucket, adminDb, bucketName } from './admin';
import { e2eEnv } from './env';
import { withTransportRetry } from '../../support/transport-retry';

// One seeder per document type, each writing what the app itself would write: provider keys and social
// credentials through the real callables (sealed server-side), everything else with the Admin SDK in the
// shape the functions use.

/** Calls an HTTPS callable the way the client SDK does (POST {data}, bearer ID token). */
export async function callCallable<T = unknown>(
  name: CallableName,
  data: unknown,
  idToken: string,
): Promise<T> {
  const res = await fetch(
    `${e2eEnv.functionsOrigin}/${e2eEnv.projectId}/${FUNCTIONS_REGION}/${name}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ data }),
    },
  );
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (!res.ok || body.error)
    throw new Error(`${name} -> ${res.status} ${body.error?.message ?? ''}`);
  return body.result as T;
}

/** users/{uid}/integrations/{type}: a provider key saved through saveIntegrationKey, as the UI does. */
export async function seedIntegrationKey(
  user: Pick<TestUser, 'idToken'>,
  type: IntegrationType,
  apiKey: string,
): Promise<void> {
  await callCallable('saveIntegrationKey', { type, apiKey }, user.idToken);
}

/** users/{uid}/socialAccounts/{platform} and its sealed secret, saved through saveSocialCredentials. */
export async function seedSocialCredentials(
  user: Pick<TestUser, 'idToken'>,
  input: SaveSocialCredentialsInput,
): Promise<void> {
  await callCallable('saveSocialCredentials', input, user.idToken);
}

/** A post made through publishPost, as the composer makes it (Post Now queues its job at once); returns its id. */
export async function seedPost(
  user: Pick<TestUser, 'idToken'>,
  input: Omit<PublishPostInput, 'requestId'>,
): Promise<string> {
  const { postId } = await callCallable<PublishPostResult>(
    'publishPost',
    { requestId: randomUUID(), ...input },
    user.idToken,
  );
  return postId;
}

/**
 * A platform connected through OAuth (YouTube, Reddit): the client credentials plus the tokens Connect stores,
 * sealed with the stack's keyring (functions/.secret.local) exactly as the functions seal them.
 */
export async function seedConnectedAccount(
  uid: string,
  platform: SocialPlatform,
  stored: Record<string, string>,
): Promise<void> {
  const file = fileURLToPath(new URL('../../../functions/.secret.local', import.meta.url));
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${SECRETS_KEYRING}=`));
  if (!line) throw new Error('No keyring in functions/.secret.local');
  const keyring = parseKeyring(line.slice(SECRETS_KEYRING.length + 1).replace(/^'|'$/g, ''));
  const saved = await storeSocialCredentials(
    { db: adminDb(), keyring, clock: { now: () => new Date() } },
    uid,
    platform,
    stored,
  );
  if (!saved.ok) throw new Error(`connected ${platform} account not stored: ${saved.reason}`);
}

/** users/{uid}/socialAccounts/{platform} alone (no secret behind it), for screens that only read the status. */
export async function seedSocialAccount(
  uid: string,
  platform: SocialPlatform,
  status: Partial<Omit<SocialAccountStatus, 'updatedAt'>> = {},
): Promise<void> {
  await adminDb()
    .doc(`${userCollectionPath(uid, 'socialAccounts')}/${platform}`)
    .set({
      configured: true,
      hints: {},
      values: {},
      connected: false,
      ...status,
      updatedAt: Timestamp.now(),
    });
}

/** users/{uid}: the profile the settings page and the side panel read. */
export async function seedProfile(uid: string, profile: { displayName: string }): Promise<void> {
  await adminDb()
    .doc(userDocPath(uid))
    .set({ ...profile, createdAt: Timestamp.now() }, { merge: true });
}

/** A tiny valid PNG (1x1, violet), enough for an <img> to decode. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface GenerationSeed {
  type: GenerationType;
  title: string;
  prompt?: string;
  contentType?: string;
  /** Minutes before now; larger is older. Defaults to the item's index, so a list is newest first. */
  minutesAgo?: number;
  /** The stored file's bytes (with `files`); a 1x1 PNG unless given. */
  body?: Buffer;
}

export interface SeededGeneration {
  id: string;
  storagePath: string;
}

/** Minutes in `n` days, for `minutesAgo`. */
export function days(n: number): number {
  return n * 24 * 60;
}

const contentTypes: Record<GenerationType, string> = {
  image: 'image/png',
  video: 'video/mp4',
  audio: 'audio/mpeg',
};
const extensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
};

/** Uploads a file with a download token, as the functions store one; returns its download URL. */
async function storeFile(storagePath: string, body: Buffer, contentType: string): Promise<string> {
  const token = randomUUID();
  await withTransportRetry(() =>
    adminBucket()
      .file(storagePath)
      .save(body, {
        contentType,
        resumable: false,
        metadata: { metadata: { firebaseStorageDownloadTokens: token } },
      }),
  );
  const host = process.env.FIREBASE_STORAGE_EMULATOR_HOST ?? e2eEnv.storageHost;
  return `http://${host}/v0/b/${bucketName()}/o/${encodeURIComponent(storagePath)}?alt=media&token=${token}`;
}

/**
 * users/{uid}/generations: library records as the functions write them, all in one batch. With `files`
 * each item's file is stored first (the library plays, shows and downloads it); without, the record
 * points at no file, enough for lists and counts. Returns the ids and paths in input order.
 */
export async function seedGenerations(
  uid: string,
  items: GenerationSeed[],
  options: { files?: boolean } = {},
): Promise<SeededGeneration[]> {
  const db = adminDb();
  const collection = db.collection(userCollectionPath(uid, 'generations'));
  const records = await Promise.all(
    items.map(async (item, i) => {
      const ref = collection.doc(randomUUID());
      const contentType = item.contentType ?? contentTypes[item.type];
      const storagePath = `${uid}/generations/${ref.id}.${extensions[contentType] ?? 'bin'}`;
      const body = item.body ?? PNG_1X1;
      const url = options.files ? await storeFile(storagePath, body, contentType) : '';
      const doc: GenerationDoc<Timestamp> = {
        type: item.type,
        title: item.title,
        prompt: item.prompt ?? item.title,
        storagePath,
        thumbnailUrl: item.type === 'image' ? url : '',
        originalUrl: url,
        contentType,
        sizeBytes: options.files ? body.length : 0,
        source: { kind: 'upload' },
        createdAt: Timestamp.fromMillis(Date.now() - (item.minutesAgo ?? i) * 60_000),
        metadata: {},
      };
      return { ref, doc };
    }),
  );
  const batch = db.batch();
  for (const { ref, doc } of records) batch.set(ref, doc);
  await batch.commit();
  return records.map(({ ref, doc }) => ({ id: ref.id, storagePath: doc.storagePath }));
}
