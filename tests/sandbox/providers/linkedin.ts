import { createHash, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { PDFDocument } from 'pdf-lib';
import { CONTROL_PREFIX } from '../app';
import { agePost, sandboxEngagement } from './metrics';
import { gradientPng } from './png';
import { bearer, jsonBody, SANDBOX_KEYS } from './shared';

// LinkedIn (api.linkedin.com, learn.microsoft.com/linkedin): OpenID userinfo on /v2, and the versioned
// Community Management APIs on /rest, which answer only calls that carry `LinkedIn-Version: YYYYMM` (a version
// LinkedIn released and has not sunset, LINKEDIN_VERSIONS) and `X-Restli-Protocol-Version: 2.0.0`. Errors are {status, serviceErrorCode,
// code, message}; validation errors {status: 422, message: 'ERROR :: /field :: ...', errorDetails}.
//
// One member (LINKEDIN_SANDBOX.member) holds every token. Tokens: missing or 'bad-key' 401
// INVALID_ACCESS_TOKEN, 'expired-token' 401 EXPIRED_ACCESS_TOKEN, 'revoked-token' 401
// REVOKED_ACCESS_TOKEN, 'member-only-token' (openid profile email w_member_social: no organization
// scopes, no r_member_social), 'openid-only-token' (sign-in scopes only); any other token has every scope.
// Comments: POST and GET /rest/socialActions/{post urn}/comments (control: GET /__sandbox/linkedin/comments).
// Uploads are served here under /dms-uploads (LinkedIn's own upload host is www.linkedin.com).
// Documents (Documents API): initializeUpload on /rest/documents, the file PUT to its uploadUrl with the token
// (a PDF is read for its pages; LinkedIn takes at most 100 MB and 300 pages), then a post's content.media names
// the document URN with a title (control: GET /__sandbox/linkedin/documents).

export const LINKEDIN_TOKENS = {
  expired: 'expired-token',
  revoked: 'revoked-token',
  memberOnly: 'member-only-token',
  openidOnly: 'openid-only-token',
} as const;

const ALL_SCOPES = [
  'openid',
  'profile',
  'email',
  'w_member_social',
  'r_member_social',
  'w_organization_social',
  'r_organization_social',
  'rw_organization_admin',
] as const;
type Scope = (typeof ALL_SCOPES)[number];

/** Roles that may post for a page (Posts API, w_organization_social). */
export const LINKEDIN_POSTING_ROLES = [
  'ADMINISTRATOR',
  'DIRECT_SPONSORED_CONTENT_POSTER',
  'CONTENT_ADMINISTRATOR',
] as const;

export const LINKEDIN_SANDBOX = {
  member: {
    sub: 'sbxMember01',
    name: 'Sandy Box',
    givenName: 'Sandy',
    familyName: 'Box',
    email: 'sandy.box@example.com',
  },
  organizations: [
    {
      id: 1000001,
      localizedName: 'Muse Sandbox Studio',
      vanityName: 'muse-sandbox-studio',
      role: 'ADMINISTRATOR',
      state: 'APPROVED',
    },
    {
      id: 1000002,
      localizedName: 'Sandbox Coffee Roasters',
      vanityName: 'sandbox-coffee',
      role: 'CONTENT_ADMINISTRATOR',
      state: 'APPROVED',
    },
    {
      id: 1000003,
      localizedName: 'Pending Page Ltd',
      vanityName: 'pending-page',
      role: 'ADMINISTRATOR',
      state: 'REQUESTED',
    },
    {
      id: 1000004,
      localizedName: 'Analytics Only Inc',
      vanityName: 'analytics-only',
      role: 'ANALYST',
      state: 'APPROVED',
    },
  ],
} as const;

export const LINKEDIN_MEMBER_URN = `urn:li:person:${LINKEDIN_SANDBOX.member.sub}`;
const orgUrn = (id: number) => `urn:li:organization:${id}`;

export const VIDEO_PART_BYTES = 4 * 1024 * 1024;
const VIDEO_MIN_BYTES = 75 * 1024;
const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
/**
 * LinkedIn's limit on a post's commentary. LinkedIn reads commentary as "little" text and stores the text it shows,
 * escapes read ("commentary text is stored as a text string along with an array of attributes",
 * learn.microsoft.com/linkedin/marketing/community-management/shares/little-text-format), and refuses a longer one
 * with 400 "ShareCommentary text length (N characters) exceeded the maximum allowed (3000 characters)"
 * (FIELD_ARRAY_SIZE_TOO_HIGH). The sandbox counts that text in UTF-16 code units, a string's length in LinkedIn's
 * Java services (the docs do not name the unit): an escaped "\(" is one character, an emoji beyond the BMP two.
 */
const COMMENTARY_MAX = 3000;

/** The error body LinkedIn's gateway answers (also handy as a fault body in tests). */
export function linkedinError(
  status: number,
  code: string,
  message: string,
  serviceErrorCode = 0,
): Record<string, unknown> {
  return { status, serviceErrorCode, code, message };
}

function validationError(
  status: 400 | 422,
  field: string,
  reason: string,
  code = 'INVALID_VALUE',
): Record<string, unknown> {
  return {
    errorDetailType: 'com.linkedin.common.error.BadRequest',
    message: `ERROR :: ${field} :: ${reason}`,
    errorDetails: {
      inputErrors: [{ description: reason, input: { inputPath: { fieldPath: field } }, code }],
    },
    status,
  };
}

/**
 * The Marketing API versions LinkedIn released, each with the day it sunsets (UTC), the sandbox's own record
 * of LinkedIn's pages: the sunset dates from "API Migration Status" on
 * https://learn.microsoft.com/en-us/linkedin/marketing/integrations/migrations, the releases from
 * https://learn.microsoft.com/en-us/linkedin/marketing/integrations/recent-changes. LinkedIn releases
 * monthly but skipped December 2025 (there is no 202512) and supports each version at least a year
 * (https://learn.microsoft.com/en-us/linkedin/marketing/versioning). 202608 and 202609 were released but
 * their sunset dates were not yet on the migrations page we read: they take a year to the 15th (the next
 * Monday when that falls on a weekend), as LinkedIn's listed dates do. Add each month as LinkedIn lists it.
 */
export const LINKEDIN_VERSIONS: Readonly<Record<string, string>> = {
  '202508': '2026-08-17',
  '202509': '2026-09-15',
  '202510': '2026-10-15',
  '202511': '2026-11-16',
  '202601': '2027-01-15',
  '202602': '2027-02-15',
  '202603': '2027-03-16',
  '202604': '2027-04-15',
  '202605': '2027-05-15',
  '202606': '2027-06-15',
  '202607': '2027-07-15',
  '202608': '2027-08-16',
  '202609': '2027-09-15',
};
/** LinkedIn's first versioned release (June 2022): a month between it and the table was released and has sunset. */
const FIRST_VERSION = '202206';

/**
 * What LinkedIn makes of a LinkedIn-Version header at `now`: `active`, `sunset` (released, then retired: 426
 * NONEXISTENT_VERSION) or `unknown` (a month LinkedIn never released, or no YYYYMM at all). A patch version
 * (YYYYMM.NN) follows its month.
 */
export function linkedinVersionVerdict(
  version: string,
  now: Date,
): 'active' | 'sunset' | 'unknown' {
  const month = /^(\d{4}(?:0[1-9]|1[0-2]))(?:\.\d{2})?$/.exec(version)?.[1];
  if (!month) return 'unknown';
  const sunset = LINKEDIN_VERSIONS[month];
  if (sunset) return now.getTime() < Date.parse(`${sunset}T00:00:00Z`) ? 'active' : 'sunset';
  const first = Object.keys(LINKEDIN_VERSIONS).sort()[0]!;
  return month >= FIRST_VERSION && month < first ? 'sunset' : 'unknown';
}

const RESERVED = new Set([
  '\\',
  '|',
  '{',
  '}',
  '@',
  '[',
  ']',
  '(',
  ')',
  '<',
  '>',
  '#',
  '*',
  '_',
  '~',
]);

/** The length LinkedIn holds commentary to: its text with each escape read (`\x` is one x), in UTF-16 units. */
export function commentaryTextLength(commentary: string): number {
  let length = 0;
  for (let i = 0; i < commentary.length; i++) {
    if (commentary[i] === '\\' && RESERVED.has(commentary[i + 1] ?? '')) i += 1;
    length += 1;
  }
  return length;
}

/**
 * The text a feed shows for "little" commentary: `\x` is a literal x, `#word` a hashtag; any other unescaped
 * reserved character ends the text there, as LinkedIn silently cuts such posts (mentions and templates are
 * not modelled, so they cut too).
 */
export function renderLittleText(commentary: string): string {
  let out = '';
  const chars = [...commentary];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === '\\') {
      const next = chars[i + 1];
      if (next === undefined || !RESERVED.has(next)) return out;
      out += next;
      i += 1;
    } else if (ch === '#' && /^\p{L}$/u.test(chars[i + 1] ?? '')) {
      out += ch;
    } else if (RESERVED.has(ch)) {
      return out;
    } else {
      out += ch;
    }
  }
  return out;
}

interface Member {
  scopes: ReadonlySet<Scope>;
}

function authorize(c: Context): Member | Response {
  const token = bearer(c.req.header('authorization'))?.trim();
  if (!token)
    return c.json(
      linkedinError(401, 'EMPTY_ACCESS_TOKEN', 'Empty oauth2 access token', 65604),
      401,
    );
  if (token === SANDBOX_KEYS.bad)
    return c.json(linkedinError(401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600), 401);
  if (token === LINKEDIN_TOKENS.expired)
    return c.json(
      linkedinError(
        401,
        'EXPIRED_ACCESS_TOKEN',
        'The token used in the request has expired',
        65602,
      ),
      401,
    );
  if (token === LINKEDIN_TOKENS.revoked)
    return c.json(
      linkedinError(
        401,
        'REVOKED_ACCESS_TOKEN',
        'The token used in the request has been revoked by the user',
        65601,
      ),
      401,
    );
  if (token === LINKEDIN_TOKENS.openidOnly)
    return { scopes: new Set<Scope>(['openid', 'profile', 'email']) };
  if (token === LINKEDIN_TOKENS.memberOnly)
    return { scopes: new Set<Scope>(['openid', 'profile', 'email', 'w_member_social']) };
  return { scopes: new Set<Scope>(ALL_SCOPES) };
}

function denied(c: Context, resource: string, method: string): Response {
  const version = c.req.header('linkedin-version') ?? 'NO_VERSION';
  return c.json(
    linkedinError(
      403,
      'ACCESS_DENIED',
      `Not enough permissions to access: ${resource}.${method}.${version}`,
      100,
    ),
    403,
  );
}

/** Whether the member may act as this author: themselves with `personScope`, or a page they hold an approved posting role on. */
function mayActAs(member: Member, author: string, personScope: Scope, orgScope: Scope): boolean {
  if (author === LINKEDIN_MEMBER_URN) return member.scopes.has(personScope);
  const org = LINKEDIN_SANDBOX.organizations.find((o) => orgUrn(o.id) === author);
  return (
    !!org &&
    member.scopes.has(orgScope) &&
    org.state === 'APPROVED' &&
    (LINKEDIN_POSTING_ROLES as readonly string[]).includes(org.role)
  );
}

const AUTHOR = /^urn:li:(person:[A-Za-z0-9_-]+|organization:\d+)$/;

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

interface Image {
  urn: string;
  owner: string;
  uploadKey: string;
  status: 'WAITING_UPLOAD' | 'AVAILABLE';
  bytes: number;
}

/** What the sandbox read of an uploaded document: its size, its type and (a PDF) its pages. */
interface Document {
  urn: string;
  owner: string;
  uploadKey: string;
  status: 'WAITING_UPLOAD' | 'AVAILABLE' | 'PROCESSING_FAILED';
  bytes: number;
  pages: number | null;
  processingFailureReason?: string;
}

/** The Documents API's limits: 100 MB and 300 pages. */
const DOCUMENT_MAX_BYTES = 100 * 1024 * 1024;
const DOCUMENT_MAX_PAGES = 300;

/** The pages of a PDF, or why it is not one LinkedIn can show. */
async function readPdf(bytes: Uint8Array): Promise<{ pages: number } | { reason: string }> {
  if (new TextDecoder().decode(bytes.subarray(0, 5)) !== '%PDF-')
    return { reason: 'Not a PDF, PPT, PPTX, DOC or DOCX file' };
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = pdf.getPageCount();
    if (pages === 0) return { reason: 'The document has no pages' };
    if (pages > DOCUMENT_MAX_PAGES)
      return { reason: `The document has ${pages} pages, over the ${DOCUMENT_MAX_PAGES} allowed` };
    return { pages };
  } catch {
    return { reason: 'The PDF could not be read' };
  }
}

interface VideoPart {
  firstByte: number;
  lastByte: number;
  etag?: string;
  receivedBytes?: number;
}

interface Video {
  urn: string;
  owner: string;
  key: string;
  fileSizeBytes: number;
  uploadToken: string;
  parts: VideoPart[];
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';
  finalizedPartIds?: string[];
  processingPollsLeft: number;
  outcome: 'AVAILABLE' | 'PROCESSING_FAILED';
  gets: number;
}

interface Post {
  id: string;
  author: string;
  commentary: string;
  visibility: string;
  distribution: unknown;
  content?: Record<string, unknown>;
  lifecycleState: string;
  createdAt: number;
}

interface Comment {
  commentUrn: string;
  id: string;
  object: string;
  actor: string;
  text: string;
  createdAt: number;
}

/** The Comments API's limit on message.text. */
const COMMENT_MAX_CHARS = 1250;

const DEFAULTS = { videoProcessingPolls: 1, videoOutcome: 'AVAILABLE' as Video['outcome'] };

let idCounter = 0n;
function numericId(): string {
  idCounter += 1n;
  return (7_300_000_000_000_000_000n + BigInt(Date.now()) * 1000n + idCounter).toString();
}
const assetId = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 16)}`;

export function linkedinRoutes(app: Hono): void {
  const images = new Map<string, Image>();
  const videos = new Map<string, Video>();
  const documents = new Map<string, Document>();
  const posts: Post[] = [];
  const comments: Comment[] = [];
  let defaults = { ...DEFAULTS };

  // Control: what was created, and how the next finalized videos behave.
  app.get(`${CONTROL_PREFIX}/linkedin/posts`, (c) =>
    c.json({ posts: posts.map((p) => ({ ...p, text: renderLittleText(p.commentary) })) }),
  );
  app.get(`${CONTROL_PREFIX}/linkedin/comments`, (c) => c.json({ comments }));
  app.get(`${CONTROL_PREFIX}/linkedin/documents`, (c) =>
    c.json({ documents: [...documents.values()].map(({ uploadKey: _key, ...d }) => d) }),
  );
  app.delete(`${CONTROL_PREFIX}/linkedin/posts`, (c) => {
    posts.length = 0;
    comments.length = 0;
    return c.body(null, 204);
  });
  app.get(`${CONTROL_PREFIX}/linkedin/videos`, (c) =>
    c.json({
      videos: [...videos.values()].map(
        ({ urn, owner, fileSizeBytes, parts, status, finalizedPartIds, gets }) => ({
          urn,
          owner,
          fileSizeBytes,
          parts,
          status,
          finalizedPartIds,
          gets,
        }),
      ),
    }),
  );
  app.put(`${CONTROL_PREFIX}/linkedin/defaults`, async (c) => {
    const body = (await jsonBody(c.req)) ?? {};
    const polls = body.videoProcessingPolls;
    if (
      polls !== undefined &&
      (!Number.isInteger(polls) || (polls as number) < 0 || (polls as number) > 100)
    )
      return c.json({ error: 'videoProcessingPolls must be an integer from 0 to 100' }, 400);
    const outcome = body.videoOutcome;
    if (outcome !== undefined && outcome !== 'AVAILABLE' && outcome !== 'PROCESSING_FAILED')
      return c.json({ error: 'videoOutcome must be AVAILABLE or PROCESSING_FAILED' }, 400);
    defaults = {
      videoProcessingPolls: (polls as number | undefined) ?? defaults.videoProcessingPolls,
      videoOutcome: (outcome as Video['outcome'] | undefined) ?? defaults.videoOutcome,
    };
    return c.json(defaults);
  });
  app.delete(`${CONTROL_PREFIX}/linkedin/defaults`, (c) => {
    defaults = { ...DEFAULTS };
    return c.body(null, 204);
  });

  // OpenID Connect userinfo (unversioned).
  app.get('/v2/userinfo', (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    if (!member.scopes.has('openid')) return denied(c, 'userinfo', 'GET');
    const m = LINKEDIN_SANDBOX.member;
    return c.json({
      sub: m.sub,
      email_verified: true,
      name: m.name,
      locale: { country: 'US', language: 'en' },
      given_name: m.givenName,
      family_name: m.familyName,
      email: m.email,
      picture: `${new URL(c.req.url).origin}/media/profile.png`,
    });
  });
  app.get('/media/profile.png', (c) => {
    const png = gradientPng(100, 100, 'linkedin-profile');
    return c.body(new Uint8Array(png), 200, { 'content-type': 'image/png' });
  });

  // Versioned APIs: both headers on every call, then the token.
  app.use('/rest/*', async (c, next) => {
    const version = c.req.header('linkedin-version');
    if (!version)
      return c.json(
        linkedinError(
          400,
          'VERSION_MISSING',
          'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
        ),
        400,
      );
    const verdict = linkedinVersionVerdict(version, new Date());
    // A retired version: LinkedIn's answer (it names the version as YYYYMMDD). A month it never released: LinkedIn
    // does not document that answer; the sandbox refuses it with a 400 so a typo never reads as a retirement.
    if (verdict === 'sunset')
      return c.json(
        linkedinError(
          426,
          'NONEXISTENT_VERSION',
          `Requested version ${version.slice(0, 6)}01 is not active`,
        ),
        426,
      );
    if (verdict === 'unknown')
      return c.json(
        linkedinError(
          400,
          'NONEXISTENT_VERSION',
          `Requested version ${version} was never released by LinkedIn`,
        ),
        400,
      );
    if (c.req.header('x-restli-protocol-version') !== '2.0.0') {
      return c.json(
        linkedinError(
          400,
          'ILLEGAL_ARGUMENT',
          'X-Restli-Protocol-Version: 2.0.0 is required (the sandbox refuses protocol 1.0 calls)',
        ),
        400,
      );
    }
    return next();
  });

  app.get('/rest/organizationAcls', (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    if (c.req.query('q') !== 'roleAssignee')
      return c.json(
        linkedinError(400, 'ILLEGAL_ARGUMENT', 'Unsupported finder: use q=roleAssignee'),
        400,
      );
    if (!member.scopes.has('rw_organization_admin') && !member.scopes.has('w_organization_social'))
      return denied(c, 'organizationAcls', 'FINDER-roleAssignee');
    const role = c.req.query('role');
    const state = c.req.query('state');
    const start = Math.max(0, Number(c.req.query('start') ?? 0) || 0);
    const count = Math.min(100, Math.max(1, Number(c.req.query('count') ?? 10) || 10));
    const matching = LINKEDIN_SANDBOX.organizations.filter(
      (o) => (!role || o.role === role) && (!state || o.state === state),
    );
    const elements = matching.slice(start, start + count).map((o) => ({
      roleAssignee: LINKEDIN_MEMBER_URN,
      state: o.state,
      role: o.role,
      organization: orgUrn(o.id),
      lastModified: { actor: LINKEDIN_MEMBER_URN, time: 1_700_000_000_000 },
      created: { actor: LINKEDIN_MEMBER_URN, time: 1_700_000_000_000 },
    }));
    return c.json({ paging: { start, count, total: matching.length, links: [] }, elements });
  });

  const organizationView = (o: (typeof LINKEDIN_SANDBOX.organizations)[number]) => ({
    id: o.id,
    localizedName: o.localizedName,
    vanityName: o.vanityName,
    name: {
      localized: { en_US: o.localizedName },
      preferredLocale: { country: 'US', language: 'en' },
    },
  });
  // BATCH_GET: ids=List(1000001,1000002).
  app.get('/rest/organizations', (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    const m = /^List\(([\d,\s]*)\)$/.exec(c.req.query('ids') ?? '');
    if (!m) return c.json(linkedinError(400, 'ILLEGAL_ARGUMENT', 'Expected ids=List(...)'), 400);
    const ids = m[1]!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const results: Record<string, unknown> = {};
    const statuses: Record<string, number> = {};
    const errors: Record<string, unknown> = {};
    for (const id of ids) {
      const o = LINKEDIN_SANDBOX.organizations.find((x) => String(x.id) === id);
      if (o) {
        results[id] = organizationView(o);
        statuses[id] = 200;
      } else {
        statuses[id] = 404;
        errors[id] = linkedinError(404, 'NOT_FOUND', `Organization ${id} not found`);
      }
    }
    return c.json({ results, statuses, errors });
  });
  app.get('/rest/organizations/:id', (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    const o = LINKEDIN_SANDBOX.organizations.find((x) => String(x.id) === c.req.param('id'));
    if (!o)
      return c.json(
        linkedinError(404, 'NOT_FOUND', `Organization ${c.req.param('id')} not found`),
        404,
      );
    return c.json(organizationView(o));
  });

  // Images API.
  app.post('/rest/images', async (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    if (c.req.query('action') !== 'initializeUpload')
      return c.json(linkedinError(400, 'ILLEGAL_ARGUMENT', 'Unsupported action'), 400);
    const owner = (await jsonBody(c.req))?.initializeUploadRequest as
      Record<string, unknown> | undefined;
    if (typeof owner?.owner !== 'string' || !AUTHOR.test(owner.owner))
      return c.json(
        validationError(
          422,
          '/initializeUploadRequest/owner',
          'owner must be a person or organization URN',
        ),
        422,
      );
    if (!mayActAs(member, owner.owner, 'w_member_social', 'w_organization_social'))
      return denied(c, 'images', 'ACTION-initializeUpload');
    const image: Image = {
      urn: `urn:li:image:${assetId('D4E10AQ')}`,
      owner: owner.owner,
      uploadKey: randomUUID(),
      status: 'WAITING_UPLOAD',
      bytes: 0,
    };
    images.set(image.urn, image);
    const origin = new URL(c.req.url).origin;
    return c.json({
      value: {
        uploadUrlExpiresAt: Date.now() + 24 * 3600_000,
        uploadUrl: `${origin}/dms-uploads/image/${image.uploadKey}`,
        image: image.urn,
      },
    });
  });
  app.put('/dms-uploads/image/:key', async (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    const image = [...images.values()].find((i) => i.uploadKey === c.req.param('key'));
    if (!image) return c.text('Upload URL not found or expired', 404);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) return c.text('Empty upload', 400);
    image.bytes = bytes.length;
    image.status = 'AVAILABLE';
    return c.body(null, 201);
  });
  app.get('/rest/images/:urn', (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    const image = images.get(decodeParam(c.req.param('urn')));
    if (!image) return c.json(linkedinError(404, 'NOT_FOUND', 'Image not found'), 404);
    return c.json({ id: image.urn, owner: image.owner, status: image.status });
  });

  // Documents API: initializeUpload gives the upload URL and the document URN; the file is PUT there.
  app.post('/rest/documents', async (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    if (c.req.query('action') !== 'initializeUpload')
      return c.json(linkedinError(400, 'ILLEGAL_ARGUMENT', 'Unsupported action'), 400);
    const req = (await jsonBody(c.req))?.initializeUploadRequest as
      Record<string, unknown> | undefined;
    if (typeof req?.owner !== 'string' || !AUTHOR.test(req.owner))
      return c.json(
        validationError(
          422,
          '/initializeUploadRequest/owner',
          'owner must be a person or organization URN',
        ),
        422,
      );
    if (!mayActAs(member, req.owner, 'w_member_social', 'w_organization_social')) {
      return c.json(
        {
          message:
            'Accessing this document resource is forbidden. Please check your permissions for this resource',
          status: 403,
        },
        403,
      );
    }
    const document: Document = {
      urn: `urn:li:document:${assetId('D4D10AQ')}`,
      owner: req.owner,
      uploadKey: randomUUID(),
      status: 'WAITING_UPLOAD',
      bytes: 0,
      pages: null,
    };
    documents.set(document.urn, document);
    const origin = new URL(c.req.url).origin;
    return c.json({
      value: {
        uploadUrlExpiresAt: Date.now() + 24 * 3600_000,
        uploadUrl: `${origin}/dms-uploads/document/${document.uploadKey}`,
        document: document.urn,
      },
    });
  });
  app.put('/dms-uploads/document/:key', async (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    const document = [...documents.values()].find((d) => d.uploadKey === c.req.param('key'));
    if (!document) return c.text('Upload URL not found or expired', 404);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) return c.text('Empty upload', 400);
    if (bytes.length > DOCUMENT_MAX_BYTES)
      return c.text(
        `The document is ${bytes.length} bytes, over the ${DOCUMENT_MAX_BYTES} allowed`,
        413,
      );
    document.bytes = bytes.length;
    // LinkedIn accepts the bytes and processes them after: a file it cannot show fails processing.
    const read = await readPdf(bytes);
    if ('pages' in read) {
      document.pages = read.pages;
      document.status = 'AVAILABLE';
    } else {
      document.status = 'PROCESSING_FAILED';
      document.processingFailureReason = read.reason;
    }
    return c.body(null, 201);
  });
  app.get('/rest/documents/:urn', (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    const document = documents.get(decodeParam(c.req.param('urn')));
    if (!document) return c.json(linkedinError(404, 'NOT_FOUND', 'Document not found'), 404);
    const origin = new URL(c.req.url).origin;
    return c.json({
      id: document.urn,
      owner: document.owner,
      status: document.status,
      ...(document.status === 'AVAILABLE'
        ? {
            downloadUrl: `${origin}/media/${encodeURIComponent(document.urn)}.pdf`,
            downloadUrlExpiresAt: Date.now() + 3600_000,
          }
        : {}),
      ...(document.processingFailureReason
        ? { processingFailureReason: document.processingFailureReason }
        : {}),
    });
  });

  // Videos API: parts of 4 MiB, each PUT answers an ETag that finalizeUpload must list in order.
  app.post('/rest/videos', async (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    const action = c.req.query('action');
    const body = await jsonBody(c.req);
    if (action === 'initializeUpload') {
      const req = body?.initializeUploadRequest as Record<string, unknown> | undefined;
      if (typeof req?.owner !== 'string' || !AUTHOR.test(req.owner))
        return c.json(
          validationError(
            422,
            '/initializeUploadRequest/owner',
            'owner must be a person or organization URN',
          ),
          422,
        );
      const size = req.fileSizeBytes;
      if (typeof size !== 'number' || !Number.isInteger(size))
        return c.json(
          validationError(
            422,
            '/initializeUploadRequest/fileSizeBytes',
            'fileSizeBytes is required',
          ),
          422,
        );
      if (size < VIDEO_MIN_BYTES || size > VIDEO_MAX_BYTES)
        return c.json(
          validationError(
            400,
            '/initializeUploadRequest/fileSizeBytes',
            `Video file size must be between ${VIDEO_MIN_BYTES} and ${VIDEO_MAX_BYTES} bytes`,
          ),
          400,
        );
      if (!mayActAs(member, req.owner, 'w_member_social', 'w_organization_social'))
        return denied(c, 'videos', 'ACTION-initializeUpload');
      const parts: VideoPart[] = [];
      for (let first = 0; first < size; first += VIDEO_PART_BYTES)
        parts.push({ firstByte: first, lastByte: Math.min(size, first + VIDEO_PART_BYTES) - 1 });
      const video: Video = {
        urn: `urn:li:video:${assetId('C5F10AQ')}`,
        owner: req.owner,
        key: randomUUID(),
        fileSizeBytes: size,
        uploadToken: parts.length > 1 ? randomUUID() : '',
        parts,
        status: 'WAITING_UPLOAD',
        processingPollsLeft: 0,
        outcome: 'AVAILABLE',
        gets: 0,
      };
      videos.set(video.urn, video);
      const origin = new URL(c.req.url).origin;
      return c.json({
        value: {
          uploadUrlsExpireAt: Date.now() + 24 * 3600_000,
          video: video.urn,
          uploadInstructions: parts.map((p, i) => ({
            uploadUrl: `${origin}/dms-uploads/video/${video.key}/${i}`,
            firstByte: p.firstByte,
            lastByte: p.lastByte,
          })),
          uploadToken: video.uploadToken,
          thumbnailUploadUrl: '',
          captionsUploadUrl: '',
        },
      });
    }
    if (action === 'finalizeUpload') {
      const req = body?.finalizeUploadRequest as Record<string, unknown> | undefined;
      const video = typeof req?.video === 'string' ? videos.get(req.video) : undefined;
      if (!video)
        return c.json(validationError(422, '/finalizeUploadRequest/video', 'Unknown video'), 422);
      if (!mayActAs(member, video.owner, 'w_member_social', 'w_organization_social'))
        return denied(c, 'videos', 'ACTION-finalizeUpload');
      if ((req?.uploadToken ?? '') !== video.uploadToken)
        return c.json(
          validationError(
            400,
            '/finalizeUploadRequest/uploadToken',
            'uploadToken does not match the upload',
          ),
          400,
        );
      const ids = req?.uploadedPartIds;
      const expected = video.parts.map((p) => p.etag);
      if (expected.some((e) => e === undefined))
        return c.json(
          validationError(
            400,
            '/finalizeUploadRequest/uploadedPartIds',
            'Not every part was uploaded',
          ),
          400,
        );
      if (
        !Array.isArray(ids) ||
        ids.length !== expected.length ||
        ids.some((id, i) => id !== expected[i])
      ) {
        return c.json(
          validationError(
            400,
            '/finalizeUploadRequest/uploadedPartIds',
            'uploadedPartIds must list every part ETag in order',
          ),
          400,
        );
      }
      video.finalizedPartIds = ids as string[];
      video.status = 'PROCESSING';
      video.processingPollsLeft = defaults.videoProcessingPolls;
      video.outcome = defaults.videoOutcome;
      return c.body(null, 200);
    }
    return c.json(linkedinError(400, 'ILLEGAL_ARGUMENT', 'Unsupported action'), 400);
  });
  app.put('/dms-uploads/video/:key/:part', async (c) => {
    const video = [...videos.values()].find((v) => v.key === c.req.param('key'));
    const part = video?.parts[Number(c.req.param('part'))];
    if (!video || !part) return c.text('Upload URL not found or expired', 404);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length !== part.lastByte - part.firstByte + 1)
      return c.text(
        `Part must be ${part.lastByte - part.firstByte + 1} bytes, got ${bytes.length}`,
        400,
      );
    part.receivedBytes = bytes.length;
    part.etag = `/AQ${createHash('sha256').update(bytes).digest('base64url').slice(0, 24)}`;
    return c.body(null, 200, { etag: part.etag });
  });
  app.get('/rest/videos/:urn', (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    const video = videos.get(decodeParam(c.req.param('urn')));
    if (!video) return c.json(linkedinError(404, 'NOT_FOUND', 'Video not found'), 404);
    video.gets += 1;
    if (video.status === 'PROCESSING') {
      if (video.processingPollsLeft > 0) video.processingPollsLeft -= 1;
      else video.status = video.outcome;
    }
    const origin = new URL(c.req.url).origin;
    return c.json({
      id: video.urn,
      owner: video.owner,
      status: video.status,
      ...(video.status === 'AVAILABLE'
        ? {
            duration: 2000,
            aspectRatioWidth: 16,
            aspectRatioHeight: 9,
            downloadUrl: `${origin}/media/${encodeURIComponent(video.urn)}.mp4`,
          }
        : {}),
      ...(video.status === 'PROCESSING_FAILED'
        ? { processingFailureReason: 'Sandbox processing failed (videoOutcome PROCESSING_FAILED)' }
        : {}),
    });
  });

  // Posts API.
  const postView = (p: Post) => ({
    id: p.id,
    author: p.author,
    commentary: p.commentary,
    visibility: p.visibility,
    distribution: p.distribution,
    content: p.content,
    lifecycleState: p.lifecycleState,
    isReshareDisabledByAuthor: false,
    createdAt: p.createdAt,
    publishedAt: p.createdAt,
    lastModifiedAt: p.createdAt,
    lifecycleStateInfo: { isEditedByAuthor: false },
  });

  /** The media a post names, checked the way LinkedIn does: known, owned by the author, processed. */
  function mediaProblem(
    author: string,
    content: Record<string, unknown> | undefined,
  ): { field: string; reason: string } | undefined {
    if (!content) return undefined;
    const media = content.media as Record<string, unknown> | undefined;
    const multi = (content.multiImage as Record<string, unknown> | undefined)?.images;
    const ids: { field: string; id: unknown }[] = media
      ? [{ field: '/content/media/id', id: media.id }]
      : Array.isArray(multi)
        ? multi.map((m, i) => ({
            field: `/content/multiImage/images/${i}/id`,
            id: (m as Record<string, unknown>)?.id,
          }))
        : [];
    if (!media && !Array.isArray(multi))
      return { field: '/content', reason: 'Unsupported content type' };
    if (Array.isArray(multi) && (multi.length < 2 || multi.length > 20))
      return {
        field: '/content/multiImage/images',
        reason: 'A multiImage post needs 2 to 20 images',
      };
    // A document is shown under its title: a document post without one is refused.
    if (
      media &&
      typeof media.id === 'string' &&
      media.id.startsWith('urn:li:document:') &&
      (typeof media.title !== 'string' || !media.title.trim())
    ) {
      return { field: '/content/media/title', reason: 'A document post needs a title' };
    }
    for (const { field, id } of ids) {
      const asset =
        typeof id === 'string'
          ? (images.get(id) ?? videos.get(id) ?? documents.get(id))
          : undefined;
      if (!asset) return { field, reason: `${String(id)} does not exist` };
      if (Array.isArray(multi) && !asset.urn.startsWith('urn:li:image:'))
        return { field, reason: 'multiImage takes images only' };
      if (asset.owner !== author)
        return { field, reason: `${asset.urn} is owned by ${asset.owner}, not the author` };
      if (asset.status !== 'AVAILABLE')
        return { field, reason: `${asset.urn} is not ready (${asset.status})` };
    }
    return undefined;
  }

  app.post('/rest/posts', async (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    const body = await jsonBody(c.req);
    if (!body) return c.json(validationError(400, '/', 'Invalid JSON body'), 400);
    const { author, commentary, visibility, distribution, lifecycleState } = body;
    if (typeof author !== 'string' || !AUTHOR.test(author))
      return c.json(
        validationError(422, '/author', 'author must be a person or organization URN'),
        422,
      );
    if (!mayActAs(member, author, 'w_member_social', 'w_organization_social'))
      return denied(c, 'partnerApiPostsExternal', 'CREATE');
    if (typeof commentary !== 'string')
      return c.json(validationError(422, '/commentary', 'commentary is required'), 422);
    const length = commentaryTextLength(commentary);
    if (length > COMMENTARY_MAX) {
      return c.json(
        {
          errorDetailType: 'com.linkedin.common.error.BadRequest',
          message: `com.linkedin.content.common.exception.BadRequestResponseException: ShareCommentary text length (${length} characters) exceeded the maximum allowed (${COMMENTARY_MAX} characters)`,
          errorDetails: {
            inputErrors: [
              {
                description: 'Size of array cannot be higher than the maxLength',
                input: { inputPath: { fieldPath: '/commentary' } },
                code: 'FIELD_ARRAY_SIZE_TOO_HIGH',
              },
            ],
          },
          status: 400,
        },
        400,
      );
    }
    if (visibility !== 'PUBLIC' && visibility !== 'CONNECTIONS' && visibility !== 'LOGGED_IN')
      return c.json(
        validationError(422, '/visibility', 'visibility must be PUBLIC, CONNECTIONS or LOGGED_IN'),
        422,
      );
    const feed = (distribution as Record<string, unknown> | undefined)?.feedDistribution;
    if (feed !== 'MAIN_FEED' && feed !== 'NONE')
      return c.json(
        validationError(422, '/distribution/feedDistribution', 'feedDistribution is required'),
        422,
      );
    if (lifecycleState !== 'PUBLISHED' && lifecycleState !== 'DRAFT')
      return c.json(
        validationError(422, '/lifecycleState', 'lifecycleState must be PUBLISHED or DRAFT'),
        422,
      );
    const content = body.content as Record<string, unknown> | undefined;
    const problem = mediaProblem(author, content);
    if (problem) return c.json(validationError(422, problem.field, problem.reason), 422);
    const duplicate = commentary.trim()
      ? posts.find((p) => p.author === author && p.commentary === commentary)
      : undefined;
    if (duplicate) {
      return c.json(
        {
          errorDetailType: 'com.linkedin.common.error.BadRequest',
          message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${duplicate.id}`,
          errorDetails: {
            inputErrors: [
              { description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' },
            ],
          },
          status: 422,
        },
        422,
      );
    }
    const isVideo =
      typeof (content?.media as Record<string, unknown> | undefined)?.id === 'string' &&
      String((content!.media as Record<string, unknown>).id).startsWith('urn:li:video:');
    const post: Post = {
      id: `urn:li:${isVideo ? 'ugcPost' : 'share'}:${numericId()}`,
      author,
      commentary,
      visibility,
      distribution,
      content,
      lifecycleState,
      createdAt: Date.now(),
    };
    posts.push(post);
    return c.body(null, 201, { 'x-restli-id': post.id, 'x-linkedin-id': post.id });
  });

  // FINDER author: newest first (sortBy LAST_MODIFIED, the default, or CREATED).
  app.get('/rest/posts', (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    if (c.req.query('q') !== 'author')
      return c.json(
        linkedinError(400, 'ILLEGAL_ARGUMENT', 'Unsupported finder: use q=author'),
        400,
      );
    const author = c.req.query('author') ?? '';
    if (!AUTHOR.test(author))
      return c.json(
        validationError(400, '/author', 'author must be a person or organization URN'),
        400,
      );
    if (!mayActAs(member, author, 'r_member_social', 'r_organization_social'))
      return denied(c, 'partnerApiPostsExternal', 'FINDER-author');
    const start = Math.max(0, Number(c.req.query('start') ?? 0) || 0);
    const count = Math.min(100, Math.max(1, Number(c.req.query('count') ?? 10) || 10));
    const mine = posts
      .filter((p) => p.author === author)
      .sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
    return c.json({
      paging: { start, count, total: mine.length, links: [] },
      elements: mine.slice(start, start + count).map(postView),
    });
  });

  // Metrics (./metrics.ts: the figures grow with the post's age; `POST /__sandbox/linkedin/posts/age {id, hours}`).
  app.post(`${CONTROL_PREFIX}/linkedin/posts/age`, (c) =>
    agePost(c, (id, createdAt) => {
      const post = posts.find((p) => p.id === id);
      if (post) post.createdAt = createdAt;
      return !!post;
    }),
  );

  // GET /rest/socialActions/{share or ugcPost URN, encoded}: the likes and comments summaries of a post the
  // member may read (r_member_social for their own, r_organization_social for a page's).
  app.get('/rest/socialActions/:urn', (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    const urn = decodeParam(c.req.param('urn'));
    const post = posts.find((p) => p.id === urn);
    if (!post) return c.json(linkedinError(404, 'NOT_FOUND', `Not Found: ${urn}`), 404);
    if (!mayActAs(member, post.author, 'r_member_social', 'r_organization_social'))
      return denied(c, 'socialActions', 'GET');
    const e = sandboxEngagement(post.id, Date.now() - post.createdAt);
    // The comments made through the Comments API count with those the post's age brings (./metrics.ts).
    const commentCount = e.comments + comments.filter((m) => m.object === post.id).length;
    return c.json({
      $URN: `urn:li:socialActions:${urn}`,
      target: urn,
      likesSummary: {
        selectedLikes: [],
        aggregatedTotalLikes: e.likes,
        likedByCurrentUser: false,
        totalLikes: e.likes,
      },
      commentsSummary: {
        selectedComments: [],
        aggregatedTotalComments: commentCount,
        totalFirstLevelComments: commentCount,
      },
    });
  });

  // GET /rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=<page URN>
  // &shares=List(...)&ugcPosts=List(...): lifetime statistics of a page's posts, for a page ADMINISTRATOR with
  // rw_organization_admin only (LinkedIn's rule; a content administrator is refused).
  app.get('/rest/organizationalEntityShareStatistics', (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    if (c.req.query('q') !== 'organizationalEntity')
      return c.json(
        linkedinError(400, 'ILLEGAL_ARGUMENT', 'Unsupported finder: use q=organizationalEntity'),
        400,
      );
    const entity = c.req.query('organizationalEntity') ?? '';
    const org = LINKEDIN_SANDBOX.organizations.find((o) => orgUrn(o.id) === entity);
    if (
      !org ||
      !member.scopes.has('rw_organization_admin') ||
      org.role !== 'ADMINISTRATOR' ||
      org.state !== 'APPROVED'
    )
      return denied(c, 'organizationalEntityShareStatistics', 'FINDER-organizationalEntity');
    const list = (name: string) =>
      (/^List\((.*)\)$/.exec(c.req.query(name) ?? '')?.[1] ?? '')
        .split(',')
        .filter(Boolean)
        .map(decodeParam);
    const wanted = [
      ...list('shares').map((urn) => ({ field: 'share', urn })),
      ...list('ugcPosts').map((urn) => ({ field: 'ugcPost', urn })),
    ];
    const elements = wanted.flatMap(({ field, urn }) => {
      const post = posts.find((p) => p.id === urn && p.author === entity);
      if (!post) return [];
      const e = sandboxEngagement(post.id, Date.now() - post.createdAt);
      const commentCount = e.comments + comments.filter((m) => m.object === post.id).length;
      const engagement = e.impressions
        ? (e.clicks + e.likes + commentCount + e.shares) / e.impressions
        : 0;
      return [
        {
          organizationalEntity: entity,
          [field]: urn,
          totalShareStatistics: {
            uniqueImpressionsCount: Math.floor(e.impressions * 0.8),
            shareCount: e.shares,
            engagement,
            clickCount: e.clicks,
            likeCount: e.likes,
            impressionCount: e.impressions,
            commentCount,
          },
        },
      ];
    });
    return c.json({ paging: { start: 0, count: 10, links: [] }, elements });
  });

  // Comments API (socialActions/{urn}/comments): a comment on a post the sandbox made, by an actor the token
  // may act as (w_member_social or w_organization_social); the object in the body must be the post in the path.
  const commentView = (m: Comment) => ({
    actor: m.actor,
    commentUrn: m.commentUrn,
    id: m.id,
    object: m.object,
    message: { text: m.text, attributes: [] },
    created: { actor: m.actor, time: m.createdAt },
    lastModified: { actor: m.actor, time: m.createdAt },
  });
  app.post('/rest/socialActions/:urn/comments', async (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    const target = decodeParam(c.req.param('urn'));
    const post = posts.find((p) => p.id === target);
    if (!post) return c.json(linkedinError(404, 'NOT_FOUND', `Post ${target} does not exist`), 404);
    const body = await jsonBody(c.req);
    if (!body) return c.json(validationError(400, '/', 'Invalid JSON body'), 400);
    const { actor, object } = body;
    const message = body.message as Record<string, unknown> | undefined;
    if (typeof actor !== 'string' || !AUTHOR.test(actor))
      return c.json(
        validationError(422, '/actor', 'actor must be a person or organization URN'),
        422,
      );
    if (object !== target)
      return c.json(
        validationError(422, '/object', 'object must be the post the comment is on'),
        422,
      );
    if (!mayActAs(member, actor, 'w_member_social', 'w_organization_social'))
      return denied(c, 'socialActionsComments', 'CREATE');
    const text = typeof message?.text === 'string' ? message.text : '';
    if (!text.trim())
      return c.json(validationError(422, '/message/text', 'message text is required'), 422);
    if ([...text].length > COMMENT_MAX_CHARS)
      return c.json(
        validationError(
          422,
          '/message/text',
          `message text can be at most ${COMMENT_MAX_CHARS} characters`,
        ),
        422,
      );
    const id = numericId();
    const comment: Comment = {
      commentUrn: `urn:li:comment:(${target},${id})`,
      id,
      object: target,
      actor,
      text,
      createdAt: Date.now(),
    };
    comments.push(comment);
    return c.json(commentView(comment), 201, { 'x-restli-id': comment.commentUrn });
  });
  app.get('/rest/socialActions/:urn/comments', (c) => {
    const member = authorize(c);
    if (member instanceof Response) return member;
    const target = decodeParam(c.req.param('urn'));
    const post = posts.find((p) => p.id === target);
    if (!post) return c.json(linkedinError(404, 'NOT_FOUND', `Post ${target} does not exist`), 404);
    if (!mayActAs(member, post.author, 'r_member_social', 'r_organization_social'))
      return denied(c, 'socialActionsComments', 'GET_ALL');
    const start = Math.max(0, Number(c.req.query('start') ?? 0) || 0);
    const count = Math.min(100, Math.max(1, Number(c.req.query('count') ?? 10) || 10));
    const on = comments
      .filter((m) => m.object === target)
      .sort((a, b) => b.createdAt - a.createdAt);
    return c.json({
      paging: { start, count, total: on.length, links: [] },
      elements: on.slice(start, start + count).map(commentView),
    });
  });
}
