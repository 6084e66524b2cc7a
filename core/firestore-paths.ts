// Firestore and Storage layout. Every user-owned document lives under users/{uid}.
export const collections = {
  users: 'users',
  generations: 'generations',
  videoProjects: 'videoProjects',
  renderJobs: 'renderJobs',
  socialPosts: 'socialPosts',
  jobs: 'jobs',
  integrations: 'integrations',
  socialAccounts: 'socialAccounts',
  feedback: 'feedback',
  drafts: 'drafts',
  composeDrafts: 'composeDrafts',
} as const;

export type UserCollection = Exclude<keyof typeof collections, 'users'>;

export function userDocPath(uid: string): string {
  return `${collections.users}/${uid}`;
}

export function userCollectionPath(uid: string, name: UserCollection): string {
  return `${collections.users}/${uid}/${collections[name]}`;
}

/** Collections no client may ever read or write (secrets, OAuth nonces, model catalogue caches, rate-limit counters). */
export const serverOnlyCollections = {
  secrets: 'secrets',
  oauthNonces: 'oauthNonces',
  modelCatalogues: 'modelCatalogues',
  rateLimits: 'rateLimits',
  scheduledRuns: 'scheduledRuns',
} as const;

export const storageFolders = {
  generations: 'generations',
  uploads: 'uploads',
  renders: 'renders',
} as const;

/** Server-only homes of users' sealed provider keys and social credentials (rules deny every client). */
export function integrationSecretPath(uid: string, type: string): string {
  return `${serverOnlyCollections.secrets}/${uid}/integrations/${type}`;
}

export function socialSecretPath(uid: string, platform: string): string {
  return `${serverOnlyCollections.secrets}/${uid}/social/${platform}`;
}

/** A user's cached model catalogue of one provider (functions/src/models/model-catalogue.ts). */
export function modelCataloguePath(uid: string, provider: string): string {
  return `${serverOnlyCollections.modelCatalogues}/${uid}/providers/${provider}`;
}

/** Where a scheduled function keeps what its next run starts from (its last run's time, a backfill's progress). */
export function scheduledRunPath(name: string): string {
  return `${serverOnlyCollections.scheduledRuns}/${name}`;
}

/** A user's rate-limit counter of one limit (functions/src/lib/rate-limit.ts). */
export function rateLimitPath(uid: string, limit: string): string {
  return `${serverOnlyCollections.rateLimits}/${uid}/limits/${limit}`;
}
