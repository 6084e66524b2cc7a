import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
  where,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toComposeDraft } from '../../core/data/compose-draft';
import { encodeMarker } from '../../core/editor/markers';
import { emptyDraft } from '../../core/data/draft';
import { writeComposeDraft } from '../../core/firebase/compose-drafts';
import { readDraft, writeDraft } from '../../core/firebase/drafts';
import { emulatorFirestoreRules } from '../../scripts/stack/emulator-rules';
import { emulatorHost, projectId, readRules } from './emulators';

type Who = 'alice' | 'bob' | 'anonymous';
/** The token claim of a confirmed email address, which every client write needs. */
const verified = { email_verified: true };
type Op = 'get' | 'list' | 'create' | 'update' | 'delete';

const long = (n: number) => 'x'.repeat(n);
const earlier = Timestamp.fromDate(new Date('2026-01-01T00:00:00Z'));
const stale = Timestamp.fromDate(new Date('2026-02-01T00:00:00Z'));
const settings = { emailNotifications: true, projectUpdates: false, animations: true };
const projectSettings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
};
/** A project's settings map as the editor saves it (dashboard/features/video-editor/api/projects.ts). */
const editorSettings = (overrides: DocumentData = {}) => ({
  timelineItems: [
    {
      id: 't1',
      type: 'title',
      settings: { text: 'Hello', fontSize: 48, color: '#ffffff' },
      start_time: 0,
      duration: 3,
    },
  ],
  project: projectSettings,
  ...overrides,
});
/** Download URLs as Storage and the Storage emulator hand them out. */
const downloadUrl = (path: string, origin = 'https://firebasestorage.googleapis.com') =>
  `${origin}/v0/b/demo-muse-test.appspot.com/o/${encodeURIComponent(path)}?alt=media&token=0b6f3c1e-9d2a-4c1b-8f3e-2a9d7c5e1b4f`;
const emulatorOrigin = 'http://127.0.0.1:19199';

const NONCE_PATH = `oauthNonces/${'a1'.repeat(32)}`;

/** Alice's data, as the Admin SDK or an earlier session left it. Every test starts from this. */
const seed: Record<string, DocumentData> = {
  'users/alice': {
    displayName: 'Alice',
    settings,
    theme: 'dark',
    createdAt: earlier,
    updatedAt: earlier,
  },
  'users/alice/generations/g1': {
    kind: 'image',
    prompt: 'a lighthouse',
    status: 'completed',
    createdAt: earlier,
  },
  'users/alice/videoProjects/p1': {
    title: 'Launch teaser',
    settings: editorSettings(),
    thumbnailUrl: '',
    createdAt: earlier,
    updatedAt: earlier,
  },
  'users/alice/renderJobs/r1': {
    status: 'processing',
    projectId: 'p1',
    progress: 0,
    createdAt: earlier,
    updatedAt: earlier,
  },
  'users/alice/socialPosts/s1': {
    platform: 'x',
    text: 'hello',
    status: 'scheduled',
    scheduledAt: stale,
    jobId: null,
    platformPostId: null,
    url: null,
    createdAt: earlier,
  },
  'users/alice/jobs/j1': { kind: 'publish', status: 'queued', input: { postId: 's1' } },
  'users/alice/integrations/openai': { status: 'connected' },
  'users/alice/socialAccounts/x': { status: 'connected', username: 'alice' },
  'users/alice/feedback/f1': { message: 'love it' },
  'users/alice/drafts/d1': {
    platform: 'x',
    text: 'Tides, explained',
    title: '',
    subreddit: '',
    flair: '',
    author: '',
    media: [],
    sourceUrl: 'https://example.com/tides',
    createdAt: earlier,
    updatedAt: earlier,
  },
  'secrets/alice': { openai: 'sk-test' },
  // As startSocialOAuth stores it (functions/src/social/oauth/nonces.ts): id = sha256(state).
  [NONCE_PATH]: {
    uid: 'alice',
    platform: 'reddit',
    redirectUri: 'https://muse.example/social/reddit/callback',
    codeVerifier: null,
    createdAt: earlier,
    expiresAt: stale,
    usedAt: null,
  },
  'modelCatalogues/alice/providers/openai': {
    models: [{ id: 'gpt-5.4-mini', label: 'gpt-5.4-mini' }],
    fetchedAt: earlier,
    keySavedAt: 0,
  },
  'rateLimits/alice/limits/generateText': { windowStart: 0, count: 1 },
  'signInCodes/c1': { uid: 'alice' },
};

/** A draft as the side panel and the composers write it (core/data/draft.ts, toDraftWrite). */
const newDraft = (overrides: DocumentData = {}) => ({
  platform: 'reddit',
  text: 'Body',
  title: 'A title',
  subreddit: 'tides',
  flair: 'Discussion',
  author: '',
  media: ['g1'],
  sourceUrl: 'https://example.com/tides',
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
  ...overrides,
});

type Target = {
  /** A seeded document: get, update and delete act on it. */
  path: string;
  /** The collection a list query reads. */
  list: string;
  /** Where create writes (not seeded). */
  createPath: string;
  create: () => DocumentData;
  update: () => DocumentData;
  /** What alice, the owner, may do; bob and anonymous may do nothing anywhere. */
  owner: Op[];
};

const targets: Target[] = [
  {
    path: 'users/alice',
    list: 'users', // listing every profile stays denied, even to a signed-in user
    createPath: 'users/alice',
    create: () => ({
      displayName: 'Alice',
      settings,
      theme: 'system',
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
    }),
    update: () => ({ displayName: 'Alice B.', theme: 'light', updatedAt: serverTimestamp() }),
    owner: ['get', 'create', 'update'],
  },
  {
    path: 'users/alice/generations/g1',
    list: 'users/alice/generations',
    createPath: 'users/alice/generations/new',
    create: () => ({
      kind: 'image',
      prompt: 'forged',
      status: 'completed',
      createdAt: serverTimestamp(),
    }),
    update: () => ({ status: 'failed' }),
    owner: ['get', 'list', 'delete'],
  },
  {
    path: 'users/alice/videoProjects/p1',
    list: 'users/alice/videoProjects',
    createPath: 'users/alice/videoProjects/new',
    create: () => ({
      title: 'New cut',
      settings: editorSettings(),
      thumbnailUrl: '',
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
    }),
    update: () => ({ title: 'Launch teaser v2', updatedAt: serverTimestamp() }),
    owner: ['get', 'list', 'create', 'update', 'delete'],
  },
  {
    path: 'users/alice/renderJobs/r1',
    list: 'users/alice/renderJobs',
    createPath: 'users/alice/renderJobs/new',
    create: () => ({
      status: 'processing',
      projectId: 'p1',
      progress: 0,
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
    }),
    update: () => ({
      status: 'completed',
      progress: 100,
      outputUrl: downloadUrl('alice/renders/r1.mp4'),
      outputPath: 'alice/renders/r1.mp4',
      error: null,
      updatedAt: serverTimestamp(),
    }),
    owner: ['get', 'list', 'create', 'update'],
  },
  {
    // Only functions move a post along or record what the platform made of it.
    path: 'users/alice/socialPosts/s1',
    list: 'users/alice/socialPosts',
    createPath: 'users/alice/socialPosts/new',
    create: () => ({
      platform: 'x',
      text: 'forged',
      status: 'published',
      platformPostId: '1790000000000000000',
      url: 'https://x.com/i/status/1790000000000000000',
      createdAt: serverTimestamp(),
    }),
    update: () => ({
      status: 'published',
      platformPostId: '1790000000000000000',
      url: 'https://x.com/i/status/1790000000000000000',
    }),
    owner: ['get', 'list'],
  },
  ...(['jobs/j1', 'integrations/openai', 'socialAccounts/x'] as const).map((rest): Target => {
    const [name] = rest.split('/');
    return {
      path: `users/alice/${rest}`,
      list: `users/alice/${name}`,
      createPath: `users/alice/${name}/new`,
      create: () => ({ status: 'connected' }),
      update: () => ({ status: 'forged' }),
      owner: ['get', 'list'],
    };
  }),
  {
    path: 'users/alice/drafts/d1',
    list: 'users/alice/drafts',
    createPath: 'users/alice/drafts/d002',
    create: () => newDraft(),
    update: () => ({ text: 'Tides, explained again', updatedAt: serverTimestamp() }),
    owner: ['get', 'list', 'create', 'update', 'delete'],
  },
  {
    path: 'users/alice/feedback/f1',
    list: 'users/alice/feedback',
    createPath: 'users/alice/feedback/new',
    create: () => ({ message: 'hello' }),
    update: () => ({ message: 'edited' }),
    owner: [],
  },
  {
    path: 'secrets/alice',
    list: 'secrets',
    createPath: 'secrets/new',
    create: () => ({ openai: 'sk-forged' }),
    update: () => ({ openai: 'sk-forged' }),
    owner: [],
  },
  {
    path: NONCE_PATH,
    list: 'oauthNonces',
    createPath: 'oauthNonces/new',
    create: () => ({ uid: 'alice', platform: 'reddit', usedAt: null }),
    update: () => ({ usedAt: null, uid: 'bob' }),
    owner: [],
  },
  {
    // Sign-in codes are redeemed for a token of their uid: no client may read or plant one.
    path: 'signInCodes/c1',
    list: 'signInCodes',
    createPath: 'signInCodes/new',
    create: () => ({ uid: 'alice' }),
    update: () => ({ uid: 'bob' }),
    owner: [],
  },
];

// Server-only documents: model catalogue caches and rate-limit counters.
targets.push(
  {
    path: 'modelCatalogues/alice/providers/openai',
    list: 'modelCatalogues/alice/providers',
    createPath: 'modelCatalogues/alice/providers/gemini',
    create: () => ({ models: [{ id: 'forged', label: 'forged' }] }),
    update: () => ({ models: [] }),
    owner: [],
  },
  {
    path: 'rateLimits/alice/limits/generateText',
    list: 'rateLimits/alice/limits',
    createPath: 'rateLimits/alice/limits/startJob',
    create: () => ({ windowStart: 0, count: 0 }),
    update: () => ({ count: 0 }),
    owner: [],
  },
);

const ops: Op[] = ['get', 'list', 'create', 'update', 'delete'];
const people: Who[] = ['alice', 'bob', 'anonymous'];

const table = targets.flatMap((target) =>
  people.flatMap((who) =>
    ops.map((op) => {
      const allowed = who === 'alice' && target.owner.includes(op);
      const where = op === 'list' ? target.list : op === 'create' ? target.createPath : target.path;
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
  setLogLevel('error'); // every denied write would otherwise log a stream warning
  const { host, port } = emulatorHost('FIRESTORE_EMULATOR_HOST', '127.0.0.1:18080');
  env = await initializeTestEnvironment({
    projectId,
    firestore: { host, port, rules: readRules('firestore.rules') },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

async function reset(except?: string): Promise<void> {
  pristine = false;
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await Promise.all(
      Object.entries(seed)
        .filter(([path]) => path !== except)
        .map(([path, data]) => setDoc(doc(db, path), data)),
    );
  });
}

function contextOf(who: Who): RulesTestContext {
  return who === 'anonymous'
    ? env.unauthenticatedContext()
    : env.authenticatedContext(who, verified);
}

/**
 * Whether the emulator holds exactly the seed. Clearing and seeding again before each of the tables' tests
 * was most of this file's time; a table test does one operation on one document, so the seed is written once
 * and each test puts back the one document its operation could change (`fromSeed`). Any other test resets
 * the whole seed and leaves this false.
 */
let pristine = false;

/** One client per signed-in state for the tables' tests: a new one per test only added set-up time. */
const clients = new Map<string, Firestore>();
function clientOf(who: Who | 'unverified alice'): Firestore {
  let db = clients.get(who);
  if (!db) {
    const context =
      who === 'unverified alice'
        ? env.authenticatedContext('alice', { email_verified: false })
        : contextOf(who);
    db = context.firestore() as unknown as Firestore;
    clients.set(who, db);
  }
  return db;
}

/** Puts `path` back as the seed has it: written if seeded, deleted if not. */
function putBack(path: string): Promise<void> {
  return env.withSecurityRulesDisabled(async (context) => {
    const data = seed[path];
    await (data
      ? setDoc(doc(context.firestore(), path), data)
      : deleteDoc(doc(context.firestore(), path)));
  });
}

/**
 * Runs one table operation from the seed (without `target.createPath` for a create, as `reset` does) and puts
 * back the document it wrote to, whether the rules allowed the write or not.
 */
async function fromSeed(op: Op, target: Target, run: () => Promise<void>): Promise<void> {
  if (!pristine) {
    await reset();
    pristine = true;
  }
  const written =
    op === 'create'
      ? target.createPath
      : op === 'update' || op === 'delete'
        ? target.path
        : undefined;
  if (written === undefined) return run();
  pristine = false;
  if (op === 'create' && seed[written]) {
    await env.withSecurityRulesDisabled((context) => deleteDoc(doc(context.firestore(), written)));
  }
  try {
    await run();
  } finally {
    await putBack(written);
    pristine = true;
  }
}

function attempt(db: Firestore, op: Op, target: Target): Promise<unknown> {
  switch (op) {
    case 'get':
      return getDoc(doc(db, target.path));
    case 'list':
      return getDocs(collection(db, target.list));
    case 'create':
      return setDoc(doc(db, target.createPath), target.create());
    case 'update':
      return updateDoc(doc(db, target.path), target.update());
    case 'delete':
      return deleteDoc(doc(db, target.path));
  }
}

describe('firestore.rules: who may do what', () => {
  it.each(table)('$title', async ({ who, op, target, allowed }) => {
    await fromSeed(op, target, async () => {
      const result = attempt(clientOf(who), op, target);
      await (allowed ? assertSucceeds(result) : assertFails(result));
    });
  });

  it.each(['alice', 'bob'] as const)(
    '%s cannot query the OAuth nonces for her own uid, nor spend one',
    async (who) => {
      await reset();
      const db = contextOf(who).firestore() as unknown as Firestore;
      await assertFails(getDocs(query(collection(db, 'oauthNonces'), where('uid', '==', who))));
      await assertFails(updateDoc(doc(db, NONCE_PATH), { usedAt: serverTimestamp() }));
    },
  );
});

// Alice before she confirmed her email address: she reads what is hers, and writes nothing.
const unverifiedTable = targets.flatMap((target) =>
  target.owner.map((op) => {
    const allowed = op === 'get' || op === 'list';
    const where = op === 'list' ? target.list : op === 'create' ? target.createPath : target.path;
    return {
      title: `unverified alice ${allowed ? 'can' : 'cannot'} ${op} ${where}`,
      op,
      target,
      allowed,
    };
  }),
);

describe('firestore.rules: an unconfirmed email address', () => {
  it.each(unverifiedTable)('$title', async ({ op, target, allowed }) => {
    await fromSeed(op, target, async () => {
      const result = attempt(clientOf('unverified alice'), op, target);
      await (allowed ? assertSucceeds(result) : assertFails(result));
    });
  });

  it('cannot write without the claim at all', async () => {
    await reset();
    const db = env.authenticatedContext('alice').firestore() as unknown as Firestore;
    await assertFails(
      updateDoc(doc(db, 'users/alice'), { displayName: 'Alice B.', updatedAt: serverTimestamp() }),
    );
  });
});

type FieldCase = {
  title: string;
  allowed: boolean;
  run: (db: Firestore) => Promise<unknown>;
  except?: string;
};

const newProfile = (overrides: DocumentData = {}) => ({
  displayName: 'Alice',
  settings,
  theme: 'system',
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
  ...overrides,
});
const newProject = (overrides: DocumentData = {}) => ({
  title: 'New cut',
  settings: editorSettings(),
  thumbnailUrl: '',
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
  ...overrides,
});
const { createdAt: _omitCreatedAt, ...projectWithoutCreatedAt } = newProject();
const profile = (db: Firestore) => doc(db, 'users/alice');
const project = (db: Firestore, id = 'p1') => doc(db, `users/alice/videoProjects/${id}`);
const renderJob = (db: Firestore, id = 'r1') => doc(db, `users/alice/renderJobs/${id}`);
/** A render job as the editor creates it (dashboard/features/video-editor/api/render-jobs.ts). */
const newRenderJob = (overrides: DocumentData = {}) => ({
  projectId: 'p1',
  status: 'processing',
  progress: 0,
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
  ...overrides,
});
const completed = (overrides: DocumentData = {}) => ({
  status: 'completed',
  progress: 100,
  outputUrl: downloadUrl('alice/renders/r1.mp4'),
  outputPath: 'alice/renders/r1.mp4',
  error: null,
  updatedAt: serverTimestamp(),
  ...overrides,
});
/** A later Save of p1, as updateDoc gets it from the editor (no createdAt). */
const update = (overrides: DocumentData) => ({ ...projectWithoutCreatedAt, ...overrides });
const { format: _omitFormat, ...settingsWithoutFormat } = projectSettings;

const { createdAt: _draftCreatedAt, ...draftWithoutCreatedAt } = newDraft();
const draft = (db: Firestore, id = 'd1') => doc(db, `users/alice/drafts/${id}`);

const draftCases: FieldCase[] = [
  ...[
    {
      title: 'creates an X draft with only its text',
      data: {
        platform: 'x',
        text: 'Hi',
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
      },
      allowed: true,
    },
    {
      title: 'creates a LinkedIn draft with its author',
      data: newDraft({
        platform: 'linkedin',
        author: 'urn:li:person:abc123',
        title: '',
        subreddit: '',
      }),
      allowed: true,
    },
    {
      title: 'accepts draft text of 40,000 characters',
      data: newDraft({ text: long(40_000) }),
      allowed: true,
    },
    {
      title: 'rejects draft text over 40,000 characters',
      data: newDraft({ text: long(40_001) }),
      allowed: false,
    },
    {
      title: 'rejects a platform drafts do not know',
      data: newDraft({ platform: 'myspace' }),
      allowed: false,
    },
    {
      title: 'rejects a draft with an unknown key',
      data: newDraft({ status: 'published' }),
      allowed: false,
    },
    {
      title: 'rejects a Reddit title over 300 characters',
      data: newDraft({ title: long(301) }),
      allowed: false,
    },
    {
      title: 'rejects a subreddit name with a slash',
      data: newDraft({ subreddit: 'r/tides' }),
      allowed: false,
    },
    {
      title: 'rejects a subreddit name over 21 characters',
      data: newDraft({ subreddit: long(22) }),
      allowed: false,
    },
    {
      title: 'rejects a flair over 64 characters',
      data: newDraft({ flair: long(65) }),
      allowed: false,
    },
    {
      title: 'rejects an author over 128 characters',
      data: newDraft({ author: long(129) }),
      allowed: false,
    },
    // A draft's media are library ids only: what readers show about them comes from the library records.
    ...((): { title: string; data: DocumentData; allowed: boolean }[] => {
      const ids = (n: number) => Array.from({ length: n }, (_, i) => `g${i}`);
      const entry = {
        generationId: 'g1',
        title: 'Harbour',
        contentType: 'image/png',
        sizeBytes: 1024,
        thumbnailUrl: null,
      };
      return [
        { title: 'accepts 20 media ids', data: newDraft({ media: ids(20) }), allowed: true },
        {
          title: 'accepts media ids of 128 characters',
          data: newDraft({ media: [`${long(127)}_`] }),
          allowed: true,
        },
        { title: 'rejects 21 media ids', data: newDraft({ media: ids(21) }), allowed: false },
        {
          title: 'rejects media that is not a list',
          data: newDraft({ media: 'g1' }),
          allowed: false,
        },
        {
          title: 'rejects a media entry that is a map (the shape drafts had before)',
          data: newDraft({ media: [entry] }),
          allowed: false,
        },
        {
          title: 'rejects a 20th media entry that is a map',
          data: newDraft({ media: [...ids(19), { ...entry, generationId: 'g19' }] }),
          allowed: false,
        },
        {
          title: 'rejects a media entry that is a number',
          data: newDraft({ media: [42] }),
          allowed: false,
        },
        {
          title: 'rejects a media entry that is not an id',
          data: newDraft({ media: ['../secrets/alice'] }),
          allowed: false,
        },
        {
          title: 'rejects a 20th media entry that is a URL',
          data: newDraft({ media: [...ids(19), 'http://127.0.0.1:9199/v0/b/x/o/y'] }),
          allowed: false,
        },
        {
          title: 'rejects a media id over 128 characters',
          data: newDraft({ media: [long(129)] }),
          allowed: false,
        },
        {
          title: 'rejects a media entry of 45 KB',
          data: newDraft({ media: [long(45_000)] }),
          allowed: false,
        },
      ];
    })(),
    {
      title: 'rejects a javascript: source URL',
      data: newDraft({ sourceUrl: 'javascript:alert(1)' }),
      allowed: false,
    },
    {
      title: 'rejects a source URL over 2048 characters',
      data: newDraft({ sourceUrl: `https://example.com/${long(2048)}` }),
      allowed: false,
    },
    { title: 'rejects text that is not a string', data: newDraft({ text: 42 }), allowed: false },
    {
      title: 'rejects a draft created with a client-chosen createdAt',
      data: newDraft({ createdAt: earlier }),
      allowed: false,
    },
    {
      title: 'rejects a draft created with an old updatedAt',
      data: newDraft({ updatedAt: stale }),
      allowed: false,
    },
  ].map(({ title, data, allowed }): FieldCase => ({
    title,
    allowed,
    run: (db) => setDoc(draft(db, 'd003'), data),
  })),
  // New drafts take one of 1,000 slot ids (core/firebase/drafts.ts), which caps how many a user keeps.
  {
    title: 'creates a draft in the last slot, d999',
    allowed: true,
    run: (db) => setDoc(draft(db, 'd999'), newDraft()),
  },
  {
    title: 'rejects a new draft whose id is not a slot',
    allowed: false,
    run: (db) => setDoc(draft(db, 'new'), newDraft()),
  },
  {
    title: 'rejects a new draft beyond the last slot',
    allowed: false,
    run: (db) => setDoc(draft(db, 'd1000'), newDraft()),
  },
  {
    title: 'rejects a create that overwrites a draft in a taken slot',
    allowed: false,
    run: (db) => setDoc(draft(db, 'd1'), newDraft()),
  },
  {
    title: 'saves a draft again as autosave writes it',
    allowed: true,
    run: (db) => updateDoc(draft(db), draftWithoutCreatedAt),
  },
  {
    title: 'rejects a draft update that rewrites createdAt',
    allowed: false,
    run: (db) =>
      updateDoc(draft(db), { createdAt: serverTimestamp(), updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects a draft update without a fresh updatedAt',
    allowed: false,
    run: (db) => updateDoc(draft(db), { text: 'Edited' }),
  },
];

const fieldCases: FieldCase[] = [
  // users/{uid}
  {
    title: 'creates a profile with every allowed field',
    allowed: true,
    except: 'users/alice',
    run: (db) => setDoc(profile(db), newProfile()),
  },
  {
    title: 'rejects a profile with a key outside the allowed list',
    allowed: false,
    except: 'users/alice',
    run: (db) => setDoc(profile(db), newProfile({ isAdmin: true })),
  },
  {
    title: 'accepts a displayName of 80 characters',
    allowed: true,
    run: (db) => updateDoc(profile(db), { displayName: long(80), updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects a displayName longer than 80 characters',
    allowed: false,
    run: (db) => updateDoc(profile(db), { displayName: long(81), updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects a displayName that is not a string',
    allowed: false,
    run: (db) => updateDoc(profile(db), { displayName: 42, updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects a theme other than light, dark or system',
    allowed: false,
    run: (db) => updateDoc(profile(db), { theme: 'neon', updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects a settings value that is not a boolean',
    allowed: false,
    run: (db) =>
      updateDoc(profile(db), { 'settings.animations': 'yes', updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects an unknown key inside settings',
    allowed: false,
    run: (db) => updateDoc(profile(db), { 'settings.beta': true, updatedAt: serverTimestamp() }),
  },
  {
    title: 'saves a workspace time zone and posting slots',
    allowed: true,
    run: (db) =>
      updateDoc(profile(db), {
        scheduling: {
          timeZone: 'Asia/Kolkata',
          slots: { x: [{ days: [1, 2, 3, 4, 5], time: '09:00' }], youtube: [] },
        },
        updatedAt: serverTimestamp(),
      }),
  },
  {
    title: 'saves a channel zone of its own beside the workspace zone',
    allowed: true,
    run: (db) =>
      updateDoc(profile(db), {
        scheduling: {
          timeZone: 'America/Los_Angeles',
          slots: { linkedin: [{ days: [1, 2, 3, 4, 5], time: '09:00' }] },
          zones: { linkedin: 'Asia/Kolkata', reddit: 'Europe/Berlin' },
        },
        updatedAt: serverTimestamp(),
      }),
  },
  {
    title: 'rejects a channel zone for an unknown channel',
    allowed: false,
    run: (db) =>
      updateDoc(profile(db), {
        'scheduling.zones': { mastodon: 'UTC' },
        updatedAt: serverTimestamp(),
      }),
  },
  {
    title: 'rejects a channel zone that is not a string',
    allowed: false,
    run: (db) =>
      updateDoc(profile(db), { 'scheduling.zones': { x: 5 }, updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects an empty channel zone',
    allowed: false,
    run: (db) =>
      updateDoc(profile(db), { 'scheduling.zones': { x: '' }, updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects a channel zone over 64 characters',
    allowed: false,
    run: (db) =>
      updateDoc(profile(db), {
        'scheduling.zones': { youtube: long(65) },
        updatedAt: serverTimestamp(),
      }),
  },
  {
    title: 'rejects channel zones that are not a map',
    allowed: false,
    run: (db) =>
      updateDoc(profile(db), { 'scheduling.zones': 'Asia/Kolkata', updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects a time zone that is not a string',
    allowed: false,
    run: (db) => updateDoc(profile(db), { 'scheduling.timeZone': 5, updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects a time zone over 64 characters',
    allowed: false,
    run: (db) =>
      updateDoc(profile(db), { 'scheduling.timeZone': long(65), updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects an unknown key inside scheduling',
    allowed: false,
    run: (db) => updateDoc(profile(db), { 'scheduling.beta': true, updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects posting slots for an unknown channel',
    allowed: false,
    run: (db) =>
      updateDoc(profile(db), {
        'scheduling.slots': { mastodon: [] },
        updatedAt: serverTimestamp(),
      }),
  },
  {
    title: 'rejects posting slots that are not a list',
    allowed: false,
    run: (db) =>
      updateDoc(profile(db), {
        'scheduling.slots': { x: { time: '09:00' } },
        updatedAt: serverTimestamp(),
      }),
  },
  {
    title: 'rejects more than 28 posting slots on a channel',
    allowed: false,
    run: (db) =>
      updateDoc(profile(db), {
        'scheduling.slots': {
          linkedin: Array.from({ length: 29 }, () => ({ days: [1], time: '09:00' })),
        },
        updatedAt: serverTimestamp(),
      }),
  },
  {
    title: 'rejects a profile update that does not stamp updatedAt with the server time',
    allowed: false,
    run: (db) => updateDoc(profile(db), { displayName: 'Alice B.', updatedAt: stale }),
  },
  {
    title: 'rejects a profile update that leaves updatedAt unchanged',
    allowed: false,
    run: (db) => updateDoc(profile(db), { displayName: 'Alice B.' }),
  },
  {
    title: 'rejects a profile update that rewrites createdAt',
    allowed: false,
    run: (db) =>
      updateDoc(profile(db), { createdAt: serverTimestamp(), updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects a profile whose createdAt is not a timestamp',
    allowed: false,
    except: 'users/alice',
    run: (db) => setDoc(profile(db), newProfile({ createdAt: 'yesterday' })),
  },
  // users/{uid}/videoProjects
  {
    title: 'accepts a project title of 200 characters',
    allowed: true,
    run: (db) => setDoc(project(db, 'new'), newProject({ title: long(200) })),
  },
  {
    title: 'rejects an empty project title',
    allowed: false,
    run: (db) => setDoc(project(db, 'new'), newProject({ title: '' })),
  },
  {
    title: 'rejects a project title longer than 200 characters',
    allowed: false,
    run: (db) => setDoc(project(db, 'new'), newProject({ title: long(201) })),
  },
  {
    title: 'rejects a project whose settings are not a map',
    allowed: false,
    run: (db) => setDoc(project(db, 'new'), newProject({ settings: 'default' })),
  },
  {
    title: 'rejects a new project without createdAt',
    allowed: false,
    run: (db) => setDoc(project(db, 'new'), projectWithoutCreatedAt),
  },
  {
    title: 'rejects a project update without a fresh updatedAt',
    allowed: false,
    run: (db) => updateDoc(project(db), { title: 'Renamed' }),
  },
  {
    title: 'rejects a project update that clears the title',
    allowed: false,
    run: (db) => updateDoc(project(db), { title: '', updatedAt: serverTimestamp() }),
  },
  // users/{uid}/renderJobs
  {
    title: 'rejects a render job created as completed',
    allowed: false,
    run: (db) => setDoc(renderJob(db, 'new'), newRenderJob({ status: 'completed' })),
  },
  {
    title: 'rejects a render job without a projectId',
    allowed: false,
    run: (db) => setDoc(renderJob(db, 'new'), { status: 'processing' }),
  },
  {
    title: 'rejects a render job whose projectId is not a string',
    allowed: false,
    run: (db) => setDoc(renderJob(db, 'new'), { status: 'processing', projectId: 7 }),
  },
  {
    title: 'records a failed render with its error',
    allowed: true,
    run: (db) =>
      updateDoc(renderJob(db), {
        status: 'failed',
        error: { code: 'render-failed', message: 'The render failed.' },
        updatedAt: serverTimestamp(),
      }),
  },
  {
    title: 'reports render progress without other changes',
    allowed: true,
    run: (db) => updateDoc(renderJob(db), { progress: 42 }),
  },
  {
    title: 'rejects a render status outside processing, completed and failed',
    allowed: false,
    run: (db) => updateDoc(renderJob(db), { status: 'done' }),
  },
  {
    title: 'rejects a render job update that changes its projectId',
    allowed: false,
    run: (db) => updateDoc(renderJob(db), { projectId: 'p2' }),
  },
  {
    title: 'rejects a render job update that adds an unknown field',
    allowed: false,
    run: (db) => updateDoc(renderJob(db), { priority: 'high' }),
  },
  {
    title: 'rejects render progress that is not a number',
    allowed: false,
    run: (db) => updateDoc(renderJob(db), { progress: 'half' }),
  },
  {
    title: 'rejects a render job update with an old updatedAt',
    allowed: false,
    run: (db) => updateDoc(renderJob(db), { status: 'completed', updatedAt: stale }),
  },
];

// Render jobs and projects are written by the browser itself: every key, type and size is checked, and
// URLs are Storage download URLs of alice's own files on production's Storage origin (the emulators' rules,
// which also admit the Storage emulator's, are checked at the end of this file).
const shapeCases: FieldCase[] = [
  // users/{uid}/videoProjects: allowed shapes
  {
    title: 'creates a project as the editor saves it',
    allowed: true,
    run: (db) => setDoc(project(db, 'new'), newProject()),
  },
  {
    title: 'creates a project with an empty timeline',
    allowed: true,
    run: (db) =>
      setDoc(project(db, 'new'), newProject({ settings: editorSettings({ timelineItems: [] }) })),
  },
  {
    title: 'creates a project with 500 clips',
    allowed: true,
    run: (db) =>
      setDoc(
        project(db, 'new'),
        newProject({
          settings: editorSettings({
            timelineItems: Array.from({ length: 500 }, (_, i) => ({ id: `c${i}` })),
          }),
        }),
      ),
  },
  {
    title: 'saves a thumbnail that is a download URL of one of her images',
    allowed: true,
    run: (db) =>
      updateDoc(project(db), update({ thumbnailUrl: downloadUrl('alice/generations/g1.png') })),
  },
  {
    title: "rejects a thumbnail on the Storage emulator's loopback origin (production rules)",
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ thumbnailUrl: downloadUrl('alice/uploads/u1.jpg', emulatorOrigin) }),
      ),
  },
  {
    title: 'saves a square, low quality WebM project',
    allowed: true,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({
            project: {
              ...projectSettings,
              aspectRatio: '1:1',
              resolution: { width: 1080, height: 1080 },
              format: 'webm',
              quality: 'low',
            },
          }),
        }),
      ),
  },
  {
    title: 'saves a 4:5, 60 fps, 4K project',
    allowed: true,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({
            project: {
              ...projectSettings,
              aspectRatio: '4:5',
              resolution: { width: 2160, height: 2700 },
              fps: 60,
            },
          }),
        }),
      ),
  },
  {
    title: 'saves a 24 fps project',
    allowed: true,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ project: { ...projectSettings, fps: 24 } }) }),
      ),
  },
  {
    title: 'saves a 25 fps 720p project',
    allowed: true,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({
            project: { ...projectSettings, resolution: { width: 1280, height: 720 }, fps: 25 },
          }),
        }),
      ),
  },
  {
    title: 'saves a 50 fps project',
    allowed: true,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ project: { ...projectSettings, fps: 50 } }) }),
      ),
  },
  {
    title: 'saves a 9:16 4K project (2160x3840)',
    allowed: true,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({
            project: {
              ...projectSettings,
              aspectRatio: '9:16',
              resolution: { width: 2160, height: 3840 },
            },
          }),
        }),
      ),
  },
  {
    title: 'saves 200 timeline markers as the editor stores them',
    allowed: true,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({
            markers: Array.from({ length: 200 }, (_, i) =>
              encodeMarker({ id: `m${i}`, frame: i * 30, label: i ? '' : 'Intro | hook' }),
            ),
          }),
        }),
      ),
  },
  {
    title: 'saves a marker at frame 0 with a label of 60 characters',
    allowed: true,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ markers: [`m1|0|${long(60)}`] }) }),
      ),
  },
  {
    title: 'saves a project with a muted and a soloed track and a caption style',
    allowed: true,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({
            project: {
              ...projectSettings,
              trackMix: { 'audio-1': { muted: true }, main: { solo: true } },
              captionStyle: { preset: 'karaoke', position: 'top', size: 'large' },
            },
          }),
        }),
      ),
  },
  {
    title: 'saves an empty list of markers',
    allowed: true,
    run: (db) => updateDoc(project(db), update({ settings: editorSettings({ markers: [] }) })),
  },
  // users/{uid}/videoProjects: refused shapes
  {
    title: 'rejects a 201st marker',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({
            markers: Array.from({ length: 201 }, (_, i) => `m${i}|${i}|`),
          }),
        }),
      ),
  },
  {
    title: 'rejects a track mix for a track the editor does not have',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({
            project: { ...projectSettings, trackMix: { 'audio-9': { muted: true } } },
          }),
        }),
      ),
  },
  {
    title: 'rejects a track mix whose mute is not a boolean',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({
            project: { ...projectSettings, trackMix: { main: { muted: 'yes' } } },
          }),
        }),
      ),
  },
  {
    title: 'rejects a caption style the editor does not offer',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({
            project: {
              ...projectSettings,
              captionStyle: { preset: 'neon', position: 'top', size: 'large' },
            },
          }),
        }),
      ),
  },
  {
    title: 'rejects a caption style with an extra key',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({
            project: {
              ...projectSettings,
              captionStyle: { preset: 'box', position: 'top', size: 'large', font: 'Comic' },
            },
          }),
        }),
      ),
  },
  {
    title: 'rejects a marker at a negative frame',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ markers: ['m1|0|', 'm2|-5|Oops'] }) }),
      ),
  },
  {
    title: 'rejects a marker between frames (2.5)',
    allowed: false,
    run: (db) =>
      updateDoc(project(db), update({ settings: editorSettings({ markers: ['m1|2.5|'] }) })),
  },
  {
    title: 'rejects a marker label of 61 characters',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ markers: [`m1|10|${long(61)}`] }) }),
      ),
  },
  {
    title: 'rejects a marker without an id',
    allowed: false,
    run: (db) =>
      updateDoc(project(db), update({ settings: editorSettings({ markers: ['|10|Intro'] }) })),
  },
  {
    title: 'rejects a marker that hides a second one on a new line',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ markers: ['m1|10|a\nm2|20|b'] }) }),
      ),
  },
  {
    title: 'rejects a marker that is not a string',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({ markers: [{ id: 'm1', frame: 10, label: 'Intro' }] }),
        }),
      ),
  },
  {
    title: 'rejects markers that are not a list',
    allowed: false,
    run: (db) =>
      updateDoc(project(db), update({ settings: editorSettings({ markers: 'm1|10|' }) })),
  },
  {
    title: 'rejects a project with an unknown top-level key',
    allowed: false,
    run: (db) => setDoc(project(db, 'new'), newProject({ published: true })),
  },
  {
    title: 'rejects a project whose settings carry a 500 KB extra field',
    allowed: false,
    run: (db) =>
      setDoc(
        project(db, 'new'),
        newProject({ settings: editorSettings({ blob: long(500 * 1024) }) }),
      ),
  },
  {
    title: 'rejects project settings without a timeline',
    allowed: false,
    run: (db) => setDoc(project(db, 'new'), newProject({ settings: { project: projectSettings } })),
  },
  {
    title: 'rejects a timeline that is not a list',
    allowed: false,
    run: (db) =>
      setDoc(
        project(db, 'new'),
        newProject({ settings: editorSettings({ timelineItems: { a: 1 } }) }),
      ),
  },
  {
    title: 'rejects a timeline of more than 500 clips',
    allowed: false,
    run: (db) =>
      setDoc(
        project(db, 'new'),
        newProject({
          settings: editorSettings({
            timelineItems: Array.from({ length: 501 }, (_, i) => ({ id: `c${i}` })),
          }),
        }),
      ),
  },
  {
    title: 'rejects project settings with an unknown key',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ project: { ...projectSettings, codec: 'h265' } }) }),
      ),
  },
  {
    title: 'rejects project settings missing the format',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ project: settingsWithoutFormat }) }),
      ),
  },
  {
    title: 'rejects an aspect ratio the editor does not offer',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({ project: { ...projectSettings, aspectRatio: '4:3' } }),
        }),
      ),
  },
  {
    title: 'rejects a resolution over 4096 pixels',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({
            project: { ...projectSettings, resolution: { width: 8192, height: 1080 } },
          }),
        }),
      ),
  },
  {
    title: 'rejects a resolution that is not whole pixels',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          settings: editorSettings({
            project: { ...projectSettings, resolution: { width: 1920.5, height: 1080 } },
          }),
        }),
      ),
  },
  {
    title: 'rejects a frame rate the editor does not offer (29)',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ project: { ...projectSettings, fps: 29 } }) }),
      ),
  },
  {
    title: 'rejects a frame rate over 60 (61)',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ project: { ...projectSettings, fps: 61 } }) }),
      ),
  },
  {
    title: 'rejects a frame rate under 24 (23)',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ project: { ...projectSettings, fps: 23 } }) }),
      ),
  },
  {
    title: 'rejects a fractional frame rate (29.97)',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ project: { ...projectSettings, fps: 29.97 } }) }),
      ),
  },
  {
    title: 'rejects a frame rate that is a string',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ project: { ...projectSettings, fps: '60' } }) }),
      ),
  },
  {
    title: 'rejects an output format the editor does not render',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ project: { ...projectSettings, format: 'mkv' } }) }),
      ),
  },
  {
    title: 'rejects a quality the editor does not offer',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ settings: editorSettings({ project: { ...projectSettings, quality: 'ultra' } }) }),
      ),
  },
  {
    title: 'rejects a javascript: thumbnail',
    allowed: false,
    run: (db) => updateDoc(project(db), update({ thumbnailUrl: 'javascript:alert(1)' })),
  },
  {
    title: 'rejects a thumbnail on another host',
    allowed: false,
    run: (db) => updateDoc(project(db), update({ thumbnailUrl: 'https://evil.example/x.png' })),
  },
  {
    title: "rejects a thumbnail of bob's file",
    allowed: false,
    run: (db) =>
      updateDoc(project(db), update({ thumbnailUrl: downloadUrl('bob/uploads/u1.png') })),
  },
  {
    title: 'rejects a thumbnail on a non-loopback plain http host',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({ thumbnailUrl: downloadUrl('alice/uploads/u1.png', 'http://10.0.0.1:9199') }),
      ),
  },
  {
    title: 'rejects a thumbnail over plain http to the production host',
    allowed: false,
    run: (db) =>
      updateDoc(
        project(db),
        update({
          thumbnailUrl: downloadUrl(
            'alice/uploads/u1.png',
            'http://firebasestorage.googleapis.com',
          ),
        }),
      ),
  },
  {
    title: 'rejects a thumbnail that is not a string',
    allowed: false,
    run: (db) => updateDoc(project(db), update({ thumbnailUrl: 42 })),
  },
  {
    title: 'rejects a project created with a client-chosen createdAt',
    allowed: false,
    run: (db) => setDoc(project(db, 'new'), newProject({ createdAt: earlier })),
  },
  {
    title: 'rejects a Save that adds an unknown key',
    allowed: false,
    run: (db) => updateDoc(project(db), update({ ownerUid: 'bob' })),
  },
  {
    title: 'accepts a later Save as the editor writes it',
    allowed: true,
    run: (db) => updateDoc(project(db), update({ title: 'Renamed' })),
  },
  // users/{uid}/renderJobs: allowed shapes
  {
    title: 'creates a render job as the editor does',
    allowed: true,
    run: (db) => setDoc(renderJob(db, 'new'), newRenderJob()),
  },
  {
    title: 'completes a render with a download URL of her render',
    allowed: true,
    run: (db) => updateDoc(renderJob(db), completed()),
  },
  {
    title: "rejects a render output on the Storage emulator's loopback origin (production rules)",
    allowed: false,
    run: (db) =>
      updateDoc(
        renderJob(db),
        completed({
          outputUrl: downloadUrl('alice/renders/r1.webm', emulatorOrigin),
          outputPath: 'alice/renders/r1.webm',
        }),
      ),
  },
  {
    title: 'records a failed render with a message of 500 characters',
    allowed: true,
    run: (db) =>
      updateDoc(renderJob(db), {
        status: 'failed',
        error: { message: long(500) },
        updatedAt: serverTimestamp(),
      }),
  },
  // users/{uid}/renderJobs: refused shapes
  {
    title: 'rejects a render job created with an unknown key',
    allowed: false,
    run: (db) =>
      setDoc(renderJob(db, 'new'), newRenderJob({ settings: { blob: long(500 * 1024) } })),
  },
  {
    title: 'rejects a render job created with progress already made',
    allowed: false,
    run: (db) => setDoc(renderJob(db, 'new'), newRenderJob({ progress: 50 })),
  },
  {
    title: 'rejects a render job created with an output',
    allowed: false,
    run: (db) =>
      setDoc(
        renderJob(db, 'new'),
        newRenderJob({ outputUrl: downloadUrl('alice/renders/r1.mp4') }),
      ),
  },
  {
    title: 'rejects a render job whose projectId is not an id',
    allowed: false,
    run: (db) => setDoc(renderJob(db, 'new'), newRenderJob({ projectId: '../../secrets/alice' })),
  },
  {
    title: 'rejects a render job created with a client-chosen createdAt',
    allowed: false,
    run: (db) => setDoc(renderJob(db, 'new'), newRenderJob({ createdAt: earlier })),
  },
  {
    title: 'rejects a javascript: output URL',
    allowed: false,
    run: (db) =>
      updateDoc(renderJob(db), completed({ outputUrl: 'javascript:alert(document.domain)' })),
  },
  {
    title: 'rejects an output URL on another host',
    allowed: false,
    run: (db) => updateDoc(renderJob(db), completed({ outputUrl: 'https://evil.example/r1.mp4' })),
  },
  {
    title: "rejects an output URL of bob's render",
    allowed: false,
    run: (db) =>
      updateDoc(renderJob(db), completed({ outputUrl: downloadUrl('bob/renders/r1.mp4') })),
  },
  {
    title: 'rejects an output URL outside her renders folder',
    allowed: false,
    run: (db) =>
      updateDoc(renderJob(db), completed({ outputUrl: downloadUrl('alice/uploads/r1.mp4') })),
  },
  {
    title: 'rejects an output URL with something after the token',
    allowed: false,
    run: (db) =>
      updateDoc(
        renderJob(db),
        completed({ outputUrl: `${downloadUrl('alice/renders/r1.mp4')}#<script>` }),
      ),
  },
  {
    title: 'rejects an output path outside her renders folder',
    allowed: false,
    run: (db) => updateDoc(renderJob(db), completed({ outputPath: 'bob/renders/r1.mp4' })),
  },
  {
    title: 'rejects an output path that climbs out',
    allowed: false,
    run: (db) =>
      updateDoc(renderJob(db), completed({ outputPath: 'alice/renders/../../bob/r1.mp4' })),
  },
  {
    title: 'rejects render progress over 100',
    allowed: false,
    run: (db) => updateDoc(renderJob(db), { progress: 101 }),
  },
  {
    title: 'rejects negative render progress',
    allowed: false,
    run: (db) => updateDoc(renderJob(db), { progress: -1 }),
  },
  {
    title: 'rejects a render error that is not a map',
    allowed: false,
    run: (db) =>
      updateDoc(renderJob(db), { status: 'failed', error: 'boom', updatedAt: serverTimestamp() }),
  },
  {
    title: 'rejects a render error with an unknown key',
    allowed: false,
    run: (db) =>
      updateDoc(renderJob(db), {
        status: 'failed',
        error: { message: 'boom', stack: long(1000) },
        updatedAt: serverTimestamp(),
      }),
  },
  {
    title: 'rejects a render error message over 500 characters',
    allowed: false,
    run: (db) =>
      updateDoc(renderJob(db), {
        status: 'failed',
        error: { message: long(501) },
        updatedAt: serverTimestamp(),
      }),
  },
  {
    title: 'rejects a render error without a message',
    allowed: false,
    run: (db) =>
      updateDoc(renderJob(db), {
        status: 'failed',
        error: { code: 'x' },
        updatedAt: serverTimestamp(),
      }),
  },
];

describe('firestore.rules: field validation for alice', () => {
  it.each([...fieldCases, ...shapeCases, ...draftCases])(
    '$title',
    async ({ allowed, run, except }) => {
      await reset(except);
      const result = run(
        env.authenticatedContext('alice', verified).firestore() as unknown as Firestore,
      );
      await (allowed ? assertSucceeds(result) : assertFails(result));
    },
  );
});

describe('drafts: writeDraft under the rules', () => {
  const fields = { ...emptyDraft('x'), text: 'A new idea' };

  it('claims another free slot when the one asked for is taken, and leaves the taken draft as it was', async () => {
    await reset();
    await env.withSecurityRulesDisabled((context) =>
      setDoc(doc(context.firestore(), 'users/alice/drafts/d001'), {
        ...seed['users/alice/drafts/d1'],
        text: 'Already here',
      }),
    );
    const db = env.authenticatedContext('alice', verified).firestore() as unknown as Firestore;
    const id = await writeDraft(db, 'alice', 'd001', fields, false);
    expect(id).toMatch(/^d\d{3}$/);
    expect(id).not.toBe('d001');
    expect((await getDoc(doc(db, `users/alice/drafts/${id}`))).data()?.text).toBe('A new idea');
    expect((await getDoc(doc(db, 'users/alice/drafts/d001'))).data()?.text).toBe('Already here');
  });

  it('saves again into a draft kept under an id from before the slots', async () => {
    await reset();
    const db = env.authenticatedContext('alice', verified).firestore() as unknown as Firestore;
    expect(await writeDraft(db, 'alice', 'd1', { ...fields, text: 'Edited' }, true)).toBe('d1');
    expect((await getDoc(doc(db, 'users/alice/drafts/d1'))).data()?.text).toBe('Edited');
  });

  it('saves a draft of the older shape (a map per media entry) again with its media as library ids', async () => {
    await reset();
    const old = {
      generationId: 'g1',
      title: 'Harbour',
      contentType: 'image/png',
      sizeBytes: 1024,
      thumbnailUrl: 'http://127.0.0.1:8080/v0/b/x/o/y',
    };
    await env.withSecurityRulesDisabled((context) =>
      setDoc(doc(context.firestore(), 'users/alice/drafts/d1'), {
        ...seed['users/alice/drafts/d1'],
        media: [old],
      }),
    );
    const db = env.authenticatedContext('alice', verified).firestore() as unknown as Firestore;
    const opened = await readDraft(db, 'alice', 'd1');
    expect(opened?.media).toEqual(['g1']);
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = opened!;
    expect(await writeDraft(db, 'alice', 'd1', { ...fields, text: 'Edited' }, true)).toBe('d1');
    expect((await getDoc(doc(db, 'users/alice/drafts/d1'))).data()?.media).toEqual(['g1']);
  });

  it('puts a draft deleted elsewhere back in a slot when it is saved again', async () => {
    await reset('users/alice/drafts/d1');
    const db = env.authenticatedContext('alice', verified).firestore() as unknown as Firestore;
    const id = await writeDraft(db, 'alice', 'd1', fields, true);
    expect(id).toMatch(/^d\d{3}$/);
    expect((await getDoc(doc(db, `users/alice/drafts/${id}`))).exists()).toBe(true);
  });
});

/** A Compose draft as the one composer writes it (core/data/compose-draft.ts, toComposeDraftWrite). */
const newComposeDraft = (overrides: DocumentData = {}) => ({
  channels: ['x', 'linkedin', 'reddit', 'youtube'],
  text: 'One idea',
  media: ['g1'],
  channelMedia: { youtube: ['clip'] },
  versions: { linkedin: 'One idea, at length' },
  author: 'urn:li:person:abc',
  subreddit: 'tides',
  title: 'A title',
  flairId: 'f1',
  flairText: '',
  videoTitle: 'A video',
  tags: 'one, two',
  visibility: 'unlisted',
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
  ...overrides,
});

describe('composeDrafts: ideas saved from the one composer', () => {
  const ids = (n: number, prefix = 'g') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  /** A media entry as Compose drafts stored it before they kept library ids only. */
  const oldComposeMedia = {
    generationId: 'g1',
    title: 'Harbour',
    contentType: 'image/png',
    sizeBytes: 1024,
    thumbnailUrl: 'http://127.0.0.1:8080/v0/b/x/o/y',
  };
  const composeDraft = (db: Firestore, id = 'c001') => doc(db, `users/alice/composeDrafts/${id}`);
  const as = (who: 'alice' | 'bob') =>
    env.authenticatedContext(who, verified).firestore() as unknown as Firestore;
  const seeded = async () => {
    await reset();
    await env.withSecurityRulesDisabled((context) =>
      setDoc(doc(context.firestore(), 'users/alice/composeDrafts/c001'), {
        ...newComposeDraft(),
        createdAt: earlier,
        updatedAt: earlier,
      }),
    );
  };

  it('the owner creates one in a slot id, reads, updates and deletes it', async () => {
    await reset();
    const db = as('alice');
    await assertSucceeds(setDoc(composeDraft(db, 'c042'), newComposeDraft()));
    await assertSucceeds(getDoc(composeDraft(db, 'c042')));
    await assertSucceeds(
      updateDoc(composeDraft(db, 'c042'), {
        text: 'Edited',
        versions: {},
        updatedAt: serverTimestamp(),
      }),
    );
    await assertSucceeds(deleteDoc(composeDraft(db, 'c042')));
  });

  it('nobody else reads, writes or deletes it', async () => {
    await seeded();
    const db = as('bob');
    await assertFails(getDoc(composeDraft(db)));
    await assertFails(getDocs(collection(db, 'users/alice/composeDrafts')));
    await assertFails(setDoc(composeDraft(db, 'c002'), newComposeDraft()));
    await assertFails(
      updateDoc(composeDraft(db), { text: 'Mine now', updatedAt: serverTimestamp() }),
    );
    await assertFails(deleteDoc(composeDraft(db)));
    await assertFails(
      getDoc(composeDraft(env.unauthenticatedContext().firestore() as unknown as Firestore)),
    );
  });

  it.each([
    ['an id outside the slots', 'd001', {}],
    ['an unknown key', 'c002', { platform: 'x' }],
    ['a channel the platforms do not know', 'c002', { channels: ['x', 'myspace'] }],
    ['a version for an unknown channel', 'c002', { versions: { myspace: 'Hi' } }],
    ['a version over 40,000 characters', 'c002', { versions: { x: long(40001) } }],
    ['shared text over 40,000 characters', 'c002', { text: long(40001) }],
    ['a subreddit with a space', 'c002', { subreddit: 'has space' }],
    ['a video title over 100 characters', 'c002', { videoTitle: long(101) }],
    ['a visibility YouTube does not have', 'c002', { visibility: 'friends' }],
    ['an updatedAt that is not the request time', 'c002', { updatedAt: earlier }],
    // Media are library ids only, shared and per channel (isDraftMediaIds, as drafts').
    ['21 shared media ids', 'c002', { media: ids(21) }],
    ['shared media that is not a list', 'c002', { media: 'g1' }],
    ['a shared media entry that is a number', 'c002', { media: [42] }],
    ['a shared media entry that is not an id', 'c002', { media: ['../secrets/alice'] }],
    [
      'a shared media entry of the older shape (a map with its title and picture)',
      'c002',
      { media: [oldComposeMedia] },
    ],
    [
      'a 20th shared media entry of the older shape',
      'c002',
      { media: [...ids(19), oldComposeMedia] },
    ],
    [
      'own media for a channel the platforms do not know',
      'c002',
      { channelMedia: { myspace: ['g1'] } },
    ],
    ['own media that is not a map', 'c002', { channelMedia: ['g1'] }],
    ['a channel with 21 media ids of its own', 'c002', { channelMedia: { x: ids(21) } }],
    ["a channel's own media that is not a list", 'c002', { channelMedia: { youtube: 'clip' } }],
    ["a channel's own media entry that is a number", 'c002', { channelMedia: { reddit: [7] } }],
    ["a channel's own media entry that is true", 'c002', { channelMedia: { x: [true] } }],
    ["a channel's own media entry that is null", 'c002', { channelMedia: { linkedin: [null] } }],
    [
      "a channel's own media entry that is a map",
      'c002',
      { channelMedia: { reddit: [{ id: 'g1' }] } },
    ],
    ['a shared media entry holding a separator', 'c002', { media: ['g1/g2'] }],
    ['an empty shared media id', 'c002', { media: ['g1', ''] }],
    [
      "a channel's own media entry of the older shape",
      'c002',
      { channelMedia: { linkedin: [oldComposeMedia] } },
    ],
    [
      'a 20th own media entry that is a URL',
      'c002',
      { channelMedia: { youtube: [...ids(19), 'http://127.0.0.1:9199/v0/b/x/o/y'] } },
    ],
  ])('refuses %s', async (_title, id, overrides) => {
    await reset();
    await assertFails(setDoc(composeDraft(as('alice'), id), newComposeDraft(overrides)));
  });

  it.each([
    ['no media at all', { media: [], channelMedia: {} }],
    ['a channel forked with no media of its own', { channelMedia: { youtube: [] } }],
    [
      '20 shared media ids and 20 of its own for each channel',
      {
        media: ids(20),
        channelMedia: {
          x: ids(20, 'x'),
          linkedin: ids(20, 'l'),
          reddit: ids(20, 'r'),
          youtube: ids(20, 'y'),
        },
      },
    ],
    [
      'media ids of 128 characters',
      { media: [`${long(127)}_`], channelMedia: { x: [`${long(127)}-`] } },
    ],
  ])('accepts %s', async (_title, overrides) => {
    await reset();
    await assertSucceeds(setDoc(composeDraft(as('alice'), 'c002'), newComposeDraft(overrides)));
  });

  it('saves a draft of the older shape (a map per media entry) again with its media as library ids', async () => {
    await reset();
    const { channelMedia: _none, ...old } = newComposeDraft({
      media: [oldComposeMedia],
      createdAt: earlier,
      updatedAt: earlier,
    });
    await env.withSecurityRulesDisabled((context) =>
      setDoc(doc(context.firestore(), 'users/alice/composeDrafts/c001'), old),
    );
    const db = as('alice');
    const opened = toComposeDraft('c001', (await getDoc(composeDraft(db))).data());
    expect(opened.media).toEqual(['g1']);
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = opened;
    await assertFails(
      updateDoc(composeDraft(db), { text: 'Edited', updatedAt: serverTimestamp() }),
    );
    expect(
      await writeComposeDraft(db, 'alice', 'c001', {
        ...fields,
        text: 'Edited',
        channelMedia: { youtube: ['clip'] },
      }),
    ).toBe('c001');
    expect((await getDoc(composeDraft(db))).data()).toMatchObject({
      text: 'Edited',
      media: ['g1'],
      channelMedia: { youtube: ['clip'] },
    });
  });

  it('writeComposeDraft claims a free slot, saves into it again, and the converter reads back what it wrote', async () => {
    await seeded();
    const db = as('alice');
    const fields = {
      ...toComposeDraft('c', {}),
      text: 'A new idea',
      channels: ['x', 'youtube'] as ('x' | 'youtube')[],
      versions: { x: 'For X' },
      videoTitle: long(150),
      media: ['g1', 'g2'],
      channelMedia: { youtube: ['clip'] },
    };
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = fields;
    const id = await writeComposeDraft(db, 'alice', null, rest);
    expect(id).toMatch(/^c\d{3}$/);
    expect(await writeComposeDraft(db, 'alice', id, { ...rest, text: 'Edited' })).toBe(id);
    const read = toComposeDraft(id, (await getDoc(composeDraft(db, id))).data());
    expect(read).toMatchObject({
      text: 'Edited',
      channels: ['x', 'youtube'],
      versions: { x: 'For X' },
      videoTitle: long(100),
      media: ['g1', 'g2'],
      channelMedia: { youtube: ['clip'] },
    });
    expect((await getDoc(composeDraft(db, 'c001'))).data()?.text).toBe('One idea');
  });
});

describe("the emulators' rules: Storage emulator URLs too (scripts/stack/emulator-rules.ts)", () => {
  let local: RulesTestEnvironment;

  beforeAll(async () => {
    const { host, port } = emulatorHost('FIRESTORE_EMULATOR_HOST', '127.0.0.1:18080');
    local = await initializeTestEnvironment({
      // A demo- project of its own, so these rules never replace the production rules above.
      projectId: `${projectId}-local`,
      firestore: { host, port, rules: emulatorFirestoreRules(readRules('firestore.rules')) },
    });
  });

  afterAll(async () => {
    await local?.cleanup();
  });

  const seeded = async () => {
    await local.clearFirestore();
    await local.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      await Promise.all(Object.entries(seed).map(([path, data]) => setDoc(doc(db, path), data)));
    });
    return local.authenticatedContext('alice', verified).firestore() as unknown as Firestore;
  };

  it.each<[string, boolean, (db: Firestore) => Promise<unknown>]>([
    [
      'saves a thumbnail from her uploads on the Storage emulator',
      true,
      (db) =>
        updateDoc(
          project(db),
          update({ thumbnailUrl: downloadUrl('alice/uploads/u1.jpg', emulatorOrigin) }),
        ),
    ],
    [
      'completes a render with a Storage emulator download URL',
      true,
      (db) =>
        updateDoc(
          renderJob(db),
          completed({
            outputUrl: downloadUrl('alice/renders/r1.webm', emulatorOrigin),
            outputPath: 'alice/renders/r1.webm',
          }),
        ),
    ],
    [
      'still saves a production download URL',
      true,
      (db) =>
        updateDoc(project(db), update({ thumbnailUrl: downloadUrl('alice/generations/g1.png') })),
    ],
    [
      "rejects bob's file on the Storage emulator",
      false,
      (db) =>
        updateDoc(
          project(db),
          update({ thumbnailUrl: downloadUrl('bob/uploads/u1.png', emulatorOrigin) }),
        ),
    ],
    [
      'rejects a non-loopback plain http host',
      false,
      (db) =>
        updateDoc(
          project(db),
          update({ thumbnailUrl: downloadUrl('alice/uploads/u1.png', 'http://10.0.0.1:9199') }),
        ),
    ],
  ])('%s', async (_title, allowed, run) => {
    const result = run(await seeded());
    await (allowed ? assertSucceeds(result) : assertFails(result));
  });
});
