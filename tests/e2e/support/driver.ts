import { expect, type Page } from '@playwright/test';
import type { DocumentData } from 'firebase-admin/firestore';
import {
  socialSecretPath,
  userCollectionPath,
  userDocPath,
  type UserCollection,
} from '../../../core/firestore-paths';
import type {
  IntegrationType,
  SaveSocialCredentialsInput,
  SocialAccountStatus,
  SocialPlatform,
} from '../../../core/integrations';
import type { PublishPostInput } from '../../../core/social-posts';
import { adminBucket, adminDb } from './admin';
import {
  AUTH_SESSION_STORE,
  authSessionRecord,
  createUser,
  type CreateUserOptions,
  type TestUser,
} from './auth-emulator';
import { e2eEnv } from './env';
import {
  seedConnectedAccount,
  seedGenerations,
  seedIntegrationKey,
  seedPost,
  seedProfile,
  seedSocialAccount,
  seedSocialCredentials,
  type GenerationSeed,
  type SeededGeneration,
} from './seed';

// The e2e driver every spec uses: who the test acts as, what is in their account before the page opens,
// the page itself, and what the app stored. Setup reads as one sentence:
//   await muse.signUp().withKey('blackforest', 'sandbox-bfl-key').open('/create/image', { heading: 'Image Generation' });

/** Seeders bound to the user the driver acts as (see seed.ts for what each writes). */
export interface Seeder {
  generations(items: GenerationSeed[], options?: { files?: boolean }): Promise<SeededGeneration[]>;
  profile(profile: { displayName: string }): Promise<void>;
  integrationKey(type: IntegrationType, apiKey: string): Promise<void>;
  socialCredentials(input: SaveSocialCredentialsInput): Promise<void>;
  socialAccount(
    platform: SocialPlatform,
    status?: Partial<Omit<SocialAccountStatus, 'updatedAt'>>,
  ): Promise<void>;
  /** A post through publishPost (Post Now unless scheduledAt is given); resolves with its id. */
  post(input: Omit<PublishPostInput, 'requestId'>): Promise<string>;
  connectedAccount(platform: SocialPlatform, stored: Record<string, string>): Promise<void>;
}

/** A stored document with its id beside its fields. */
export type StoredDoc = DocumentData & { id: string };

/** What the app stored for the user the driver acts as, read with the Admin SDK (rules bypassed). */
export interface Stored {
  /** Every document of one of the user's collections, in the emulator's order. */
  list(collection: UserCollection): Promise<StoredDoc[]>;
  /** One document's fields, undefined when it does not exist. */
  get(collection: UserCollection, id: string): Promise<DocumentData | undefined>;
  /** users/{uid} */
  profile(): Promise<DocumentData | undefined>;
  /** A platform's connection: its status (users/{uid}/socialAccounts/{platform}) and its sealed secret document. */
  socialConnection(
    platform: SocialPlatform,
  ): Promise<{ status: DocumentData | undefined; sealed: DocumentData | undefined }>;
  fileExists(storagePath: string): Promise<boolean>;
  /** Removes a stored file behind the app's back (a record whose file is gone). */
  deleteFile(storagePath: string): Promise<void>;
}

type SeedStep = (seed: Seeder) => Promise<unknown>;

/** A new account being set up: seeds queue here and run, in order, before the sign-in. */
export class SignUp {
  readonly #muse: Muse;
  readonly #options: CreateUserOptions;
  readonly #steps: SeedStep[] = [];

  constructor(muse: Muse, options: CreateUserOptions) {
    this.#muse = muse;
    this.#options = options;
  }

  /** Saves a provider key; `null` leaves the user without one (so a spec can vary it per test). */
  withKey(type: IntegrationType, apiKey: string | null): this {
    if (apiKey !== null) this.#steps.push((seed) => seed.integrationKey(type, apiKey));
    return this;
  }

  /** Library items; with `files: true` their files are stored too (see seedGenerations). */
  withGenerations(items: GenerationSeed[], options: { files?: boolean } = {}): this {
    this.#steps.push((seed) => seed.generations(items, options));
    return this;
  }

  /** A platform's credentials, saved through the real callable (the sandbox accepts the demo ones). */
  withSocialCredentials(input: SaveSocialCredentialsInput): this {
    this.#steps.push((seed) => seed.socialCredentials(input));
    return this;
  }

  /** A platform connected through OAuth: client credentials and tokens sealed as Connect stores them (no authorize page). */
  withConnectedAccount(platform: SocialPlatform, stored: Record<string, string>): this {
    this.#steps.push((seed) => seed.connectedAccount(platform, stored));
    return this;
  }

  withProfile(profile: { displayName: string }): this {
    this.#steps.push((seed) => seed.profile(profile));
    return this;
  }

  /** Creates the account and runs the seeds; the driver acts as it from now on. Nobody is signed in. */
  async create(): Promise<TestUser> {
    const user = await createUser(this.#options);
    this.#muse.as(user);
    for (const step of this.#steps) await step(this.#muse.seed);
    return user;
  }

  /** Creates the account, signs it in (see Muse.signIn) and waits for the dashboard. */
  async signIn(): Promise<TestUser> {
    const user = await this.create();
    await this.#muse.signIn();
    return user;
  }

  /** Creates the account, signs it in, then opens `path` (see Muse.open): one load of the app. */
  async open(path: string, options: OpenOptions = {}): Promise<TestUser> {
    const user = await this.create();
    await this.#muse.startSession();
    await this.#muse.open(path, options);
    return user;
  }
}

export interface OpenOptions {
  /** The page's level-1 heading: open waits until it shows. */
  heading?: string;
}

export class Muse {
  readonly page: Page;
  #user: TestUser | undefined;
  readonly #generations: SeededGeneration[] = [];

  constructor(page: Page) {
    this.page = page;
  }

  /** The user the driver acts as. */
  get user(): TestUser {
    if (!this.#user)
      throw new Error(
        'No user yet: call muse.signUp()…, muse.signUpAndSignIn() or muse.as(user) first',
      );
    return this.#user;
  }

  /** Library items seeded for the user so far (ids and Storage paths), in the order they were given. */
  get seededGenerations(): readonly SeededGeneration[] {
    return this.#generations;
  }

  /** Acts as an existing account (its seeds and reads go to it); does not sign in. */
  as(user: TestUser): this {
    if (this.#user?.uid !== user.uid) this.#generations.length = 0;
    this.#user = user;
    return this;
  }

  /** Starts a new account (verified unless `verified: false`); chain seeds, then create, signIn or open. */
  signUp(options: CreateUserOptions = {}): SignUp {
    return new SignUp(this, options);
  }

  /** A fresh verified account, signed in on the dashboard. */
  signUpAndSignIn(options: CreateUserOptions = {}): Promise<TestUser> {
    return this.signUp(options).signIn();
  }

  /**
   * Signs the acting user in and waits for the dashboard. The session is written where Firebase Auth keeps
   * it (startSession) instead of typing the form: auth.spec.ts proves the form, and every other spec
   * saves a load of the app and a sign-in call.
   */
  async signIn(): Promise<this> {
    await this.startSession();
    await this.open('/', { heading: 'Dashboard' });
    await expect(this.page).toHaveURL(/\/$/);
    return this;
  }

  /**
   * Stores the acting user's session in the dashboard origin's IndexedDB, as Firebase Auth does after a
   * sign-in, from a page of that origin that does not run the app (robots.txt); the next page of the app
   * opens signed in.
   */
  async startSession(): Promise<this> {
    await this.page.goto('/robots.txt');
    await this.page.evaluate(
      ({ db, store, keyPath, record }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(db, 1);
          open.onupgradeneeded = () => open.result.createObjectStore(store, { keyPath });
          open.onerror = () => reject(open.error ?? new Error(`Could not open ${db}`));
          open.onsuccess = () => {
            const tx = open.result.transaction(store, 'readwrite');
            tx.objectStore(store).put({ [keyPath]: record.key, value: record.value });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error ?? new Error(`Could not write ${store}`));
          };
        }),
      {
        db: AUTH_SESSION_STORE.db,
        store: AUTH_SESSION_STORE.store,
        keyPath: AUTH_SESSION_STORE.keyPath,
        record: authSessionRecord(this.user),
      },
    );
    return this;
  }

  /**
   * Fills and submits the sign-in form on the current page (the dashboard's /auth or the side panel):
   * the acting user's email and password unless others are given.
   */
  async submitSignIn(credentials: { email?: string; password?: string } = {}): Promise<void> {
    await this.page.getByLabel('Email address').fill(credentials.email ?? this.user.email);
    await this.page.getByLabel('Your Password').fill(credentials.password ?? this.user.password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  /** Goes to `path` (relative to the dashboard, or a full URL) and waits for its heading when given. */
  async open(path: string, options: OpenOptions = {}): Promise<this> {
    await this.page.goto(path);
    if (options.heading)
      await expect(
        this.page.getByRole('heading', { level: 1, name: options.heading }),
      ).toBeVisible();
    return this;
  }

  /**
   * Has the stack run a scheduled function now, as if fired at `at` (its schedule time; the social sweep
   * reads it as its clock in the emulator), and resolves once the run ended.
   */
  async runSchedule(name: string, options: { at?: Date } = {}): Promise<void> {
    const query = new URLSearchParams({
      name,
      ...(options.at ? { at: options.at.toISOString() } : {}),
    });
    const res = await fetch(`${e2eEnv.schedulerOrigin}/run?${query}`, { method: 'POST' });
    const body = (await res.json()) as {
      runs?: { ok: boolean; detail?: string }[];
      error?: string;
    };
    if (!res.ok || !body.runs?.every((r) => r.ok))
      throw new Error(`The stack did not run ${name}: ${res.status} ${JSON.stringify(body)}`);
  }

  get seed(): Seeder {
    const user = () => this.user;
    return {
      generations: async (items, options) => {
        const seeded = await seedGenerations(user().uid, items, options);
        this.#generations.push(...seeded);
        return seeded;
      },
      profile: (profile) => seedProfile(user().uid, profile),
      integrationKey: (type, apiKey) => seedIntegrationKey(user(), type, apiKey),
      socialCredentials: (input) => seedSocialCredentials(user(), input),
      socialAccount: (platform, status) => seedSocialAccount(user().uid, platform, status),
      post: (input) => seedPost(user(), input),
      connectedAccount: (platform, stored) => seedConnectedAccount(user().uid, platform, stored),
    };
  }

  get stored(): Stored {
    const uid = () => this.user.uid;
    return {
      list: async (collection) =>
        (await adminDb().collection(userCollectionPath(uid(), collection)).get()).docs.map((d) => ({
          ...d.data(),
          id: d.id,
        })),
      get: async (collection, id) =>
        (
          await adminDb()
            .doc(`${userCollectionPath(uid(), collection)}/${id}`)
            .get()
        ).data(),
      profile: async () => (await adminDb().doc(userDocPath(uid())).get()).data(),
      socialConnection: async (platform) => {
        const [status, sealed] = await Promise.all([
          adminDb()
            .doc(`${userCollectionPath(uid(), 'socialAccounts')}/${platform}`)
            .get(),
          adminDb().doc(socialSecretPath(uid(), platform)).get(),
        ]);
        return { status: status.data(), sealed: sealed.data() };
      },
      fileExists: async (storagePath) => (await adminBucket().file(storagePath).exists())[0],
      deleteFile: async (storagePath) => {
        await adminBucket().file(storagePath).delete();
      },
    };
  }
}

/** The driver for one test's page: `const muse = museFor(page)` (the `muse` fixture in fixtures.ts does this). */
export function museFor(page: Page): Muse {
  return new Muse(page);
}
