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
} as const;

export type UserCollection = Exclude<keyof typeof collections, 'users'>;

export function userDocPath(uid: string): string {
  return `${collections.users}/${uid}`;
}

export function userCollectionPath(uid: string, name: UserCollection): string {
  return `${collections.users}/${uid}/${collections[name]}`;
}

/** Collections no client may ever read or write (secrets, OAuth nonces). */
export const serverOnlyCollections = { secrets: 'secrets', oauthNonces: 'oauthNonces' } as const;

export const storageFolders = { generations: 'generations', uploads: 'uploads', renders: 'renders' } as const;

/** Server-only homes of users' sealed provider keys and social credentials (rules deny every client). */
export function integrationSecretPath(uid: string, type: string): string {
  return `${serverOnlyCollections.secrets}/${uid}/integrations/${type}`;
}

export function socialSecretPath(uid: string, platform: string): string {
  return `${serverOnlyCollections.secrets}/${uid}/social/${platform}`;
}
