import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { CONTROL_PREFIX } from '../app';
import { agePost, sandboxEngagement } from './metrics';
import { basicAuth, createTokenBook, isRedirectUri, withParams } from './oauth-tokens';
import { bearer, jsonBody, SANDBOX_KEYS } from './shared';

// Reddit (github.com/reddit-archive/reddit/wiki/OAuth2, www.reddit.com/dev/api). One server plays both hosts:
// www.reddit.com (GET /api/v1/authorize, POST /api/v1/access_token and /api/v1/revoke_token, HTTP Basic with
// the app's client id and secret) and oauth.reddit.com (the API, `Authorization: bearer`). The authorize page
// approves at once and redirects back with a code (PUT /__sandbox/reddit/defaults {authorize: 'deny'} makes
// it answer error=access_denied). Every API answer carries X-Ratelimit-Used/Remaining/Reset; at 0 remaining
// the API answers 429. Submit answers {json: {errors: [[CODE, message, field]], data}} as Reddit does.

export const REDDIT_ACCOUNT = {
  name: 'sandbox_creator',
  id: 'sbx01',
  linkKarma: 3120,
  commentKarma: 1088,
  subscribers: 512,
} as const;
export const REDDIT_SCOPES_ALL = [
  'identity',
  'submit',
  'flair',
  'read',
  'edit',
  'history',
  'mysubreddits',
  'vote',
] as const;
export const REDDIT_ACCESS_TTL_SECONDS = 86_400;
const RATE_WINDOW_SECONDS = 600;
const RATE_LIMIT = 1000;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

export interface RedditFlair {
  id: string;
  text: string;
  text_editable: boolean;
  background_color: string;
  text_color: 'dark' | 'light';
}

interface Subreddit {
  name: string;
  flairs: RedditFlair[];
  flairRequired: boolean;
  /** Non-members get 403 on flairs and SUBREDDIT_NOTALLOWED on submit. */
  restricted?: boolean;
}

const flair = (
  id: string,
  text: string,
  editable = false,
  background = '#0079d3',
): RedditFlair => ({
  id,
  text,
  text_editable: editable,
  background_color: background,
  text_color: 'light',
});

/** The sandbox's subreddits; any other well-formed name is an open subreddit without flairs, except 'doesnotexist'. */
export const REDDIT_SUBREDDITS: Subreddit[] = [
  {
    name: 'MuseSandbox',
    flairs: [
      flair('a1b2c3d4-0001', 'Discussion'),
      flair('a1b2c3d4-0002', 'Showcase', false, '#46d160'),
      flair('a1b2c3d4-0003', 'Custom', true, '#ff4500'),
    ],
    flairRequired: false,
  },
  {
    name: 'FlairRequired',
    flairs: [flair('f1a2b3c4-0001', 'Question'), flair('f1a2b3c4-0002', 'Art', false, '#7193ff')],
    flairRequired: true,
  },
  { name: 'PrivateClub', flairs: [], flairRequired: false, restricted: true },
];
export const MISSING_SUBREDDIT = 'doesnotexist';

interface Post {
  id: string;
  name: string;
  subreddit: string;
  title: string;
  kind: 'self' | 'link' | 'image';
  selftext: string;
  url: string;
  permalink: string;
  author: string;
  created_utc: number;
  link_flair_template_id: string | null;
  link_flair_text: string | null;
}

interface Comment {
  id: string;
  name: string;
  /** The post's fullname (t3_...). */
  link_id: string;
  parent_id: string;
  body: string;
  author: string;
  permalink: string;
  created_utc: number;
}

/** POST /api/comment refuses a longer body as TOO_LONG. */
const COMMENT_MAX_CHARS = 10_000;

interface Asset {
  key: string;
  mimetype: string;
  uploaded: boolean;
  bytes: number;
}

const DEFAULTS = { authorize: 'allow' as 'allow' | 'deny' };

function subredditOf(name: string): Subreddit | undefined {
  if (name.toLowerCase() === MISSING_SUBREDDIT) return undefined;
  return (
    REDDIT_SUBREDDITS.find((s) => s.name.toLowerCase() === name.toLowerCase()) ?? {
      name,
      flairs: [],
      flairRequired: false,
    }
  );
}

const errorBody = (status: number, message: string) => ({ message, error: status });

function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 50) || 'post'
  );
}

function base36Id(): string {
  return BigInt(`0x${randomBytes(5).toString('hex')}`).toString(36);
}

export function redditRoutes(app: Hono): void {
  const tokens = createTokenBook('rd-sbx', REDDIT_ACCESS_TTL_SECONDS);
  const codes = new Map<
    string,
    { clientId: string; redirectUri: string; scope: string; permanent: boolean; used: boolean }
  >();
  const posts: Post[] = [];
  const comments: Comment[] = [];
  const assets = new Map<string, Asset>();
  let defaults = { ...DEFAULTS };
  let window = { startedAt: 0, used: 0, remainingOverride: undefined as number | undefined };

  // Control.
  app.get(`${CONTROL_PREFIX}/reddit/posts`, (c) => c.json({ posts }));
  /** The comments made through POST /api/comment; ?link_id=t3_... only those on that post. */
  app.get(`${CONTROL_PREFIX}/reddit/comments`, (c) => {
    const link = c.req.query('link_id');
    return c.json({ comments: link ? comments.filter((m) => m.link_id === link) : comments });
  });
  app.delete(`${CONTROL_PREFIX}/reddit/posts`, (c) => {
    posts.length = 0;
    return c.body(null, 204);
  });
  app.put(`${CONTROL_PREFIX}/reddit/defaults`, async (c) => {
    const body = (await jsonBody(c.req)) ?? {};
    if (body.authorize !== undefined && body.authorize !== 'allow' && body.authorize !== 'deny')
      return c.json({ error: "authorize must be 'allow' or 'deny'" }, 400);
    defaults = {
      authorize: (body.authorize as 'allow' | 'deny' | undefined) ?? defaults.authorize,
    };
    return c.json(defaults);
  });
  app.delete(`${CONTROL_PREFIX}/reddit/defaults`, (c) => {
    defaults = { ...DEFAULTS };
    return c.body(null, 204);
  });
  /**
   * {refresh?: boolean, clientId?: string}: every access token issued so far expires; with refresh, every
   * refresh token is revoked. With clientId, only the tokens issued to that app (tests sharing the sandbox keep theirs).
   */
  app.post(`${CONTROL_PREFIX}/reddit/expire-tokens`, async (c) => {
    const body = (await jsonBody(c.req)) ?? {};
    if (body.clientId !== undefined && (typeof body.clientId !== 'string' || !body.clientId))
      return c.json({ error: 'clientId must be a client id' }, 400);
    if (typeof body.clientId === 'string')
      tokens.expireClient(body.clientId, body.refresh === true);
    else tokens.expireAll(Date.now(), body.refresh === true);
    return c.body(null, 204);
  });
  /** {remaining}: what X-Ratelimit-Remaining says for the rest of this window (0 answers 429). DELETE resets. */
  app.put(`${CONTROL_PREFIX}/reddit/ratelimit`, async (c) => {
    const body = (await jsonBody(c.req)) ?? {};
    if (!Number.isInteger(body.remaining) || (body.remaining as number) < 0)
      return c.json({ error: 'remaining must be a whole number' }, 400);
    window = { startedAt: Date.now(), used: 0, remainingOverride: body.remaining as number };
    return c.body(null, 204);
  });
  app.delete(`${CONTROL_PREFIX}/reddit/ratelimit`, (c) => {
    window = { startedAt: 0, used: 0, remainingOverride: undefined };
    return c.body(null, 204);
  });

  // www.reddit.com: OAuth.
  app.get('/api/v1/authorize', (c) => {
    const q = c.req.query();
    if (!q.client_id) return c.html('<h1>Bad request: invalid client id</h1>', 400);
    // Reddit shows an error page rather than redirecting to a URI it cannot trust.
    if (!isRedirectUri(q.redirect_uri))
      return c.html('<h1>Bad request: invalid redirect_uri parameter</h1>', 400);
    const back = (params: Record<string, string>) =>
      c.redirect(
        withParams(q.redirect_uri!, { ...(q.state ? { state: q.state } : {}), ...params }),
        302,
      );
    if (q.response_type !== 'code') return back({ error: 'unsupported_response_type' });
    if (!q.state) return back({ error: 'invalid_request' });
    const scopes = (q.scope ?? '').split(/[ ,]+/).filter(Boolean);
    if (
      scopes.length === 0 ||
      scopes.some((s) => !(REDDIT_SCOPES_ALL as readonly string[]).includes(s))
    )
      return back({ error: 'invalid_scope' });
    if (q.duration !== 'permanent' && q.duration !== 'temporary')
      return back({ error: 'invalid_request' });
    if (defaults.authorize === 'deny') return back({ error: 'access_denied' });
    const code = randomBytes(16).toString('base64url');
    codes.set(code, {
      clientId: q.client_id,
      redirectUri: q.redirect_uri,
      scope: scopes.join(' '),
      permanent: q.duration === 'permanent',
      used: false,
    });
    return back({ code });
  });

  app.post('/api/v1/access_token', async (c) => {
    const client = basicAuth(c.req.header('authorization'));
    if (!client || !client.id || !client.secret || client.secret === SANDBOX_KEYS.bad)
      return c.json(errorBody(401, 'Unauthorized'), 401);
    const form = await c.req.parseBody().catch(() => undefined);
    const field = (name: string) =>
      typeof form?.[name] === 'string' ? (form[name] as string) : '';
    const now = Date.now();
    if (field('grant_type') === 'authorization_code') {
      const grant = codes.get(field('code'));
      if (!grant || grant.used || grant.clientId !== client.id)
        return c.json({ error: 'invalid_grant' }, 400);
      grant.used = true;
      if (grant.redirectUri !== field('redirect_uri'))
        return c.json({ error: 'invalid_grant' }, 400);
      const access = tokens.mintAccess(now, client.id);
      return c.json({
        access_token: access.token,
        token_type: 'bearer',
        expires_in: access.expiresIn,
        scope: grant.scope,
        ...(grant.permanent ? { refresh_token: tokens.mintRefresh(now, client.id) } : {}),
      });
    }
    if (field('grant_type') === 'refresh_token') {
      const refreshToken = field('refresh_token');
      // A refresh token works only for the app it was issued to.
      if (
        tokens.refresh(refreshToken) !== 'ok' ||
        (tokens.clientOf(refreshToken) ?? client.id) !== client.id
      )
        return c.json({ error: 'invalid_grant' }, 400);
      const access = tokens.mintAccess(now, client.id);
      return c.json({
        access_token: access.token,
        token_type: 'bearer',
        expires_in: access.expiresIn,
        scope: 'identity submit flair read',
        refresh_token: field('refresh_token'),
      });
    }
    return c.json({ error: 'unsupported_grant_type' }, 400);
  });

  app.post('/api/v1/revoke_token', async (c) => {
    const client = basicAuth(c.req.header('authorization'));
    if (!client || client.secret === SANDBOX_KEYS.bad)
      return c.json(errorBody(401, 'Unauthorized'), 401);
    const form = await c.req.parseBody().catch(() => undefined);
    if (typeof form?.token === 'string') tokens.revoke(form.token);
    // Reddit answers 204 whether or not the token was known.
    return c.body(null, 204);
  });

  // oauth.reddit.com: every call needs a live bearer token and is counted against the rate limit.
  function rateHeaders(): Record<string, string> {
    const now = Date.now();
    if (now - window.startedAt >= RATE_WINDOW_SECONDS * 1000)
      window = {
        startedAt: now - (now % (RATE_WINDOW_SECONDS * 1000)),
        used: 0,
        remainingOverride: undefined,
      };
    const reset = Math.max(
      1,
      Math.ceil((window.startedAt + RATE_WINDOW_SECONDS * 1000 - now) / 1000),
    );
    const remaining = window.remainingOverride ?? RATE_LIMIT - window.used;
    return {
      'x-ratelimit-used': String(window.used),
      'x-ratelimit-remaining': String(Math.max(0, remaining)),
      'x-ratelimit-reset': String(reset),
    };
  }

  function api(c: Context): Response | Record<string, string> {
    const token = bearer(c.req.header('authorization'))?.trim();
    const verdict =
      !token || token === SANDBOX_KEYS.bad
        ? 'invalid'
        : token === 'expired-token'
          ? 'expired'
          : tokens.access(token, Date.now());
    if (verdict !== 'ok' && verdict !== 'foreign')
      return c.json(errorBody(401, 'Unauthorized'), 401, {
        'www-authenticate': 'Bearer realm="reddit", error="invalid_token"',
      });
    const headers = rateHeaders();
    if (Number(headers['x-ratelimit-remaining']) <= 0)
      return c.json(errorBody(429, 'Too Many Requests'), 429, headers);
    window.used += 1;
    if (window.remainingOverride !== undefined)
      window.remainingOverride = Math.max(0, window.remainingOverride - 1);
    return rateHeaders();
  }

  app.get('/api/v1/me', (c) => {
    const h = api(c);
    if (h instanceof Response) return h;
    return c.json(
      {
        name: REDDIT_ACCOUNT.name,
        id: REDDIT_ACCOUNT.id,
        link_karma: REDDIT_ACCOUNT.linkKarma,
        comment_karma: REDDIT_ACCOUNT.commentKarma,
        total_karma: REDDIT_ACCOUNT.linkKarma + REDDIT_ACCOUNT.commentKarma,
        created_utc: 1_600_000_000,
        icon_img: '',
        subreddit: {
          display_name: `u_${REDDIT_ACCOUNT.name}`,
          subscribers: REDDIT_ACCOUNT.subscribers,
        },
      },
      200,
      h,
    );
  });

  app.get('/r/:sr/api/link_flair_v2', (c) => {
    const h = api(c);
    if (h instanceof Response) return h;
    const sr = subredditOf(c.req.param('sr'));
    if (!sr) return c.json(errorBody(404, 'Not Found'), 404, h);
    if (sr.restricted) return c.json(errorBody(403, 'Forbidden'), 403, h);
    return c.json(
      sr.flairs.map((f) => ({
        ...f,
        type: 'text',
        mod_only: false,
        allowable_content: 'all',
        max_emojis: 10,
        richtext: [],
        css_class: '',
      })),
      200,
      h,
    );
  });

  app.get('/api/v1/:sr/post_requirements', (c) => {
    const h = api(c);
    if (h instanceof Response) return h;
    const sr = subredditOf(c.req.param('sr'));
    if (!sr) return c.json(errorBody(404, 'Not Found'), 404, h);
    return c.json(
      {
        is_flair_required: sr.flairRequired,
        title_text_max_length: 300,
        title_text_min_length: null,
        body_restriction_policy: 'none',
        link_restriction_policy: 'none',
      },
      200,
      h,
    );
  });

  app.post('/api/media/asset.json', async (c) => {
    const h = api(c);
    if (h instanceof Response) return h;
    const form = await c.req.parseBody().catch(() => undefined);
    const filepath = typeof form?.filepath === 'string' ? form.filepath : '';
    const mimetype = typeof form?.mimetype === 'string' ? form.mimetype : '';
    if (!filepath || !IMAGE_TYPES.includes(mimetype))
      return c.json(
        { json: { errors: [['BAD_IMAGE', 'that image is not supported', 'mimetype']] } },
        400,
        h,
      );
    const key = `rte_images/${randomBytes(8).toString('hex')}/${filepath.replace(/[^A-Za-z0-9._-]/g, '_')}`;
    assets.set(key, { key, mimetype, uploaded: false, bytes: 0 });
    const host = new URL(c.req.url).host;
    return c.json(
      {
        args: {
          // Protocol-relative, as Reddit answers it (its S3 upload host); here this server.
          action: `//${host}/media-upload`,
          fields: [
            { name: 'acl', value: 'private' },
            { name: 'key', value: key },
            { name: 'Content-Type', value: mimetype },
            { name: 'x-amz-meta-ext', value: mimetype.split('/')[1] },
            { name: 'policy', value: randomBytes(12).toString('base64') },
          ],
        },
        asset: {
          asset_id: key.split('/')[1],
          processing_state: 'incomplete',
          payload: { filepath },
          websocket_url: `wss://${host}/rte_images/${key.split('/')[1]}`,
        },
      },
      200,
      h,
    );
  });

  // The upload host (Reddit's S3 bucket): a multipart form with the lease's fields, then the file.
  app.post('/media-upload', async (c) => {
    const form = await c.req.parseBody().catch(() => undefined);
    const key = typeof form?.key === 'string' ? form.key : '';
    const asset = assets.get(key);
    const file = form?.file;
    if (!asset || !(file instanceof File))
      return c.body(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InvalidArgument</Code></Error>',
        400,
        { 'content-type': 'application/xml' },
      );
    if (form?.['Content-Type'] !== asset.mimetype)
      return c.body(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code></Error>',
        403,
        { 'content-type': 'application/xml' },
      );
    asset.uploaded = true;
    asset.bytes = file.size;
    const origin = new URL(c.req.url).origin;
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?><PostResponse><Location>${origin}/media-upload/${key}</Location><Key>${key}</Key></PostResponse>`,
      201,
      {
        'content-type': 'application/xml',
        location: `${origin}/media-upload/${key}`,
      },
    );
  });

  app.post('/api/submit', async (c) => {
    const h = api(c);
    if (h instanceof Response) return h;
    const form = await c.req.parseBody().catch(() => undefined);
    const field = (name: string) =>
      typeof form?.[name] === 'string' ? (form[name] as string) : '';
    const errors = (...list: [string, string, string][]) =>
      c.json({ json: { errors: list } }, 200, h);
    if (field('api_type') !== 'json')
      return c.json({ jquery: [[0, 1, 'call', ['body']]], success: false }, 200, h);
    const kind = field('kind');
    if (!['self', 'link', 'image'].includes(kind))
      return errors(['INVALID_OPTION', 'that option is not valid', 'kind']);
    const title = field('title').trim();
    if (!title) return errors(['NO_TEXT', 'we need something here', 'title']);
    if ([...title].length > 300)
      return errors(['TOO_LONG', 'this is too long (max: 300)', 'title']);
    const srName = field('sr').trim();
    if (!srName) return errors(['SUBREDDIT_REQUIRED', 'you must specify a subreddit', 'sr']);
    const sr = subredditOf(srName);
    if (!sr) return errors(['SUBREDDIT_NOEXIST', "that subreddit doesn't exist", 'sr']);
    if (sr.restricted)
      return errors(['SUBREDDIT_NOTALLOWED', "you aren't allowed to post there.", 'sr']);
    const flairId = field('flair_id');
    const chosen = flairId ? sr.flairs.find((f) => f.id === flairId) : undefined;
    if (flairId && !chosen)
      return errors(['BAD_FLAIR_TEMPLATE_ID', 'That flair template is not valid.', 'flair_id']);
    if (sr.flairRequired && !chosen)
      return errors([
        'SUBMIT_VALIDATION_FLAIR_REQUIRED',
        'Your post must contain post flair.',
        'flair',
      ]);
    const flairText = chosen
      ? chosen.text_editable && field('flair_text').trim()
        ? field('flair_text').trim().slice(0, 64)
        : chosen.text
      : null;
    let url = '';
    if (kind === 'link' || kind === 'image') {
      url = field('url');
      let parsed: URL | undefined;
      try {
        parsed = new URL(url);
      } catch {
        parsed = undefined;
      }
      if (!parsed || !/^https?:$/.test(parsed.protocol))
        return errors(['BAD_URL', 'you should check that url', 'url']);
      if (kind === 'image') {
        const key = parsed.pathname.replace(/^\/media-upload\//, '');
        const asset = assets.get(key);
        if (!asset || !asset.uploaded)
          return errors(['BAD_URL', 'that image has not been uploaded', 'url']);
      } else if (
        field('resubmit') !== 'true' &&
        posts.some(
          (p) =>
            p.kind === 'link' &&
            p.url === url &&
            p.subreddit.toLowerCase() === sr.name.toLowerCase(),
        )
      ) {
        return errors(['ALREADY_SUB', 'that link has already been submitted', 'url']);
      }
    }
    const id = base36Id();
    const permalink = `/r/${sr.name}/comments/${id}/${slug(title)}/`;
    const post: Post = {
      id,
      name: `t3_${id}`,
      subreddit: sr.name,
      title,
      kind: kind as Post['kind'],
      selftext: kind === 'self' ? field('text') : '',
      url: kind === 'self' ? `https://www.reddit.com${permalink}` : url,
      permalink,
      author: REDDIT_ACCOUNT.name,
      created_utc: Math.floor(Date.now() / 1000),
      link_flair_template_id: chosen?.id ?? null,
      link_flair_text: flairText,
    };
    posts.push(post);
    if (kind === 'image') {
      // Reddit names an image post only over its websocket; the submitted page lists it.
      return c.json(
        {
          json: {
            errors: [],
            data: {
              user_submitted_page: `https://www.reddit.com/user/${REDDIT_ACCOUNT.name}/submitted/`,
              websocket_url: `wss://ws-sandbox.redditmedia.com/${id}`,
            },
          },
        },
        200,
        h,
      );
    }
    return c.json(
      {
        json: {
          errors: [],
          data: { url: `https://www.reddit.com${permalink}`, drafts_count: 0, id, name: post.name },
        },
      },
      200,
      h,
    );
  });

  // POST /api/comment (scope submit): thing_id is the post's fullname; api_type=json answers
  // {json: {errors, data: {things: [{kind: 't1', data: comment}]}}}.
  app.post('/api/comment', async (c) => {
    const h = api(c);
    if (h instanceof Response) return h;
    const form = await c.req.parseBody().catch(() => undefined);
    const field = (name: string) =>
      typeof form?.[name] === 'string' ? (form[name] as string) : '';
    const errors = (...list: [string, string, string][]) =>
      c.json({ json: { errors: list } }, 200, h);
    if (field('api_type') !== 'json')
      return c.json({ jquery: [[0, 1, 'call', ['body']]], success: false }, 200, h);
    const post = posts.find((p) => p.name === field('thing_id'));
    if (!post) return errors(['NO_THING_ID', 'noun not found', 'parent']);
    const text = field('text');
    if (!text.trim()) return errors(['NO_TEXT', 'we need something here', 'text']);
    if ([...text].length > COMMENT_MAX_CHARS)
      return errors(['TOO_LONG', `this is too long (max: ${COMMENT_MAX_CHARS})`, 'text']);
    const id = base36Id();
    const comment: Comment = {
      id,
      name: `t1_${id}`,
      link_id: post.name,
      parent_id: post.name,
      body: text,
      author: REDDIT_ACCOUNT.name,
      permalink: `${post.permalink}${id}/`,
      created_utc: Math.floor(Date.now() / 1000),
    };
    comments.push(comment);
    return c.json(
      {
        json: {
          errors: [],
          data: {
            things: [{ kind: 't1', data: { ...comment, subreddit: post.subreddit, replies: '' } }],
          },
        },
      },
      200,
      h,
    );
  });

  // GET /comments/{article} (scope read): [the post's listing, its comments' listing]; sort=new is newest first.
  app.get('/comments/:article', (c) => {
    const h = api(c);
    if (h instanceof Response) return h;
    const post = posts.find((p) => p.id === c.req.param('article'));
    if (!post) return c.json(errorBody(404, 'Not Found'), 404, h);
    const limit = Math.min(500, Math.max(1, Number(c.req.query('limit') ?? 200) || 200));
    const on = comments.filter((m) => m.link_id === post.name);
    const sorted = (c.req.query('sort') === 'new' ? [...on].reverse() : on).slice(0, limit);
    return c.json(
      [
        {
          kind: 'Listing',
          data: {
            after: null,
            before: null,
            dist: 1,
            children: [{ kind: 't3', data: { ...post, num_comments: on.length } }],
          },
        },
        {
          kind: 'Listing',
          data: {
            after: null,
            before: null,
            dist: null,
            children: sorted.map((m) => ({
              kind: 't1',
              data: { ...m, subreddit: post.subreddit, replies: '' },
            })),
          },
        },
      ],
      200,
      h,
    );
  });

  app.get('/user/:username/submitted', (c) => {
    const h = api(c);
    if (h instanceof Response) return h;
    const limit = Math.min(100, Math.max(1, Number(c.req.query('limit') ?? 25) || 25));
    const mine = posts
      .filter((p) => p.author.toLowerCase() === c.req.param('username').toLowerCase())
      .reverse();
    const after = c.req.query('after');
    const start = after ? mine.findIndex((p) => p.name === after) + 1 : 0;
    const page = mine.slice(start, start + limit);
    return c.json(
      {
        kind: 'Listing',
        data: {
          after: start + limit < mine.length ? (page.at(-1)?.name ?? null) : null,
          before: null,
          dist: page.length,
          children: page.map((p) => ({ kind: 't3', data: p })),
        },
      },
      200,
      h,
    );
  });

  // GET /api/info?id=t3_a,t3_b: the posts by fullname, with score, upvote_ratio and num_comments that grow
  // with the post's age (./metrics.ts); unknown names are left out. `POST /__sandbox/reddit/posts/age {id, hours}`.
  app.post(`${CONTROL_PREFIX}/reddit/posts/age`, (c) =>
    agePost(c, (id, createdAt) => {
      const post = posts.find((p) => p.name === id || p.id === id);
      if (post) post.created_utc = Math.floor(createdAt / 1000);
      return !!post;
    }),
  );
  app.get('/api/info', (c) => {
    const h = api(c);
    if (h instanceof Response) return h;
    const names = (c.req.query('id') ?? '').split(',').filter(Boolean).slice(0, 100);
    const children = names.flatMap((name) => {
      const p = posts.find((post) => post.name === name);
      if (!p) return [];
      const e = sandboxEngagement(p.name, Date.now() - p.created_utc * 1000);
      const ups = e.likes + 1;
      const downs = Math.round((ups * (1 - e.upvoteRatio)) / e.upvoteRatio);
      return [
        {
          kind: 't3',
          data: {
            ...p,
            score: ups - downs,
            ups,
            downs: 0,
            upvote_ratio: e.upvoteRatio,
            // The comments made through POST /api/comment count with those the post's age brings.
            num_comments: e.comments + comments.filter((m) => m.link_id === p.name).length,
          },
        },
      ];
    });
    return c.json(
      { kind: 'Listing', data: { after: null, before: null, dist: children.length, children } },
      200,
      h,
    );
  });
}
