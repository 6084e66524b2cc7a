import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradientPng } from './providers/png';
import {
  LINKEDIN_MEMBER_URN,
  LINKEDIN_VERSIONS,
  linkedinVersionVerdict,
  renderLittleText,
  VIDEO_PART_BYTES,
} from './providers/linkedin';
import { startSandbox, type Sandbox } from './server';

// The LinkedIn sandbox's own rules (README.md, LinkedIn): version headers, tokens, uploads, posts.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

/** The newest version in the sandbox's table (whatever the product sends; tests/unit/sandbox checks that). */
const NEWEST = Object.keys(LINKEDIN_VERSIONS).sort().at(-1)!;
const VERSIONED = { 'linkedin-version': NEWEST, 'x-restli-protocol-version': '2.0.0' };
const ORG = 'urn:li:organization:1000001';

async function call(
  path: string,
  init: {
    method?: string;
    token?: string | null;
    headers?: Record<string, string>;
    body?: unknown;
    bytes?: Uint8Array<ArrayBuffer>;
  } = {},
) {
  const url = path.startsWith('http') ? path : `${sandbox.urls.linkedin}${path}`;
  const headers: Record<string, string> = { ...VERSIONED, ...init.headers };
  if (init.token !== null) headers.authorization = `Bearer ${init.token ?? 'li-token'}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.bytes ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('application/json');
  return {
    status: res.status,
    headers: res.headers,
    body: (json && text ? JSON.parse(text) : { text }) as Record<string, unknown>,
  };
}

const post = (author: string, commentary: string, content?: unknown) =>
  call('/rest/posts', {
    method: 'POST',
    body: {
      author,
      commentary,
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED' },
      lifecycleState: 'PUBLISHED',
      ...(content ? { content } : {}),
    },
  });

describe('LinkedIn sandbox: versions and tokens', () => {
  it.each([
    ['202609', 'active'],
    ['202609.01', 'active'],
    ['202601', 'active'],
    ['202511', 'sunset'],
    ['202301', 'sunset'],
    ['202512', 'unknown'],
    ['202612', 'unknown'],
    ['202201', 'unknown'],
    ['2026-09', 'unknown'],
    ['202613', 'unknown'],
  ])('on 2026-11-25, version %s is %s', (version, verdict) => {
    expect(linkedinVersionVerdict(version, new Date(Date.UTC(2026, 10, 25)))).toBe(verdict);
  });

  it('retires 202511 on its sunset day, 2026-11-16, and not the day before', () => {
    expect(linkedinVersionVerdict('202511', new Date(Date.UTC(2026, 10, 15, 23, 59)))).toBe(
      'active',
    );
    expect(linkedinVersionVerdict('202511', new Date(Date.UTC(2026, 10, 16)))).toBe('sunset');
  });

  it.each([
    ['no LinkedIn-Version', { 'linkedin-version': '' }, 400, 'VERSION_MISSING'],
    ['a sunset version', { 'linkedin-version': '202301' }, 426, 'NONEXISTENT_VERSION'],
    ['202511, sunset on 2026-11-16', { 'linkedin-version': '202511' }, 426, 'NONEXISTENT_VERSION'],
    [
      'a version LinkedIn never released',
      { 'linkedin-version': '202512' },
      400,
      'NONEXISTENT_VERSION',
    ],
    ['Rest.li protocol 1.0', { 'x-restli-protocol-version': '' }, 400, 'ILLEGAL_ARGUMENT'],
  ])('refuses a /rest call with %s', async (_case, headers, status, code) => {
    const sent = Object.fromEntries(
      Object.entries({ ...VERSIONED, ...headers }).filter(([, v]) => v),
    );
    const res = await fetch(`${sandbox.urls.linkedin}/rest/organizationAcls?q=roleAssignee`, {
      headers: { authorization: 'Bearer li-token', ...sent },
    });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ status, code });
  });

  it.each([
    [null, 'EMPTY_ACCESS_TOKEN'],
    ['bad-key', 'INVALID_ACCESS_TOKEN'],
    ['expired-token', 'EXPIRED_ACCESS_TOKEN'],
    ['revoked-token', 'REVOKED_ACCESS_TOKEN'],
  ])('answers token %s with 401 %s', async (token, code) => {
    expect(await call('/v2/userinfo', { token })).toMatchObject({
      status: 401,
      body: { status: 401, code },
    });
  });

  it('lists every role assignment, or only those in the state asked for', async () => {
    const all = await call('/rest/organizationAcls?q=roleAssignee');
    expect((all.body.elements as { state: string }[]).map((e) => e.state).sort()).toEqual([
      'APPROVED',
      'APPROVED',
      'APPROVED',
      'REQUESTED',
    ]);
    const approved = await call('/rest/organizationAcls?q=roleAssignee&state=APPROVED');
    expect(approved.body.elements).toHaveLength(3);
    expect(
      (await call('/rest/organizationAcls?q=roleAssignee', { token: 'member-only-token' })).status,
    ).toBe(403);
  });
});

describe('LinkedIn sandbox: uploads and posts', () => {
  it('refuses a finalize whose part ETags are out of order, then accepts them in order', async () => {
    const size = VIDEO_PART_BYTES + 80_000;
    const init = await call('/rest/videos?action=initializeUpload', {
      method: 'POST',
      body: {
        initializeUploadRequest: {
          owner: LINKEDIN_MEMBER_URN,
          fileSizeBytes: size,
          uploadCaptions: false,
          uploadThumbnail: false,
        },
      },
    });
    const value = init.body.value as {
      video: string;
      uploadToken: string;
      uploadInstructions: { uploadUrl: string; firstByte: number; lastByte: number }[];
    };
    expect(value.uploadInstructions.map((p) => [p.firstByte, p.lastByte])).toEqual([
      [0, VIDEO_PART_BYTES - 1],
      [VIDEO_PART_BYTES, size - 1],
    ]);
    expect(
      (
        await call(value.uploadInstructions[0]!.uploadUrl, {
          method: 'PUT',
          token: null,
          bytes: new Uint8Array(10),
        })
      ).status,
    ).toBe(400);
    const etags: string[] = [];
    for (const p of value.uploadInstructions) {
      const put = await call(p.uploadUrl, {
        method: 'PUT',
        token: null,
        bytes: new Uint8Array(p.lastByte - p.firstByte + 1).fill(etags.length + 1),
      });
      etags.push(put.headers.get('etag')!);
    }
    const finalize = (ids: string[]) =>
      call('/rest/videos?action=finalizeUpload', {
        method: 'POST',
        body: {
          finalizeUploadRequest: {
            video: value.video,
            uploadToken: value.uploadToken,
            uploadedPartIds: ids,
          },
        },
      });
    expect((await finalize([...etags].reverse())).status).toBe(400);
    expect((await finalize(etags)).status).toBe(200);
    expect((await call(`/rest/videos/${encodeURIComponent(value.video)}`)).body.status).toBe(
      'PROCESSING',
    );
    expect((await call(`/rest/videos/${encodeURIComponent(value.video)}`)).body.status).toBe(
      'AVAILABLE',
    );
  });

  it('refuses a post naming an image that was never uploaded, or one owned by someone else', async () => {
    const init = await call('/rest/images?action=initializeUpload', {
      method: 'POST',
      body: { initializeUploadRequest: { owner: ORG } },
    });
    const { uploadUrl, image } = init.body.value as { uploadUrl: string; image: string };
    expect(await post(ORG, 'Image not uploaded yet', { media: { id: image } })).toMatchObject({
      status: 422,
      body: { message: expect.stringContaining('is not ready (WAITING_UPLOAD)') },
    });
    expect(
      (await call(uploadUrl, { method: 'PUT', bytes: new Uint8Array(gradientPng(8, 8, 'up')) }))
        .status,
    ).toBe(201);
    expect(
      await post(LINKEDIN_MEMBER_URN, 'Someone else’s image', { media: { id: image } }),
    ).toMatchObject({ status: 422, body: { message: expect.stringContaining('not the author') } });
    const made = await post(ORG, 'Image uploaded', { media: { id: image } });
    expect(made.status).toBe(201);
    expect(made.headers.get('x-restli-id')).toMatch(/^urn:li:share:\d+$/);
  });

  it.each([
    [
      '2,990 letters and 10 escaped parentheses (3,000 once the escapes are read)',
      (t: string) => `${t}${'a'.repeat(2990 - t.length)}${'\\(\\)'.repeat(5)}`,
      201,
    ],
    ['3,001 letters', (t: string) => `${t}${'a'.repeat(3001 - t.length)}`, 400],
    ['1,501 emoji (two UTF-16 units each)', (t: string) => `${t}${'🔥'.repeat(1501)}`, 400],
  ])('holds commentary to 3,000 characters of its text: %s', async (_label, make, status) => {
    const res = await post(LINKEDIN_MEMBER_URN, make(`${Date.now()}${Math.random()}`));
    expect(res.status).toBe(status);
    if (status === 400)
      expect(res.body).toMatchObject({
        message: expect.stringContaining('exceeded the maximum allowed (3000 characters)'),
        errorDetails: { inputErrors: [{ code: 'FIELD_ARRAY_SIZE_TOO_HIGH' }] },
      });
  });

  it('refuses the same text twice from one author with DUPLICATE_POST naming the first post', async () => {
    const text = `Twice ${Date.now()}`;
    const first = await post(LINKEDIN_MEMBER_URN, text);
    const second = await post(LINKEDIN_MEMBER_URN, text);
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({
      message: expect.stringContaining(
        `Content is a duplicate of ${first.headers.get('x-restli-id')}`,
      ),
      errorDetails: { inputErrors: [{ code: 'DUPLICATE_POST' }] },
    });
    expect((await post(ORG, text)).status).toBe(201);
  });

  it.each([
    ['plain words', 'plain words'],
    ['cut at (an unescaped parenthesis)', 'cut at '],
    ['kept \\(escaped\\) \\@ \\_', 'kept (escaped) @ _'],
    ['#hashtags stay, # alone cuts', '#hashtags stay, '],
  ])('renders the little text %j as %j', (commentary, shown) => {
    expect(renderLittleText(commentary)).toBe(shown);
  });
});

describe('LinkedIn sandbox: documents', () => {
  async function initDocument(owner: string, token?: string) {
    return call('/rest/documents?action=initializeUpload', {
      method: 'POST',
      token,
      body: { initializeUploadRequest: { owner } },
    });
  }
  async function pdfOf(pages: number): Promise<Uint8Array<ArrayBuffer>> {
    const { PDFDocument } = await import('pdf-lib');
    const pdf = await PDFDocument.create();
    for (let i = 0; i < pages; i++) pdf.addPage([100, 100]);
    return new Uint8Array(await pdf.save());
  }

  it('reads the pages of an uploaded PDF, and posts it only with a title', async () => {
    const init = await initDocument(ORG);
    const { uploadUrl, document } = init.body.value as { uploadUrl: string; document: string };
    expect(document).toMatch(/^urn:li:document:/);
    expect(
      await post(ORG, 'Document not uploaded yet', { media: { title: 'Deck', id: document } }),
    ).toMatchObject({ status: 422, body: { message: expect.stringContaining('WAITING_UPLOAD') } });
    expect((await call(uploadUrl, { method: 'PUT', bytes: await pdfOf(3) })).status).toBe(201);
    expect(await call(`/rest/documents/${encodeURIComponent(document)}`)).toMatchObject({
      status: 200,
      body: { id: document, status: 'AVAILABLE' },
    });
    expect(await post(ORG, 'Document without a title', { media: { id: document } })).toMatchObject({
      status: 422,
      body: { message: expect.stringContaining('/content/media/title') },
    });
    expect(
      (await post(ORG, 'Document with a title', { media: { title: 'Deck', id: document } })).status,
    ).toBe(201);
    const listed = await call('/__sandbox/linkedin/documents', { headers: {} });
    expect(
      (listed.body.documents as { urn: string; pages: number }[]).find((d) => d.urn === document),
    ).toMatchObject({ pages: 3, owner: ORG });
  });

  it('fails processing of a file that is not a PDF, and refuses a page the member cannot post for', async () => {
    const init = await initDocument(LINKEDIN_MEMBER_URN);
    const { uploadUrl, document } = init.body.value as { uploadUrl: string; document: string };
    expect(
      (
        await call(uploadUrl, {
          method: 'PUT',
          bytes: new Uint8Array(gradientPng(8, 8, 'not-pdf')),
        })
      ).status,
    ).toBe(201);
    expect(await call(`/rest/documents/${encodeURIComponent(document)}`)).toMatchObject({
      body: { status: 'PROCESSING_FAILED' },
    });
    expect(
      await post(LINKEDIN_MEMBER_URN, 'Broken document', {
        media: { title: 'Deck', id: document },
      }),
    ).toMatchObject({ status: 422 });
    expect((await initDocument(ORG, 'member-only-token')).status).toBe(403);
  });
});

describe('a lost answer', () => {
  it('makes the post and carries nothing of its answer: no post id header', async () => {
    const commentary = `lost answer ${Date.now()}`;
    await fetch(`${sandbox.urls.linkedin}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/rest/posts', method: 'POST', lostAnswer: true }),
    });
    const lost = await fetch(`${sandbox.urls.linkedin}/rest/posts`, {
      method: 'POST',
      headers: {
        ...VERSIONED,
        authorization: 'Bearer li-token',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        author: LINKEDIN_MEMBER_URN,
        commentary,
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        lifecycleState: 'PUBLISHED',
      }),
    });
    expect(lost.status).toBe(200);
    await expect(lost.json()).rejects.toThrow();
    expect(lost.headers.get('x-restli-id')).toBeNull();
    expect(lost.headers.get('x-linkedin-id')).toBeNull();
    const { posts } = (await (
      await fetch(`${sandbox.urls.linkedin}/__sandbox/linkedin/posts`)
    ).json()) as { posts: { text: string }[] };
    expect(posts.filter((p) => p.text === commentary)).toHaveLength(1);
  });
});
