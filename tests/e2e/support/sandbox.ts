import type { ProviderId } from '../../../core/providers';
import type { FaultInput } from '../../sandbox/faults';
import { e2eEnv } from './env';

// The provider sandbox's control API (tests/sandbox/README.md) for specs: faults, X's media processing,
// and the posts each platform sandbox has made.

async function control(
  provider: ProviderId,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<void> {
  const res = await fetch(`${e2eEnv.sandboxUrl(provider)}/__sandbox${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!res.ok)
    throw new Error(`sandbox ${provider} ${method} ${path}: ${res.status} ${await res.text()}`);
}

/** Queues a fault; give `authorizationIncludes` (the test's own token) so no other test meets it. */
export const addFault = (provider: ProviderId, fault: FaultInput) =>
  control(provider, 'POST', '/faults', fault);

/** How the X sandbox processes the next videos and GIFs; `null` resets it. */
export const setXProcessing = (
  outcome: { inProgressPolls?: number; outcome?: 'succeeded' | 'failed' } | null,
) =>
  outcome ? control('x', 'PUT', '/x/processing', outcome) : control('x', 'DELETE', '/x/processing');

export interface SandboxPost {
  id: string;
  text: string;
  /** X: the attached media ids. */
  mediaIds?: string[];
  /** LinkedIn: the author URN and the content block. */
  author?: string;
  content?: Record<string, unknown>;
}

/** Posts the X or LinkedIn sandbox has made whose text contains `marker`. */
export async function sandboxPosts(
  provider: 'x' | 'linkedin',
  marker: string,
): Promise<SandboxPost[]> {
  const res = await fetch(
    `${e2eEnv.sandboxUrl(provider)}/__sandbox/${provider === 'x' ? 'x/tweets' : 'linkedin/posts'}`,
  );
  const body = (await res.json()) as { tweets?: SandboxPost[]; posts?: SandboxPost[] };
  return (body.tweets ?? body.posts ?? []).filter((p) => p.text.includes(marker));
}

/**
 * Ends the tokens the sandbox issued to one client app (tests/sandbox/README.md, Reddit): its access tokens
 * expire and, with `refresh`, its refresh tokens are revoked. Other tests' apps keep theirs.
 */
export const expireOAuthTokens = (
  provider: 'reddit' | 'google',
  options: { clientId: string; refresh?: boolean },
) =>
  control(
    provider,
    'POST',
    provider === 'reddit' ? '/reddit/expire-tokens' : '/google-oauth/expire-tokens',
    options,
  );

export interface RedditSandboxPost {
  title: string;
  kind: 'self' | 'link' | 'image';
  url: string;
  selftext: string;
  link_flair_text: string | null;
}

/** Posts the Reddit sandbox has made with this title. */
export async function redditPosts(title: string): Promise<RedditSandboxPost[]> {
  const res = await fetch(`${e2eEnv.sandboxUrl('reddit')}/__sandbox/reddit/posts`);
  const { posts } = (await res.json()) as {
    posts: (RedditSandboxPost & Record<string, unknown>)[];
  };
  return posts.filter((p) => p.title === title);
}

export interface JobHold {
  /** Put it in the prompt: the provider keeps the job in progress until `release()`. */
  tag: string;
  release(): Promise<void>;
}

/**
 * A hold on one job's provider task (tests/sandbox/holds.ts): the job stays running exactly as long as the
 * test needs, where a count of Pending answers had to guess. The test stack runs one job at a time, so a test
 * releases its hold as soon as it has seen what needed the job running (the `holdJob` fixture releases it at the
 * test's end in any case).
 */
export function jobHold(provider: 'bfl' | 'luma'): JobHold {
  // Short, as the tag is part of the prompt and so of the job's title (its first 50 characters); random, as a
  // released name stays released for the sandbox's life.
  const name = crypto.randomUUID().slice(0, 6);
  let released: Promise<void> | undefined;
  return {
    tag: `[hold:${name}]`,
    release: () => (released ??= control(provider, 'DELETE', `/holds/${name}`)),
  };
}
