import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINKEDIN_LIMITS } from '@core/social-limits';
import {
  LINKEDIN_MEMBER_URN,
  LINKEDIN_SANDBOX,
  linkedinError,
} from '../../../../tests/sandbox/providers/linkedin';
import { gradientPng } from '../../../../tests/sandbox/providers/png';
import { startSandbox, type Sandbox } from '../../../../tests/sandbox/server';
import {
  fetchLinkedInAuthorName,
  createLinkedInPublisher,
  fetchLinkedInIdentity,
  isTrustedUploadUrl,
  LINKEDIN_VERSION,
  linkedinMessages,
  listApprovedOrganizations,
  processingTimeoutMessage,
  type LinkedInPublisherOptions,
} from './linkedin';
import type { PublishMedia, PublishRequest } from './social-publisher';

// The LinkedIn publisher against the in-process sandbox, on a fake clock: sleeping advances time instantly.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

interface Sent {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
  responseHeaders?: Headers;
}

let clock = 0;
let sleeps: number[] = [];
let sent: Sent[] = [];
beforeEach(async () => {
  clock = Date.now();
  sleeps = [];
  sent = [];
  sandbox.apps.linkedin.faults.clear();
  await fetch(`${sandbox.urls.linkedin}/__sandbox/linkedin/defaults`, { method: 'DELETE' });
});

const recordingFetch: typeof fetch = async (input, init) => {
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
  const url = String(input);
  const record: Sent = {
    method: init?.method ?? 'GET',
    url,
    path: new URL(url).pathname,
    headers,
    body:
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as Record<string, unknown>)
        : undefined,
  };
  sent.push(record);
  const response = await fetch(input, init);
  record.responseHeaders = response.headers;
  return response;
};

const ORG = 'urn:li:organization:1000001';
let counter = 0;
/** Post text no other test uses (LinkedIn refuses the same text twice from one author). */
const uniqueText = (label: string) => `${label}, run ${Date.now().toString(36)}-${++counter}`;

function publisher(token = 'li-access-token-0001', extra: Partial<LinkedInPublisherOptions> = {}) {
  return createLinkedInPublisher({
    accessToken: token,
    baseUrl: sandbox.urls.linkedin,
    fetch: recordingFetch,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    random: () => 0.5,
    requestTimeoutMs: 10_000,
    ...extra,
  });
}

function media(
  bytes: Uint8Array,
  contentType: string,
  reads: [number, number][] = [],
): PublishMedia {
  return {
    storagePath: 'users/u1/library/file',
    contentType,
    sizeBytes: bytes.length,
    read: async (start, end) => {
      reads.push([start, end]);
      return bytes.subarray(start, end);
    },
  };
}

function request(partial: Partial<PublishRequest> = {}): PublishRequest {
  return {
    requestId: 'job-1',
    text: uniqueText('Hello LinkedIn'),
    media: [],
    author: LINKEDIN_MEMBER_URN,
    attemptStartedAt: clock,
    ...partial,
  };
}

async function sandboxPosts(): Promise<
  {
    id: string;
    author: string;
    commentary: string;
    text: string;
    content?: Record<string, unknown>;
  }[]
> {
  const res = await fetch(`${sandbox.urls.linkedin}/__sandbox/linkedin/posts`);
  return ((await res.json()) as { posts: [] }).posts;
}

async function setVideoDefaults(defaults: {
  videoProcessingPolls?: number;
  videoOutcome?: string;
}) {
  await fetch(`${sandbox.urls.linkedin}/__sandbox/linkedin/defaults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(defaults),
  });
}

const creates = () => sent.filter((s) => s.method === 'POST' && s.path === '/rest/posts');

describe('createLinkedInPublisher: publishing', () => {
  it('posts a member text post once and links the live post, its markup characters shown as typed', async () => {
    const text = uniqueText(
      'Launch (beta) today: 50% off_now *really* [see below] <3 @team ~ a|b {x} \\ #MuseStudio # done',
    );
    const outcome = await publisher().publish(request({ text }));

    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.post.platformPostId).toMatch(/^urn:li:share:\d+$/);
    expect(outcome.post.url).toBe(
      `https://www.linkedin.com/feed/update/${outcome.post.platformPostId}/`,
    );
    expect(creates()).toHaveLength(1);
    expect(creates()[0]!.body).toMatchObject({
      author: LINKEDIN_MEMBER_URN,
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      distribution: { feedDistribution: 'MAIN_FEED' },
    });
    const stored = (await sandboxPosts()).find((p) => p.id === outcome.post.platformPostId);
    // The feed renders LinkedIn's little text: an unescaped ( would have cut the post at "Launch ".
    expect(stored?.text).toBe(text);
  });

  it('posts 2,990 letters and 10 parentheses: 3,000 characters as LinkedIn counts them, though escaped they are 3,010', async () => {
    const start = uniqueText('Limit');
    const text = `${start}${'a'.repeat(2990 - start.length)}${'()'.repeat(5)}`;
    expect(await publisher().publish(request({ text }))).toMatchObject({ ok: true });
    expect(creates()[0]!.body).toMatchObject({
      commentary: expect.stringMatching(/(\\\(\\\)){5}$/),
    });
  });

  it('posts for a page with an image: uploaded with the page as owner, then named in content.media', async () => {
    const png = gradientPng(64, 48, 'linkedin-image');
    const reads: [number, number][] = [];
    const outcome = await publisher().publish(
      request({ author: ORG, media: [media(png, 'image/png', reads)] }),
    );

    expect(outcome.ok).toBe(true);
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /rest/images',
      expect.stringMatching(/^PUT \/dms-uploads\/image\//),
      'POST /rest/posts',
    ]);
    expect(sent[0]!.url).toContain('action=initializeUpload');
    expect(sent[0]!.body).toEqual({ initializeUploadRequest: { owner: ORG } });
    expect(sent[1]!.headers.authorization).toBe('Bearer li-access-token-0001');
    expect(reads).toEqual([[0, png.length]]);
    const image = creates()[0]!.body?.content as { media: { id: string } };
    expect(image.media.id).toMatch(/^urn:li:image:/);
    if (!outcome.ok) return;
    expect((await sandboxPosts()).find((p) => p.id === outcome.post.platformPostId)).toMatchObject({
      author: ORG,
      content: { media: { id: image.media.id } },
    });
  });

  it('posts two to twenty images as one multiImage post', async () => {
    const images = [gradientPng(32, 32, 'a'), gradientPng(32, 32, 'b')].map((png) =>
      media(png, 'image/png'),
    );
    const outcome = await publisher().publish(request({ media: images }));

    expect(outcome.ok).toBe(true);
    const content = creates()[0]!.body?.content as { multiImage: { images: { id: string }[] } };
    expect(content.multiImage.images).toHaveLength(2);
    expect(new Set(content.multiImage.images.map((i) => i.id)).size).toBe(2);
  });

  it('uploads a video part by part, reading only the ranges LinkedIn gives, finalizes with the part ETags and waits for AVAILABLE', async () => {
    const part = LINKEDIN_LIMITS.videoPartBytes;
    const bytes = new Uint8Array(2 * part + 100_000).map((_, i) => i % 251);
    const reads: [number, number][] = [];
    const progress: number[] = [];
    await setVideoDefaults({ videoProcessingPolls: 2 });

    const outcome = await publisher().publish(
      request({
        media: [media(bytes, 'video/mp4', reads)],
        onProgress: (percent) => void progress.push(percent),
      }),
    );

    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.post.platformPostId).toMatch(/^urn:li:ugcPost:\d+$/);
    expect(reads).toEqual([
      [0, part],
      [part, 2 * part],
      [2 * part, bytes.length],
    ]);
    const init = sent.find((s) => s.url.includes('/rest/videos?action=initializeUpload'))!;
    expect(init.body).toEqual({
      initializeUploadRequest: {
        owner: LINKEDIN_MEMBER_URN,
        fileSizeBytes: bytes.length,
        uploadCaptions: false,
        uploadThumbnail: false,
      },
    });
    const etags = sent.filter((s) => s.method === 'PUT').map((s) => s.responseHeaders?.get('etag'));
    expect(etags).toHaveLength(3);
    const finalize = sent.find((s) => s.url.includes('action=finalizeUpload'))!;
    expect(
      (finalize.body?.finalizeUploadRequest as { uploadedPartIds: string[] }).uploadedPartIds,
    ).toEqual(etags);
    // Two PROCESSING answers, then AVAILABLE: three polls, one interval apart on the fake clock.
    expect(
      sent.filter((s) => s.method === 'GET' && s.path.startsWith('/rest/videos/')),
    ).toHaveLength(3);
    expect(sleeps).toEqual([5000, 5000, 5000]);
    expect(creates()[0]!.body?.content).toEqual({
      media: { id: (finalize.body?.finalizeUploadRequest as { video: string }).video },
    });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
  });

  it('sends LinkedIn-Version and the Rest.li protocol on every /rest call, which the sandbox refuses without them', async () => {
    await publisher().publish(
      request({ author: ORG, media: [media(gradientPng(16, 16, 'v'), 'image/png')] }),
    );

    const rest = sent.filter((s) => s.path.startsWith('/rest/'));
    expect(rest.length).toBeGreaterThanOrEqual(2);
    for (const call of rest)
      expect(call.headers).toMatchObject({
        'linkedin-version': LINKEDIN_VERSION,
        'x-restli-protocol-version': '2.0.0',
      });
    expect(LINKEDIN_VERSION).toMatch(/^20\d{4}$/);

    const { 'linkedin-version': _version, ...withoutVersion } = creates()[0]!.headers;
    const refused = await fetch(creates()[0]!.url, {
      method: 'POST',
      headers: withoutVersion,
      body: JSON.stringify(creates()[0]!.body),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ status: 400, code: 'VERSION_MISSING' });
  });
});

describe('createLinkedInPublisher: failures', () => {
  it.each([
    [
      'an expired token',
      'expired-token',
      LINKEDIN_MEMBER_URN,
      { code: 'auth_expired', message: linkedinMessages.expired, status: 401 },
    ],
    [
      'a revoked token',
      'revoked-token',
      LINKEDIN_MEMBER_URN,
      { code: 'auth_expired', message: linkedinMessages.revoked, status: 401 },
    ],
    [
      'an unknown token',
      'bad-key',
      LINKEDIN_MEMBER_URN,
      { code: 'auth_expired', message: linkedinMessages.invalidToken, status: 401 },
    ],
    [
      'a token without w_member_social',
      'openid-only-token',
      LINKEDIN_MEMBER_URN,
      {
        code: 'forbidden',
        message: expect.stringContaining('the w_member_social permission'),
        status: 403,
      },
    ],
    [
      'a token without page scopes',
      'member-only-token',
      ORG,
      {
        code: 'forbidden',
        message: expect.stringContaining('the w_organization_social permission'),
        status: 403,
      },
    ],
    [
      'a page the member only requested a role on',
      'li-token',
      'urn:li:organization:1000003',
      {
        code: 'forbidden',
        message: expect.stringContaining('approved Administrator or Content admin role'),
        status: 403,
      },
    ],
  ])('maps %s to its failure', async (_case, token, author, failure) => {
    expect(await publisher(token).publish(request({ author }))).toEqual({ ok: false, failure });
  });

  it('maps a second post of the same text to duplicate', async () => {
    const text = uniqueText('Same words twice');
    expect((await publisher().publish(request({ text }))).ok).toBe(true);
    expect(await publisher().publish(request({ text }))).toEqual({
      ok: false,
      failure: { code: 'duplicate', message: linkedinMessages.duplicate, status: 422 },
    });
    expect((await sandboxPosts()).filter((p) => p.text === text)).toHaveLength(1);
  });

  it('maps 429 to rate_limited with retryAt from Retry-After, without sending the create again', async () => {
    sandbox.apps.linkedin.faults.add({
      path: '/rest/posts',
      method: 'POST',
      status: 429,
      retryAfterSeconds: 120,
      body: linkedinError(
        429,
        'TOO_MANY_REQUESTS',
        'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
        101,
      ),
    });
    expect(await publisher().publish(request())).toEqual({
      ok: false,
      failure: {
        code: 'rate_limited',
        message: linkedinMessages.rateLimited,
        status: 429,
        retryAt: clock + 120_000,
      },
    });
    expect(creates()).toHaveLength(1);
  });

  it('without Retry-After, a 429 waits for the daily reset at midnight UTC', async () => {
    clock = Date.UTC(2026, 10, 23, 15, 30);
    sandbox.apps.linkedin.faults.add({ path: '/rest/posts', method: 'POST', status: 429 });
    const outcome = await publisher().publish(request());
    expect(outcome).toMatchObject({
      ok: false,
      failure: { code: 'rate_limited', retryAt: Date.UTC(2026, 10, 24) },
    });
  });

  it('maps a 500 on the create to unavailable and sends it once', async () => {
    sandbox.apps.linkedin.faults.add({ path: '/rest/posts', method: 'POST', status: 500 });
    expect(await publisher().publish(request())).toEqual({
      ok: false,
      failure: { code: 'unavailable', message: linkedinMessages.serverError, status: 500 },
    });
    expect(creates()).toHaveLength(1);
  });

  it('maps a create that could not connect to unavailable: nothing reached LinkedIn, so it is safe to send again', async () => {
    const closed = await startSandbox();
    const baseUrl = closed.urls.linkedin;
    await closed.close();
    expect(await publisher('li-token', { baseUrl }).publish(request())).toEqual({
      ok: false,
      failure: { code: 'unavailable', message: linkedinMessages.unreachable },
    });
  });

  it('retries an upload step that failed with 503, then posts', async () => {
    sandbox.apps.linkedin.faults.add({ path: '/rest/images', method: 'POST', status: 503 });
    const outcome = await publisher().publish(
      request({ media: [media(gradientPng(16, 16, 'retry'), 'image/jpeg')] }),
    );
    expect(outcome.ok).toBe(true);
    expect(sent.filter((s) => s.path === '/rest/images')).toHaveLength(2);
    expect(creates()).toHaveLength(1);
  });

  it("shows LinkedIn's own words when it refuses the content", async () => {
    sandbox.apps.linkedin.faults.add({
      path: '/rest/posts',
      method: 'POST',
      status: 422,
      body: { status: 422, message: 'ERROR :: /commentary :: Commentary contains a blocked link' },
    });
    expect(await publisher().publish(request())).toEqual({
      ok: false,
      failure: {
        code: 'invalid_content',
        message:
          'LinkedIn refused the post: ERROR :: /commentary :: Commentary contains a blocked link',
        status: 422,
      },
    });
  });

  it('reports a create that hangs as unknown_outcome, and findExisting then finds the post it made', async () => {
    const text = uniqueText('Sent but unanswered');
    sandbox.apps.linkedin.faults.add({ path: '/rest/posts', method: 'POST', delayMs: 1500 });
    const req = request({ text });

    expect(await publisher('li-token', { requestTimeoutMs: 300 }).publish(req)).toEqual({
      ok: false,
      failure: { code: 'unknown_outcome', message: linkedinMessages.unknownOutcome },
    });
    expect(creates()).toHaveLength(1);
    // The sandbox finishes the create after its delay, as LinkedIn would after the answer was lost.
    const made = await vi.waitFor(
      async () => {
        const post = (await sandboxPosts()).find((p) => p.text === text);
        if (!post) throw new Error('not created yet');
        return post;
      },
      { timeout: 5000, interval: 50 },
    );

    expect(await publisher('li-token').findExisting(req)).toEqual({
      status: 'found',
      post: { platformPostId: made.id, url: `https://www.linkedin.com/feed/update/${made.id}/` },
    });
    const lookup = sent.find((s) => s.method === 'GET' && s.path === '/rest/posts')!;
    expect(new URL(lookup.url).searchParams.get('author')).toBe(LINKEDIN_MEMBER_URN);
  });

  it('findExisting answers absent when the account has no post with that text since the attempt began', async () => {
    const text = uniqueText('Posted long ago');
    expect((await publisher().publish(request({ text }))).ok).toBe(true);

    expect(await publisher().findExisting(request({ text: uniqueText('Never posted') }))).toEqual({
      status: 'absent',
    });
    expect(
      await publisher().findExisting(request({ text, attemptStartedAt: Date.now() + 3_600_000 })),
    ).toEqual({ status: 'absent' });
    expect(await publisher().findExisting(request({ text }))).toMatchObject({ status: 'found' });
  });

  it('findExisting answers unknown rather than absent when LinkedIn refuses the lookup', async () => {
    expect(await publisher('member-only-token').findExisting(request())).toMatchObject({
      status: 'unknown',
      reason: { code: 'forbidden', message: expect.stringContaining('r_member_social') },
    });
  });

  it('maps a video LinkedIn could not process to media_processing_failed and posts nothing', async () => {
    await setVideoDefaults({ videoProcessingPolls: 1, videoOutcome: 'PROCESSING_FAILED' });
    const video = media(new Uint8Array(200_000), 'video/mp4');
    expect(await publisher().publish(request({ media: [video] }))).toEqual({
      ok: false,
      failure: { code: 'media_processing_failed', message: linkedinMessages.processingFailed },
    });
    expect(creates()).toHaveLength(0);
  });

  it('gives up on a video still processing after the polling limit', async () => {
    await setVideoDefaults({ videoProcessingPolls: 100 });
    const video = media(new Uint8Array(200_000), 'video/mp4');
    const outcome = await publisher('li-token', {
      videoPolling: { intervalMs: 5000, maxDurationMs: 60_000, retries: 3 },
    }).publish(request({ media: [video] }));
    expect(outcome).toEqual({
      ok: false,
      failure: { code: 'media_processing_failed', message: processingTimeoutMessage(60_000) },
    });
    expect(sleeps).toHaveLength(12);
    expect(creates()).toHaveLength(0);
  });

  const bytes = (n: number) => new Uint8Array(n);
  it.each([
    ['no author', { author: undefined }, 'invalid_content', linkedinMessages.noAuthor],
    [
      'text over 3000 characters',
      { text: 'x'.repeat(3001) },
      'invalid_content',
      'LinkedIn posts are limited to 3000 characters.',
    ],
    [
      '2,000 emoji (4,000 characters as LinkedIn counts)',
      { text: '🔥'.repeat(2000) },
      'invalid_content',
      'LinkedIn posts are limited to 3000 characters.',
    ],
    [
      'a file type LinkedIn does not take',
      { media: [media(bytes(10), 'image/webp')] },
      'invalid_content',
      'LinkedIn does not accept image/webp files: use JPEG, PNG, GIF or MP4',
    ],
    [
      'a video with an image',
      { media: [media(bytes(100_000), 'video/mp4'), media(bytes(10), 'image/png')] },
      'invalid_content',
      'A post on LinkedIn takes one video, or up to 20 images',
    ],
    [
      '21 images',
      { media: Array.from({ length: 21 }, () => media(bytes(10), 'image/png')) },
      'invalid_content',
      'A post on LinkedIn takes at most 20 images',
    ],
    [
      'an image over 5 MB',
      { media: [{ ...media(bytes(1), 'image/png'), sizeBytes: 5 * 1024 * 1024 + 1 }] },
      'media_too_large',
      'Images on LinkedIn can be at most 5 MB (this one is 5 MB)',
    ],
    [
      'a video over 500 MB',
      { media: [{ ...media(bytes(1), 'video/mp4'), sizeBytes: 500 * 1024 * 1024 + 1 }] },
      'media_too_large',
      'Videos on LinkedIn can be at most 500 MB (this one is 500 MB)',
    ],
  ] as const)('refuses %s before calling LinkedIn', async (_case, partial, code, message) => {
    expect(await publisher().publish(request(partial as Partial<PublishRequest>))).toEqual({
      ok: false,
      failure: { code, message },
    });
    expect(sent).toHaveLength(0);
  });
});

describe('isTrustedUploadUrl', () => {
  it.each([
    [
      'https://www.linkedin.com/dms-uploads/sp/v2/D4E10AQ/uploaded-image/0?ca=vector_feedshare',
      'https://api.linkedin.com',
      true,
    ],
    ['http://127.0.0.1:9000/dms-uploads/image/k', 'http://127.0.0.1:9000', true],
    ['http://www.linkedin.com/dms-uploads/x', 'https://api.linkedin.com', false],
    ['https://linkedin.com.evil.example/dms-uploads/x', 'https://api.linkedin.com', false],
    ['https://storage.example.com/x', 'https://api.linkedin.com', false],
  ])('%s from %s: %s', (url, base, trusted) => {
    expect(isTrustedUploadUrl(url, base)).toBe(trusted);
  });
});

describe('fetchLinkedInIdentity and listApprovedOrganizations', () => {
  const client = (accessToken = 'li-token') => ({
    accessToken,
    baseUrl: sandbox.urls.linkedin,
    fetch: recordingFetch,
  });

  it('reads the member from OpenID userinfo as urn:li:person:{sub}', async () => {
    expect(await fetchLinkedInIdentity(client())).toEqual({
      ok: true,
      value: {
        personUrn: `urn:li:person:${LINKEDIN_SANDBOX.member.sub}`,
        name: 'Sandy Box',
        email: 'sandy.box@example.com',
        pictureUrl: `${sandbox.urls.linkedin}/media/profile.png`,
      },
    });
    expect(sent[0]).toMatchObject({
      method: 'GET',
      path: '/v2/userinfo',
      headers: { authorization: 'Bearer li-token' },
    });
  });

  it.each([
    [
      'the member, from userinfo',
      `urn:li:person:${LINKEDIN_SANDBOX.member.sub}`,
      'li-token',
      'Sandy Box',
    ],
    [
      'a page, from the organizations lookup',
      'urn:li:organization:1000002',
      'li-token',
      'Sandbox Coffee Roasters',
    ],
    ['nobody when the token is refused', 'urn:li:organization:1000001', 'expired-token', null],
    [
      'nobody for a member the token does not belong to',
      'urn:li:person:someoneElse',
      'li-token',
      null,
    ],
  ])('names a post author: %s', async (_, urn, token, name) => {
    expect(await fetchLinkedInAuthorName(client(token), urn)).toBe(name);
  });

  it('reports an expired token on userinfo as auth_expired', async () => {
    expect(await fetchLinkedInIdentity(client('expired-token'))).toEqual({
      ok: false,
      failure: { code: 'auth_expired', message: linkedinMessages.expired, status: 401 },
    });
  });

  it('lists only pages with an APPROVED posting role, named by one batch lookup', async () => {
    expect(await listApprovedOrganizations(client())).toEqual({
      ok: true,
      value: [
        {
          urn: 'urn:li:organization:1000001',
          id: '1000001',
          name: 'Muse Sandbox Studio',
          role: 'ADMINISTRATOR',
        },
        {
          urn: 'urn:li:organization:1000002',
          id: '1000002',
          name: 'Sandbox Coffee Roasters',
          role: 'CONTENT_ADMINISTRATOR',
        },
      ],
    });
    expect(sent.map((s) => s.path)).toEqual(['/rest/organizationAcls', '/rest/organizations']);
    expect(new URL(sent[1]!.url).searchParams.get('ids')).toBe('List(1000001,1000002)');
  });

  it('reports a token without page permissions as forbidden, naming the permission', async () => {
    expect(await listApprovedOrganizations(client('member-only-token'))).toEqual({
      ok: false,
      failure: {
        code: 'forbidden',
        message: expect.stringContaining('rw_organization_admin'),
        status: 403,
      },
    });
  });
});
