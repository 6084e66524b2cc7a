import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { e2eEnv } from './env';

let db: Firestore | undefined;

/** Admin access to the Firestore emulator (bypasses rules) for seeding and for checking what was stored. */
export function adminDb(): Firestore {
  if (db) return db;
  process.env.FIRESTORE_EMULATOR_HOST ??= e2eEnv.firestoreHost;
  const name = 'e2e-admin';
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: e2eEnv.projectId }, name);
  db = getFirestore(app);
  return db;
}

export interface SeedGeneration {
  type: 'image' | 'video' | 'audio';
  title: string;
  daysAgo: number;
}

/** Writes generations as the functions would: camelCase fields, createdAt a Firestore timestamp. */
export async function seedGenerations(uid: string, items: SeedGeneration[]): Promise<void> {
  const col = adminDb().collection(`users/${uid}/generations`);
  await Promise.all(
    items.map((item) =>
      col.add({
        type: item.type,
        title: item.title,
        prompt: item.title,
        storagePath: `${uid}/generations/${item.title}`,
        thumbnailUrl: null,
        originalUrl: null,
        metadata: {},
        createdAt: Timestamp.fromMillis(Date.now() - item.daysAgo * 24 * 60 * 60 * 1000),
      }),
    ),
  );
}

/** Polls until `read` returns something truthy (a stored write lands asynchronously after the UI reacts). */
export async function eventually<T>(read: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > until) throw new Error('Timed out waiting for the stored value');
    await new Promise((r) => setTimeout(r, 200));
  }
}
