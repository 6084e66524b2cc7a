import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  deleteObject,
  getBytes,
  getMetadata,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  type FirebaseStorage,
} from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorHost, projectId, readRules } from './emulators';
import { startStorageRules, type StorageRules } from './storage-rules-runtime';

type Who = 'alice' | 'bob' | 'anonymous';
/** The token claim of a confirmed email address, which every upload and render needs. */
const verified = { email_verified: true };
type Op = 'get' | 'list' | 'create' | 'update' | 'delete';

const MiB = 1024 * 1024;
const bytes = (size: number) => new Uint8Array(size);

/** Alice's files, as an earlier session or the functions left them. Every test starts from this. */
const seed: Record<string, string> = {
  'alice/uploads/photo.png': 'image/png',
  'alice/renders/final.mp4': 'video/mp4',
  'alice/generations/g1.png': 'image/png',
  'alice/profile/avatar.png': 'image/png',
  'avatars/alice.png': 'image/png',
};

type Target = {
  /** A seeded file: get, update (metadata) and delete act on it. */
  path: string;
  /** Where create uploads a small file of `contentType`. */
  createPath: string;
  contentType: string;
  /** What alice, the owner, may do; bob and anonymous may do nothing anywhere. */
  owner: Op[];
};

const targets: Target[] = [
  // Library files are deleted with their record by the deleteGeneration callable, never by the client.
  {
    path: 'alice/uploads/photo.png',
    createPath: 'alice/uploads/new.png',
    contentType: 'image/png',
    owner: ['get', 'list', 'create', 'update'],
  },
  {
    path: 'alice/renders/final.mp4',
    createPath: 'alice/renders/new.mp4',
    contentType: 'video/mp4',
    owner: ['get', 'list', 'create', 'update'],
  },
  // generations/ is written by the functions only
  {
    path: 'alice/generations/g1.png',
    createPath: 'alice/generations/new.png',
    contentType: 'image/png',
    owner: ['get', 'list'],
  },
  // any other folder of alice's: read only
  {
    path: 'alice/profile/avatar.png',
    createPath: 'alice/profile/new.png',
    contentType: 'image/png',
    owner: ['get', 'list'],
  },
  // outside every user folder
  { path: 'avatars/alice.png', createPath: 'avatars/new.png', contentType: 'image/png', owner: [] },
];

const ops: Op[] = ['get', 'list', 'create', 'update', 'delete'];
const people: Who[] = ['alice', 'bob', 'anonymous'];
const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

const table = targets.flatMap((target) =>
  people.flatMap((who) =>
    ops.map((op) => {
      const allowed = who === 'alice' && target.owner.includes(op);
      const where =
        op === 'list'
          ? `${folderOf(target.path)}/`
          : op === 'create'
            ? target.createPath
            : target.path;
      return {
        title: `${who} ${allowed ? 'can' : 'cannot'} ${op} ${where}`,
        who,
        op,
        target,
        allowed,
      };
    }),
  ),
);

let env: RulesTestEnvironment;

beforeAll(async () => {
  const { host, port } = emulatorHost('FIREBASE_STORAGE_EMULATOR_HOST', '127.0.0.1:19199');
  env = await initializeTestEnvironment({
    projectId,
    storage: { host, port, rules: readRules('storage.rules') },
  });
});

afterAll(async () => {
  if (!env) return;
  await clearBucket();
  await env.cleanup();
});

beforeEach(async () => {
  await clearBucket();
  await env.withSecurityRulesDisabled(async (context) => {
    const storage = storageOf(context);
    await Promise.all(
      Object.entries(seed).map(([path, contentType]) =>
        uploadBytes(ref(storage, path), bytes(16), { contentType }),
      ),
    );
  });
});

// env.clearStorage() removes top-level files only; seeded files live in folders.
async function clearBucket(): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const remove = async (folder: ReturnType<typeof ref>): Promise<void> => {
      const { items, prefixes } = await listAll(folder);
      await Promise.all([...items.map((item) => deleteObject(item)), ...prefixes.map(remove)]);
    };
    await remove(ref(storageOf(context)));
  });
}

function storageOf(context: RulesTestContext): FirebaseStorage {
  return context.storage() as unknown as FirebaseStorage;
}

function contextOf(who: Who): RulesTestContext {
  return who === 'anonymous'
    ? env.unauthenticatedContext()
    : env.authenticatedContext(who, verified);
}

function attempt(storage: FirebaseStorage, op: Op, target: Target): Promise<unknown> {
  switch (op) {
    case 'get':
      return getMetadata(ref(storage, target.path));
    case 'list':
      return list(ref(storage, folderOf(target.path)));
    case 'create':
      return uploadBytes(ref(storage, target.createPath), bytes(1024), {
        contentType: target.contentType,
      });
    case 'update':
      return updateMetadata(ref(storage, target.path), { customMetadata: { reviewed: 'yes' } });
    case 'delete':
      return deleteObject(ref(storage, target.path));
  }
}

describe('storage.rules: who may do what', () => {
  it.each(table)('$title', async ({ who, op, target, allowed }) => {
    const result = attempt(storageOf(contextOf(who)), op, target);
    await (allowed ? assertSucceeds(result) : assertFails(result));
  });
});

describe('storage.rules: an unconfirmed email address', () => {
  it.each(
    targets.flatMap((target) =>
      target.owner.map((op) => ({ op, target, allowed: op === 'get' || op === 'list' })),
    ),
  )('unverified alice $op on $target.path: allowed $allowed', async ({ op, target, allowed }) => {
    const result = attempt(
      storageOf(env.authenticatedContext('alice', { email_verified: false })),
      op,
      target,
    );
    await (allowed ? assertSucceeds(result) : assertFails(result));
  });
});

type UploadCase = {
  title: string;
  path: string;
  contentType: string;
  size: number;
  allowed: boolean;
};

// Sizes are real bytes: the emulator measures what it receives. The limits of 500 MiB and 1 GiB are
// checked below with the emulator's own rules runtime instead: the emulator reads and hashes every byte of
// an upload, 10-20 s for each file that large.
const uploadCases: UploadCase[] = [
  {
    title: 'accepts an image of exactly 20 MiB in uploads',
    path: 'alice/uploads/big.jpg',
    contentType: 'image/jpeg',
    size: 20 * MiB,
    allowed: true,
  },
  {
    title: 'rejects an image over 20 MiB in uploads',
    path: 'alice/uploads/big.jpg',
    contentType: 'image/jpeg',
    size: 20 * MiB + 1,
    allowed: false,
  },
  {
    title: 'accepts audio of exactly 50 MiB in uploads',
    path: 'alice/uploads/take.mp3',
    contentType: 'audio/mpeg',
    size: 50 * MiB,
    allowed: true,
  },
  {
    title: 'rejects audio over 50 MiB in uploads',
    path: 'alice/uploads/take.mp3',
    contentType: 'audio/mpeg',
    size: 50 * MiB + 1,
    allowed: false,
  },
  {
    title: 'accepts a video over the image and audio limits in uploads',
    path: 'alice/uploads/clip.mp4',
    contentType: 'video/mp4',
    size: 50 * MiB + 1,
    allowed: true,
  },
  {
    title: 'accepts a webm video in uploads',
    path: 'alice/uploads/clip.webm',
    contentType: 'video/webm',
    size: 1024,
    allowed: true,
  },
  {
    title: 'rejects a text file in uploads',
    path: 'alice/uploads/notes.txt',
    contentType: 'text/plain',
    size: 1024,
    allowed: false,
  },
  {
    title: 'rejects a PDF in uploads',
    path: 'alice/uploads/brief.pdf',
    contentType: 'application/pdf',
    size: 1024,
    allowed: false,
  },
  {
    title: 'rejects an upload of unknown type',
    path: 'alice/uploads/blob.bin',
    contentType: 'application/octet-stream',
    size: 1024,
    allowed: false,
  },
  {
    title: 'accepts a webm render',
    path: 'alice/renders/cut.webm',
    contentType: 'video/webm',
    size: 1024,
    allowed: true,
  },
  {
    title: 'accepts a QuickTime render',
    path: 'alice/renders/cut.mov',
    contentType: 'video/quicktime',
    size: 1024,
    allowed: true,
  },
  {
    title: 'rejects a Matroska render',
    path: 'alice/renders/cut.mkv',
    contentType: 'video/x-matroska',
    size: 1024,
    allowed: false,
  },
  {
    title: 'rejects an image in renders',
    path: 'alice/renders/still.png',
    contentType: 'image/png',
    size: 1024,
    allowed: false,
  },
  {
    title: 'rejects audio in renders',
    path: 'alice/renders/mix.mp3',
    contentType: 'audio/mpeg',
    size: 1024,
    allowed: false,
  },
];

describe('storage.rules: content type and size for alice', () => {
  it.each(uploadCases)('$title', async ({ path, contentType, size, allowed }) => {
    const storage = storageOf(env.authenticatedContext('alice', verified));
    // Resumable, in chunks, like the dashboard; a single multipart request stops at 130 MiB in the emulator.
    const task = uploadBytesResumable(ref(storage, path), bytes(size), { contentType });
    const result = Promise.resolve(task).then((snapshot) => snapshot.metadata);
    await (allowed ? assertSucceeds(result) : assertFails(result));
  });

  it('rejects a metadata update that turns an upload into a text file', async () => {
    const storage = storageOf(env.authenticatedContext('alice', verified));
    await assertFails(
      updateMetadata(ref(storage, 'alice/uploads/photo.png'), { contentType: 'text/plain' }),
    );
  });
});

type LargeCase = { path: string; contentType: string; size: number; allowed: boolean };

const largeCases: LargeCase[] = [
  { path: 'alice/uploads/clip.mp4', contentType: 'video/mp4', size: 500 * MiB, allowed: true },
  { path: 'alice/uploads/clip.mp4', contentType: 'video/mp4', size: 500 * MiB + 1, allowed: false },
  { path: 'alice/renders/long.mp4', contentType: 'video/mp4', size: 500 * MiB + 1, allowed: true },
  { path: 'alice/renders/long.mp4', contentType: 'video/mp4', size: 1024 * MiB, allowed: true },
  {
    path: 'alice/renders/long.mp4',
    contentType: 'video/mp4',
    size: 1024 * MiB + 1,
    allowed: false,
  },
];

describe('storage.rules: the large limits, asked of the rules runtime the emulator uses', () => {
  let rules: StorageRules;
  beforeAll(async () => {
    rules = await startStorageRules(projectId, projectId);
  });
  afterAll(async () => {
    await rules?.stop();
  });

  it.each(
    largeCases.map((c) => ({
      ...c,
      title: `${c.allowed ? 'accepts' : 'refuses'} ${c.contentType} of ${c.size} bytes at ${c.path}`,
    })),
  )('$title', async ({ path, contentType, size, allowed }) => {
    expect(await rules.mayCreate('alice', path, { contentType, size })).toBe(allowed);
  });

  it('answers as the emulator does for an upload it can take whole: a 20 MiB image and one byte more', async () => {
    expect(
      await rules.mayCreate('alice', 'alice/uploads/big.jpg', {
        contentType: 'image/jpeg',
        size: 20 * MiB,
      }),
    ).toBe(true);
    expect(
      await rules.mayCreate('alice', 'alice/uploads/big.jpg', {
        contentType: 'image/jpeg',
        size: 20 * MiB + 1,
      }),
    ).toBe(false);
    expect(
      await rules.mayCreate('bob', 'alice/uploads/big.jpg', {
        contentType: 'image/jpeg',
        size: 1024,
      }),
    ).toBe(false);
  });
});

// Library files are served inline from their download URLs: only the media types the app uploads get in,
// never a type a browser runs as a document (SVG with a script, HTML).
const typeCases: { folder: 'uploads' | 'renders'; contentType: string; allowed: boolean }[] = [
  ...['image/png', 'image/jpeg', 'image/webp', 'image/gif'].map((contentType) => ({
    folder: 'uploads' as const,
    contentType,
    allowed: true,
  })),
  ...['video/mp4', 'video/webm', 'video/quicktime'].map((contentType) => ({
    folder: 'uploads' as const,
    contentType,
    allowed: true,
  })),
  ...['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/ogg', 'audio/mp4'].map(
    (contentType) => ({ folder: 'uploads' as const, contentType, allowed: true }),
  ),
  ...[
    'image/svg+xml',
    'text/html',
    'application/xhtml+xml',
    'text/xml',
    'image/avif',
    'image/bmp',
    'image/x-icon',
    'video/x-matroska',
    'audio/flac',
    'image/png; charset=utf-8',
  ].map((contentType) => ({
    folder: 'uploads' as const,
    contentType,
    allowed: false,
  })),
  ...['video/mp4', 'video/webm', 'video/quicktime'].map((contentType) => ({
    folder: 'renders' as const,
    contentType,
    allowed: true,
  })),
  ...['image/svg+xml', 'text/html', 'video/x-matroska', 'image/png'].map((contentType) => ({
    folder: 'renders' as const,
    contentType,
    allowed: false,
  })),
];

describe('storage.rules: media types alice may upload', () => {
  it.each(
    typeCases.map((c) => ({
      ...c,
      title: `${c.allowed ? 'accepts' : 'refuses'} ${c.contentType} in ${c.folder}`,
    })),
  )('$title', async ({ folder, contentType, allowed }) => {
    const storage = storageOf(env.authenticatedContext('alice', verified));
    const result = uploadBytes(ref(storage, `alice/${folder}/file.bin`), bytes(1024), {
      contentType,
    });
    await (allowed ? assertSucceeds(result) : assertFails(result));
  });

  it('refuses a metadata update that turns an image upload into an SVG', async () => {
    const storage = storageOf(env.authenticatedContext('alice', verified));
    await assertFails(
      updateMetadata(ref(storage, 'alice/uploads/photo.png'), { contentType: 'image/svg+xml' }),
    );
  });
});

// Smoke test of the Storage rules runtime bridge (scripts/emulators/storage-rules-runtime). Offline,
// every Storage decision goes through that bridge, which drives undocumented internals of the gcloud
// Firestore emulator jar; if a new jar changes them, this fails first and says so plainly.
describe('storage rules runtime bridge', () => {
  it('lets alice upload, read and list in her folder, not delete, and keeps bob and anonymous out', async () => {
    const alice = storageOf(env.authenticatedContext('alice', verified));
    const bob = storageOf(env.authenticatedContext('bob', verified));
    const anonymous = storageOf(env.unauthenticatedContext());
    const file = 'alice/uploads/smoke.png';
    const content = new TextEncoder().encode('bridge smoke test');

    await assertSucceeds(uploadBytes(ref(alice, file), content, { contentType: 'image/png' }));
    expect(new Uint8Array(await getBytes(ref(alice, file)))).toEqual(content);
    const listing = await listAll(ref(alice, 'alice/uploads'));
    expect(listing.items.map((item) => item.fullPath)).toContain(file);

    await assertFails(getBytes(ref(bob, file)));
    await assertFails(listAll(ref(bob, 'alice/uploads')));
    await assertFails(
      uploadBytes(ref(bob, 'alice/uploads/from-bob.png'), content, { contentType: 'image/png' }),
    );
    await assertFails(deleteObject(ref(bob, file)));
    await assertFails(getBytes(ref(anonymous, file)));
    await assertFails(listAll(ref(anonymous, 'alice/uploads')));

    await assertFails(deleteObject(ref(alice, file)));
    await expect(getMetadata(ref(alice, file))).resolves.toMatchObject({ fullPath: file });
  });
});
