import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { platformFacts, type PlatformFacts } from '@core/platforms';
import type { PublishPlatform } from '@core/social-posts';
import { queuedJob } from '../../functions/src/jobs/job-state';
import { jobRef } from '../../functions/src/jobs/lease';
import { runJob } from '../../functions/src/jobs/runner';
import {
  platformRegistry,
  type PlatformAdapter,
  type PlatformRegistry,
} from '../../functions/src/social/platforms';
import { postRef } from '../../functions/src/social/posts';
import type { PublishTiming } from '../../functions/src/social/publish-timing';
import { directProject, publishRunnerDeps, queuedXPost } from './publish-support';
import { closeAdmin } from './support';

// Adding a publishing platform needs its description (core/platforms) and its adapter
// (functions/src/social/platforms), nothing in the publish job: here a fifth platform, known to no file of
// the product, joins both registries (given to the job through its deps, as the job's other dependencies
// are) and a post is published through it by the real publish job, its request logged under the name its
// adapter gives it. Its API is a small server of this test's own. The job runs in-process in a project of
// its own (no trigger runs it behind the test's back).

vi.setConfig({ testTimeout: 60_000 });
const project = directProject('fifth');
const { db } = project;

const TIMING: PublishTiming = {
  requestTimeoutMs: 5000,
  uploadTimeoutMs: 5000,
  settleMs: { x: 1000, linkedin: 1000, reddit: 1000, youtube: 1000 },
  lookupEveryMs: 200,
  backoffMs: [0],
};

/** The fifth platform's id: not one of core's publishPlatforms, which is the point. */
const FIFTH = 'fediverse' as PublishPlatform;

/** What the fifth platform's API received: each status created, with the token it came with. */
const received: { auth: string | undefined; key: string | undefined; status: string }[] = [];
let server: Server;
let baseUrl = '';

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'POST' && req.url === '/api/v1/statuses') {
        const { status } = JSON.parse(await bodyOf(req)) as { status: string };
        received.push({
          auth: req.headers.authorization,
          key: req.headers['idempotency-key'] as string | undefined,
          status,
        });
        const id = String(received.length);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id, url: `${baseUrl}/@creator/${id}` }));
        return;
      }
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'not_found' }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeAdmin();
});

/** The fifth platform's description, as core/platforms/facts.ts would hold it. */
const fifthFacts: PlatformFacts = {
  ...platformFacts.x,
  id: FIFTH,
  label: 'Fediverse',
  accountLabel: 'Fediverse',
  textPlaceholder: "What's on your mind?",
  threads: false,
  firstComment: false,
  commentIsPost: false,
  viewsLabel: 'Views',
};

/** Its adapter, as functions/src/social/platforms/<id>.ts would hold it: a publisher speaking its API. */
const fifthAdapter: PlatformAdapter = {
  id: FIFTH,
  provider: 'x',
  requestStep: (method, path) =>
    method === 'POST' && path === '/api/v1/statuses' ? 'Create post' : undefined,
  errorCodes: {
    read: (body) => (typeof body.error === 'string' ? body.error : undefined),
    inSuccessfulAnswers: false,
  },
  problem: (post) =>
    post.text.length > 500 ? 'Posts on the Fediverse can be at most 500 characters' : undefined,
  publisher: (stored, options) => ({
    publish: async (request) => {
      const res = await options.fetch(`${options.baseUrl}/api/v1/statuses`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${stored.accessToken ?? ''}`,
          'content-type': 'application/json',
          'idempotency-key': request.requestId,
        },
        body: JSON.stringify({ status: request.text }),
      });
      if (!res.ok)
        return {
          ok: false,
          failure: {
            code: 'invalid_content',
            message: 'The Fediverse refused this post.',
            status: res.status,
          },
        };
      const { id, url } = (await res.json()) as { id: string; url: string };
      return { ok: true, post: { platformPostId: id, url } };
    },
    findExisting: async () => ({ status: 'absent' }),
  }),
  profile: async () => ({
    platform: FIFTH,
    name: '@creator',
    followers: null,
    following: null,
    posts: null,
    authors: [],
  }),
  metrics: async () => ({ ok: false, failure: { code: 'not_found', message: 'No figures yet.' } }),
};

/** Both registries with the fifth platform joined: its description and its adapter, nothing else. */
const registry: PlatformRegistry = {
  ...platformRegistry,
  [FIFTH]: { facts: fifthFacts, adapter: fifthAdapter },
};

const deps = () =>
  publishRunnerDeps(project, {
    timing: TIMING,
    publish: {
      platforms: registry,
      // Its saved credentials (core/integrations.ts would name their fields).
      readCredentials: async (_uid, platform) =>
        platform === FIFTH
          ? { found: true, readable: true, value: { accessToken: 'fedi-token' } }
          : { found: false },
      publisherFor: (platform, stored, send) =>
        registry[platform]!.adapter.publisher(stored, {
          baseUrl,
          fetch: send,
          now: Date.now,
          sleep: async () => undefined,
          requestTimeoutMs: TIMING.requestTimeoutMs,
        }),
    },
  });

describe('a fifth platform added through the registries alone', () => {
  it('publishes a post through the publish job, its request logged under its adapter’s name', async () => {
    const uid = `u${randomUUID().slice(0, 12)}`;
    const postId = randomUUID();
    const text = `Hello from a fifth platform ${postId.slice(0, 8)}`;
    const now = new Date();
    // The post and its job, as publishPost writes them for Post Now.
    await postRef(db, uid, postId).set(queuedXPost(postId, text, now, { platform: FIFTH }));
    await jobRef(db, uid, postId).set(queuedJob('publish', { postId }, now));

    expect(await runJob({ uid, jobId: postId }, deps())).toMatchObject({
      outcome: 'published',
      postId,
    });

    expect(received).toEqual([{ auth: 'Bearer fedi-token', key: postId, status: text }]);
    const post = (await postRef(db, uid, postId).get()).data()!;
    expect(post).toMatchObject({
      platform: FIFTH,
      status: 'published',
      platformPostId: '1',
      url: `${baseUrl}/@creator/1`,
      error: null,
    });
    expect(post.publishLog).toEqual([
      expect.objectContaining({ step: 'Create post', outcome: 'HTTP 200' }),
    ]);
    expect((await jobRef(db, uid, postId).get()).data()).toMatchObject({
      status: 'succeeded',
      statusText: 'Published',
    });

    // Run again (a redelivered event): the job has ended, nothing is sent twice.
    expect(await runJob({ uid, jobId: postId }, deps())).toEqual({
      outcome: 'skipped',
      reason: 'finished',
    });
    expect(received).toHaveLength(1);
  });
});
