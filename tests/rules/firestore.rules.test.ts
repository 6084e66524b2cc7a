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
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { emulatorHost, projectId, readRules } from './emulators';

type Who = 'alice' | 'bob' | 'anonymous';
type Op = 'get' | 'list' | 'create' | 'update' | 'delete';

const long = (n: number) => 'x'.repeat(n);
const earlier = Timestamp.fromDate(new Date('2026-01-01T00:00:00Z'));
const stale = Timestamp.fromDate(new Date('2026-02-01T00:00:00Z'));
const settings = { emailNotifications: true, projectUpdates: false, animations: true };

/** Alice's data, as the Admin SDK or an earlier session left it. Every test starts from this. */
const seed: Record<string, DocumentData> = {
  'users/alice': { displayName: 'Alice', settings, theme: 'dark', createdAt: earlier, updatedAt: earlier },
  'users/alice/generations/g1': { kind: 'image', prompt: 'a lighthouse', status: 'completed', createdAt: earlier },
  'users/alice/videoProjects/p1': { title: 'Launch teaser', settings: { fps: 30 }, createdAt: earlier, updatedAt: earlier },
  'users/alice/renderJobs/r1': { status: 'processing', projectId: 'p1', progress: 0, createdAt: earlier, updatedAt: earlier },
  'users/alice/socialPosts/s1': { platform: 'x', text: 'hello', status: 'scheduled', scheduledAt: stale, jobId: null, platformPostId: null, url: null, createdAt: earlier },
  'users/alice/jobs/j1': { kind: 'publish', status: 'queued', input: { postId: 's1' } },
  'users/alice/integrations/openai': { status: 'connected' },
  'users/alice/socialAccounts/x': { status: 'connected', username: 'alice' },
  'users/alice/feedback/f1': { message: 'love it' },
  'secrets/alice': { openai: 'sk-test' },
  'oauthNonces/n1': { uid: 'alice', platform: 'x' },
};

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
    create: () => ({ displayName: 'Alice', settings, theme: 'system', createdAt: serverTimestamp(), updatedAt: serverTimestamp() }),
    update: () => ({ displayName: 'Alice B.', theme: 'light', updatedAt: serverTimestamp() }),
    owner: ['get', 'create', 'update'],
  },
  {
    path: 'users/alice/generations/g1',
    list: 'users/alice/generations',
    createPath: 'users/alice/generations/new',
    create: () => ({ kind: 'image', prompt: 'forged', status: 'completed', createdAt: serverTimestamp() }),
    update: () => ({ status: 'failed' }),
    owner: ['get', 'list', 'delete'],
  },
  {
    path: 'users/alice/videoProjects/p1',
    list: 'users/alice/videoProjects',
    createPath: 'users/alice/videoProjects/new',
    create: () => ({ title: 'New cut', settings: { fps: 30 }, createdAt: serverTimestamp(), updatedAt: serverTimestamp() }),
    update: () => ({ title: 'Launch teaser v2', updatedAt: serverTimestamp() }),
    owner: ['get', 'list', 'create', 'update', 'delete'],
  },
  {
    path: 'users/alice/renderJobs/r1',
    list: 'users/alice/renderJobs',
    createPath: 'users/alice/renderJobs/new',
    create: () => ({ status: 'processing', projectId: 'p1', progress: 0, createdAt: serverTimestamp(), updatedAt: serverTimestamp() }),
    update: () => ({ status: 'completed', progress: 100, outputUrl: 'https://example.test/r1.mp4', outputPath: 'alice/renders/r1.mp4', updatedAt: serverTimestamp() }),
    owner: ['get', 'list', 'create', 'update'],
  },
  {
    // Only functions move a post along or record what the platform made of it.
    path: 'users/alice/socialPosts/s1',
    list: 'users/alice/socialPosts',
    createPath: 'users/alice/socialPosts/new',
    create: () => ({ platform: 'x', text: 'forged', status: 'published', platformPostId: '1790000000000000000', url: 'https://x.com/i/status/1790000000000000000', createdAt: serverTimestamp() }),
    update: () => ({ status: 'published', platformPostId: '1790000000000000000', url: 'https://x.com/i/status/1790000000000000000' }),
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
    path: 'oauthNonces/n1',
    list: 'oauthNonces',
    createPath: 'oauthNonces/new',
    create: () => ({ uid: 'alice' }),
    update: () => ({ uid: 'bob' }),
    owner: [],
  },
];

const ops: Op[] = ['get', 'list', 'create', 'update', 'delete'];
const people: Who[] = ['alice', 'bob', 'anonymous'];

const table = targets.flatMap((target) =>
  people.flatMap((who) =>
    ops.map((op) => {
      const allowed = who === 'alice' && target.owner.includes(op);
      const where = op === 'list' ? target.list : op === 'create' ? target.createPath : target.path;
      return { title: `${who} ${allowed ? 'can' : 'cannot'} ${op} ${where}`, who, op, target, allowed };
    }),
  ),
);

let env: RulesTestEnvironment;

beforeAll(async () => {
  setLogLevel('error'); // every denied write would otherwise log a stream warning
  const { host, port } = emulatorHost('FIRESTORE_EMULATOR_HOST', '127.0.0.1:18080');
  env = await initializeTestEnvironment({ projectId, firestore: { host, port, rules: readRules('firestore.rules') } });
});

afterAll(async () => {
  await env?.cleanup();
});

async function reset(except?: string): Promise<void> {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await Promise.all(Object.entries(seed).filter(([path]) => path !== except).map(([path, data]) => setDoc(doc(db, path), data)));
  });
}

function contextOf(who: Who): RulesTestContext {
  return who === 'anonymous' ? env.unauthenticatedContext() : env.authenticatedContext(who);
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
    await reset(op === 'create' ? target.createPath : undefined);
    const db = contextOf(who).firestore() as unknown as Firestore;
    const result = attempt(db, op, target);
    await (allowed ? assertSucceeds(result) : assertFails(result));
  });
});

type FieldCase = { title: string; allowed: boolean; run: (db: Firestore) => Promise<unknown>; except?: string };

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
  settings: {},
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
  ...overrides,
});
const { createdAt: _omitCreatedAt, ...projectWithoutCreatedAt } = newProject();
const profile = (db: Firestore) => doc(db, 'users/alice');
const project = (db: Firestore, id = 'p1') => doc(db, `users/alice/videoProjects/${id}`);
const renderJob = (db: Firestore, id = 'r1') => doc(db, `users/alice/renderJobs/${id}`);

const fieldCases: FieldCase[] = [
  // users/{uid}
  { title: 'creates a profile with every allowed field', allowed: true, except: 'users/alice', run: (db) => setDoc(profile(db), newProfile()) },
  { title: 'rejects a profile with a key outside the allowed list', allowed: false, except: 'users/alice', run: (db) => setDoc(profile(db), newProfile({ isAdmin: true })) },
  { title: 'accepts a displayName of 80 characters', allowed: true, run: (db) => updateDoc(profile(db), { displayName: long(80), updatedAt: serverTimestamp() }) },
  { title: 'rejects a displayName longer than 80 characters', allowed: false, run: (db) => updateDoc(profile(db), { displayName: long(81), updatedAt: serverTimestamp() }) },
  { title: 'rejects a displayName that is not a string', allowed: false, run: (db) => updateDoc(profile(db), { displayName: 42, updatedAt: serverTimestamp() }) },
  { title: 'rejects a theme other than light, dark or system', allowed: false, run: (db) => updateDoc(profile(db), { theme: 'neon', updatedAt: serverTimestamp() }) },
  { title: 'rejects a settings value that is not a boolean', allowed: false, run: (db) => updateDoc(profile(db), { 'settings.animations': 'yes', updatedAt: serverTimestamp() }) },
  { title: 'rejects an unknown key inside settings', allowed: false, run: (db) => updateDoc(profile(db), { 'settings.beta': true, updatedAt: serverTimestamp() }) },
  { title: 'rejects a profile update that does not stamp updatedAt with the server time', allowed: false, run: (db) => updateDoc(profile(db), { displayName: 'Alice B.', updatedAt: stale }) },
  { title: 'rejects a profile update that leaves updatedAt unchanged', allowed: false, run: (db) => updateDoc(profile(db), { displayName: 'Alice B.' }) },
  { title: 'rejects a profile update that rewrites createdAt', allowed: false, run: (db) => updateDoc(profile(db), { createdAt: serverTimestamp(), updatedAt: serverTimestamp() }) },
  { title: 'rejects a profile whose createdAt is not a timestamp', allowed: false, except: 'users/alice', run: (db) => setDoc(profile(db), newProfile({ createdAt: 'yesterday' })) },
  // users/{uid}/videoProjects
  { title: 'accepts a project title of 200 characters', allowed: true, run: (db) => setDoc(project(db, 'new'), newProject({ title: long(200) })) },
  { title: 'rejects an empty project title', allowed: false, run: (db) => setDoc(project(db, 'new'), newProject({ title: '' })) },
  { title: 'rejects a project title longer than 200 characters', allowed: false, run: (db) => setDoc(project(db, 'new'), newProject({ title: long(201) })) },
  { title: 'rejects a project whose settings are not a map', allowed: false, run: (db) => setDoc(project(db, 'new'), newProject({ settings: 'default' })) },
  { title: 'rejects a new project without createdAt', allowed: false, run: (db) => setDoc(project(db, 'new'), projectWithoutCreatedAt) },
  { title: 'rejects a project update without a fresh updatedAt', allowed: false, run: (db) => updateDoc(project(db), { title: 'Renamed' }) },
  { title: 'rejects a project update that clears the title', allowed: false, run: (db) => updateDoc(project(db), { title: '', updatedAt: serverTimestamp() }) },
  // users/{uid}/renderJobs
  { title: 'rejects a render job created as completed', allowed: false, run: (db) => setDoc(renderJob(db, 'new'), { status: 'completed', projectId: 'p1' }) },
  { title: 'rejects a render job without a projectId', allowed: false, run: (db) => setDoc(renderJob(db, 'new'), { status: 'processing' }) },
  { title: 'rejects a render job whose projectId is not a string', allowed: false, run: (db) => setDoc(renderJob(db, 'new'), { status: 'processing', projectId: 7 }) },
  { title: 'records a failed render with its error', allowed: true, run: (db) => updateDoc(renderJob(db), { status: 'failed', error: { code: 'render-failed', message: 'The render failed.' }, updatedAt: serverTimestamp() }) },
  { title: 'reports render progress without other changes', allowed: true, run: (db) => updateDoc(renderJob(db), { progress: 42 }) },
  { title: 'rejects a render status outside processing, completed and failed', allowed: false, run: (db) => updateDoc(renderJob(db), { status: 'done' }) },
  { title: 'rejects a render job update that changes its projectId', allowed: false, run: (db) => updateDoc(renderJob(db), { projectId: 'p2' }) },
  { title: 'rejects a render job update that adds an unknown field', allowed: false, run: (db) => updateDoc(renderJob(db), { priority: 'high' }) },
  { title: 'rejects render progress that is not a number', allowed: false, run: (db) => updateDoc(renderJob(db), { progress: 'half' }) },
  { title: 'rejects a render job update with an old updatedAt', allowed: false, run: (db) => updateDoc(renderJob(db), { status: 'completed', updatedAt: stale }) },
];

describe('firestore.rules: field validation for alice', () => {
  it.each(fieldCases)('$title', async ({ allowed, run, except }) => {
    await reset(except);
    const result = run(env.authenticatedContext('alice').firestore() as unknown as Firestore);
    await (allowed ? assertSucceeds(result) : assertFails(result));
  });
});
