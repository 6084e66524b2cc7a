import { createHash } from 'node:crypto';
import type { Context } from 'hono';

// How the sandbox's published posts do over time, for the platforms' metrics routes (X public_metrics,
// LinkedIn socialActions and share statistics, YouTube statistics, Reddit score): numbers are a function of
// the post's id and the whole hours since it was made, so a test that ages a post by a known number of hours
// (each platform's `POST /__sandbox/<platform>/posts/age`) predicts every figure with `sandboxEngagement`.

export interface SandboxEngagement {
  impressions: number;
  likes: number;
  comments: number;
  shares: number;
  quotes: number;
  bookmarks: number;
  clicks: number;
  /** Reddit: the share of votes that are upvotes, fixed per post. */
  upvoteRatio: number;
}

/** 1 to 4, the same for the same id: some posts do better than others. */
function weightOf(id: string): number {
  return 1 + (createHash('sha1').update(id).digest()[0]! % 4);
}

/** The figures of post `id` when it is `ageMs` old: they grow with every whole hour, quickly at first. */
export function sandboxEngagement(id: string, ageMs: number): SandboxEngagement {
  const hours = Math.max(0, Math.floor(ageMs / 3_600_000));
  const weight = weightOf(id);
  const grow = (base: number) => Math.floor(base * weight * Math.log2(hours + 2));
  return {
    impressions: grow(40),
    likes: grow(5),
    comments: grow(1),
    shares: grow(2),
    quotes: grow(0.5),
    bookmarks: grow(1),
    clicks: grow(3),
    upvoteRatio: Math.round((0.75 + weight * 0.05) * 100) / 100,
  };
}

/**
 * Control: `POST /__sandbox/<platform>/posts/age {id, hours}` makes the post that many hours old (its creation
 * time moved back from now). 204, or 404 when the platform made no such post.
 */
export async function agePost(
  c: Context,
  move: (id: string, createdAt: number) => boolean,
): Promise<Response> {
  const body = (await c.req.json().catch(() => ({}))) as { id?: unknown; hours?: unknown };
  const hours = Number(body.hours);
  if (typeof body.id !== 'string' || !Number.isFinite(hours) || hours < 0)
    return c.json({ error: 'id (string) and hours (0 or more) are required' }, 400);
  if (!move(body.id, Date.now() - hours * 3_600_000))
    return c.json({ error: `no post ${body.id}` }, 404);
  return c.body(null, 204);
}
