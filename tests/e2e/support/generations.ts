import { randomUUID } from 'node:crypto';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { Timestamp } from 'firebase-admin/firestore';
import { FUNCTIONS_REGION } from '../../../core/firebase/config';
import { adminDb } from './admin-firestore';
import { e2eEnv } from './env';

// Helpers for the image generation and library specs: keys seeded through the real callable, library
// items written the way the functions write them (Storage object with a download token + record).

const functionsOrigin = () => process.env.FUNCTIONS_EMULATOR_ORIGIN ?? 'http://127.0.0.1:15001';
export const bucketName = () => `${e2eEnv.projectId}.appspot.com`;

/** Calls an HTTPS callable the way the client SDK does (POST {data}, bearer ID token). */
export async function callCallable<T = unknown>(name: string, data: unknown, idToken: string): Promise<T> {
  const res = await fetch(`${functionsOrigin()}/${e2eEnv.projectId}/${FUNCTIONS_REGION}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (!res.ok || body.error) throw new Error(`${name} -> ${res.status} ${body.error?.message ?? ''}`);
  return body.result as T;
}

/** Stores a provider key for the user through saveIntegrationKey (encrypted server-side, as in the UI). */
export async function saveKey(idToken: string, type: string, apiKey: string): Promise<void> {
  await callCallable('saveIntegrationKey', { type, apiKey }, idToken);
}

function adminApp(): App {
  const name = 'e2e-storage';
  process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= e2eEnv.storageHost;
  return getApps().find((a) => a.name === name) ?? initializeApp({ projectId: e2eEnv.projectId, storageBucket: bucketName() }, name);
}

export function adminBucket() {
  return getStorage(adminApp()).bucket(bucketName());
}

export async function storageObjectExists(path: string): Promise<boolean> {
  const [exists] = await adminBucket().file(path).exists();
  return exists;
}

/** A tiny valid PNG (1x1, violet), enough for an <img> to decode. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface SeededItem {
  type: 'image' | 'video' | 'audio';
  title: string;
  prompt?: string;
  contentType?: string;
  /** Minutes before now; larger is older. */
  minutesAgo?: number;
  body?: Buffer;
}

/** Writes Storage objects and generations records as the functions do; returns the record ids in input order. */
/**
 * The Storage emulator sometimes closes a kept-alive socket while the Admin SDK writes to it (EPIPE,
 * ECONNRESET): a transport hiccup of the emulator, not of the code under test. Seeding retries those.
 */
async function withRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      const code = (e as { code?: string }).code ?? String((e as Error).message);
      if (i >= attempts || !/EPIPE|ECONNRESET|socket hang up/.test(code)) throw e;
      await new Promise((r) => setTimeout(r, 200 * i));
    }
  }
}

export async function seedLibrary(uid: string, items: SeededItem[]): Promise<{ id: string; storagePath: string }[]> {
  const bucket = adminBucket();
  const host = process.env.FIREBASE_STORAGE_EMULATOR_HOST ?? e2eEnv.storageHost;
  return Promise.all(
    items.map(async (item, i) => {
      const id = randomUUID();
      const contentType = item.contentType ?? { image: 'image/png', video: 'video/mp4', audio: 'audio/mpeg' }[item.type];
      const ext = { 'image/png': 'png', 'image/jpeg': 'jpg', 'video/mp4': 'mp4', 'audio/mpeg': 'mp3' }[contentType] ?? 'bin';
      const storagePath = `${uid}/generations/${id}.${ext}`;
      const token = randomUUID();
      await withRetry(() => bucket.file(storagePath).save(item.body ?? PNG_1X1, { contentType, resumable: false, metadata: { metadata: { firebaseStorageDownloadTokens: token } } }));
      const url = `http://${host}/v0/b/${bucketName()}/o/${encodeURIComponent(storagePath)}?alt=media&token=${token}`;
      await adminDb()
        .doc(`users/${uid}/generations/${id}`)
        .set({
          type: item.type,
          title: item.title,
          prompt: item.prompt ?? item.title,
          storagePath,
          thumbnailUrl: item.type === 'image' ? url : '',
          originalUrl: url,
          contentType,
          sizeBytes: (item.body ?? PNG_1X1).length,
          source: { kind: 'upload' },
          createdAt: Timestamp.fromMillis(Date.now() - (item.minutesAgo ?? i) * 60_000),
          metadata: {},
        });
      return { id, storagePath };
    }),
  );
}
