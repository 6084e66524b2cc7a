import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkChannel,
  emptyFieldsMap,
  publishInputOf,
  type Channel,
  type ChannelFields,
} from '@core/compose';
import { youtubeDetailsSchema } from '@core/social-posts';
import { LINKEDIN_MEMBER_URN } from '../../../../tests/sandbox/providers/linkedin';
import { startSandbox, type Sandbox } from '../../../../tests/sandbox/server';
import { createLinkedInPublisher } from './linkedin';
import { createRedditPublisher } from './reddit';
import type { PublishMedia, PublishRequest } from './social-publisher';
import { createXPublisher } from './x';
import { createYouTubePublisher } from './youtube';

// 200 posts the composer's own checks (core/compose.ts checkChannel, what /compose and the side panel run
// live) mark valid, each sent through its platform's publisher to the sandbox, which judges them as the
// platform does and imports nothing of the product: a post the client lets through must never be refused
// there. The posts are drawn from a seeded generator, so a failure names a fixture that reproduces: text
// lengths at and near each limit, emoji (with joiners and flags), URLs, CJK, accents, mentions, hashtags,
// line breaks, Markdown and LinkedIn's reserved characters.

const PER_CHANNEL = 50;
const SAMPLE_MP4 = new Uint8Array(
  readFileSync(new URL('../../../../tests/sandbox/fixtures/sample.mp4', import.meta.url)),
);

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

/** mulberry32: a small seeded generator, so each run draws the same 200 posts. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'launch',
  'today',
  'café',
  'naïve',
  'Zürich',
  '東京の朝',
  '서울의 밤',
  '中文测试',
  'مرحبا',
  '🚀',
  '👩‍💻',
  '🇮🇳',
  '❤️',
  '👍🏽',
  '@muse_studio',
  '@creator',
  '#MuseStudio',
  '#AI',
  'https://example.com/launch?ref=muse&x=1',
  'http://muse.studio/a/b',
  'example.org',
  '50% off',
  '(beta)',
  '[see below]',
  '*really*',
  '_under_',
  '<3',
  'a|b',
  '{x}',
  '~tilde',
  '"quoted"',
  "it's",
  '1,234.56',
  '\n',
  '\n\n',
  '—',
  '…',
] as const;

interface Fixture {
  channel: Channel;
  label: string;
  text: string;
  fields: ChannelFields;
}

/** Grows `base` piece by piece toward `target` as `measure` counts it, never past what `ok` accepts. */
function grow(
  random: () => number,
  base: string,
  target: number,
  measure: (text: string) => number,
  ok: (text: string) => boolean,
): string {
  let text = base;
  let misses = 0;
  while (measure(text) < target && misses < 40) {
    const piece = PIECES[Math.floor(random() * PIECES.length)]!;
    const next = piece.startsWith('\n') ? `${text}${piece}` : `${text} ${piece}`;
    if (measure(next) <= target && ok(next)) {
      text = next;
      misses = 0;
    } else misses += 1;
  }
  // Fill the rest with plain letters, one at a time, up to the target.
  while (measure(text) < target && ok(`${text}a`) && measure(`${text}a`) <= target)
    text = `${text}a`;
  return text;
}

const media = (contentType: string, bytes: Uint8Array): PublishMedia => ({
  storagePath: 'u/generations/file',
  contentType,
  sizeBytes: bytes.length,
  read: async (s, e) => bytes.subarray(s, e),
});
const VIDEO_FACTS = [{ contentType: 'video/mp4', sizeBytes: SAMPLE_MP4.length }];

/** A target length: a quarter at the limit, a quarter just under it, the rest anywhere. */
function targetOf(random: () => number, i: number, max: number): number {
  if (i % 4 === 0) return max;
  if (i % 4 === 1) return max - 1 - Math.floor(random() * 10);
  return 1 + Math.floor(random() * (max - 1));
}

function fixtures(): Fixture[] {
  const random = seeded(22);
  const out: Fixture[] = [];
  for (let i = 0; i < PER_CHANNEL; i++) {
    const tag = `f${i}`;
    // X: the weighted count (a URL 23, an emoji or a CJK character 2) up to 280.
    {
      const fields = emptyFieldsMap().x;
      const check = (text: string) => checkChannel('x', { text, media: [], fields });
      const text = grow(
        random,
        tag,
        targetOf(random, i, 280),
        (t) => check(t).used,
        (t) => check(t).reasons.length === 0,
      );
      out.push({ channel: 'x', label: `x ${tag} (${check(text).used}/280)`, text, fields });
    }
    // LinkedIn: up to 3,000 characters, as the member.
    {
      const fields = { ...emptyFieldsMap().linkedin, author: LINKEDIN_MEMBER_URN };
      const check = (text: string) => checkChannel('linkedin', { text, media: [], fields });
      const text = grow(
        random,
        tag,
        targetOf(random, i, 3000),
        (t) => check(t).used,
        (t) => check(t).reasons.length === 0,
      );
      out.push({
        channel: 'linkedin',
        label: `linkedin ${tag} (${check(text).used}/3000)`,
        text,
        fields,
      });
    }
    // Reddit: a title up to 300 characters and a self post body.
    {
      const base = emptyFieldsMap().reddit;
      const titleCheck = (title: string) =>
        checkChannel('reddit', {
          text: 'body',
          media: [],
          fields: { ...base, subreddit: 'MuseSandbox', title },
        });
      const title = grow(
        random,
        tag,
        targetOf(random, i, 300),
        (t) => [...t].length,
        (t) => !t.includes('\n') && titleCheck(t).reasons.length === 0,
      );
      const fields = { ...base, subreddit: i % 2 ? 'r/MuseSandbox' : 'MuseSandbox', title };
      const check = (text: string) => checkChannel('reddit', { text, media: [], fields });
      const text = grow(
        random,
        `body ${tag}`,
        targetOf(random, i + 2, 2000),
        (t) => [...t].length,
        (t) => check(t).reasons.length === 0,
      );
      out.push({
        channel: 'reddit',
        label: `reddit ${tag} (title ${[...title].length}/300)`,
        text,
        fields,
      });
    }
    // YouTube: a title up to 100 characters, a description up to 5,000 bytes, tags.
    {
      const base = emptyFieldsMap().youtube;
      const titleCheck = (videoTitle: string) =>
        checkChannel('youtube', { text: 'd', media: VIDEO_FACTS, fields: { ...base, videoTitle } });
      const videoTitle = grow(
        random,
        tag,
        targetOf(random, i, 100),
        (t) => [...t].length,
        (t) => !t.includes('\n') && titleCheck(t).reasons.length === 0,
      );
      const tags = PIECES.filter((p) => !p.includes('\n') && random() < 0.2)
        .map((p) => p.replace(/[<>,]/g, ''))
        .join(', ');
      const fields = {
        ...base,
        videoTitle,
        tags,
        visibility: (['private', 'unlisted', 'public'] as const)[i % 3]!,
      };
      const check = (text: string) => checkChannel('youtube', { text, media: VIDEO_FACTS, fields });
      const okTags = check('d').reasons.length === 0 ? fields : { ...fields, tags: '' };
      const description = grow(
        random,
        tag,
        targetOf(random, i + 1, 5000),
        (t) => new TextEncoder().encode(t).length,
        (t) =>
          checkChannel('youtube', { text: t, media: VIDEO_FACTS, fields: okTags }).reasons
            .length === 0,
      );
      out.push({
        channel: 'youtube',
        label: `youtube ${tag} (title ${[...videoTitle].length}/100)`,
        text: description,
        fields: okTags,
      });
    }
  }
  return out;
}

const ALL = fixtures();
// The real clock (X's sandbox refuses a signature more than 5 minutes off); a wait advances nothing.
const fake = { now: () => Date.now(), sleep: async () => undefined, requestTimeoutMs: 10_000 };

/** The request a publish job builds from the composer's publishPost input (functions/src/social/). */
function requestOf(fixture: Fixture, n: number): PublishRequest {
  const input = publishInputOf(
    fixture.channel,
    { text: fixture.text, media: [], fields: fixture.fields, flair: null },
    { requestId: `fixture-${n}`, groupId: 'g', scheduledAt: null, timeZone: 'UTC' },
  );
  return {
    requestId: input.requestId,
    text: input.text ?? '',
    media: fixture.channel === 'youtube' ? [media('video/mp4', SAMPLE_MP4)] : [],
    ...(input.author ? { author: input.author } : {}),
    ...(input.reddit ? { reddit: input.reddit } : {}),
    // The function reads YouTube's details through their schema (its defaults filled in).
    ...(input.youtube ? { youtube: youtubeDetailsSchema.parse(input.youtube) } : {}),
    attemptStartedAt: Date.now(),
  };
}

function publisherOf(channel: Channel, n: number) {
  if (channel === 'x') {
    // An account of its own per post: the sandbox keeps X's per-user posting limits.
    const accessToken = `${90_000 + n}-token`;
    return createXPublisher({
      credentials: {
        consumerKey: 'muse-app',
        consumerSecret: 'muse-app-secret',
        accessToken,
        accessTokenSecret: `${accessToken}-secret`,
      },
      baseUrl: sandbox.urls.x,
      fetch,
      ...fake,
    });
  }
  if (channel === 'linkedin')
    return createLinkedInPublisher({
      accessToken: 'li-access-token-0001',
      baseUrl: sandbox.urls.linkedin,
      fetch,
      random: () => 0.5,
      ...fake,
    });
  if (channel === 'reddit')
    return createRedditPublisher({
      accessToken: 'rd-fixture-token',
      userAgent: 'web:muse-test:1.0 (by /u/tester)',
      baseUrl: sandbox.urls.reddit,
      fetch,
      ...fake,
    });
  return createYouTubePublisher({
    accessToken: 'yt-access-token',
    baseUrl: sandbox.urls.google,
    fetch,
    chunkBytes: 256 * 1024,
    ...fake,
  });
}

describe('200 posts the client marks valid', () => {
  it('are varied: every channel, lengths at and near each limit, emoji, URLs, CJK and mentions', () => {
    expect(ALL).toHaveLength(200);
    for (const channel of ['x', 'linkedin', 'reddit', 'youtube'] as const)
      expect(ALL.filter((f) => f.channel === channel)).toHaveLength(PER_CHANNEL);
    const texts = ALL.map((f) => `${f.text} ${f.fields.title} ${f.fields.videoTitle}`).join(' ');
    for (const needle of [
      '🚀',
      '👩‍💻',
      '東京の朝',
      'https://example.com/launch?ref=muse&x=1',
      '@muse_studio',
      '#MuseStudio',
      '(beta)',
    ])
      expect(texts).toContain(needle);
    expect(
      ALL.filter(
        (f) =>
          f.channel === 'x' &&
          checkChannel('x', { text: f.text, media: [], fields: f.fields }).used === 280,
      ).length,
    ).toBeGreaterThan(5);
    // Each one passes the composer's checks.
    for (const f of ALL)
      expect({
        label: f.label,
        reasons: checkChannel(f.channel, {
          text: f.text,
          media: f.channel === 'youtube' ? VIDEO_FACTS : [],
          fields: f.fields,
        }).reasons,
      }).toEqual({ label: f.label, reasons: [] });
  });

  it('are each accepted by the sandbox: 0 refusals', { timeout: 240_000 }, async () => {
    const refused: { label: string; code: string; message: string }[] = [];
    for (const [n, fixture] of ALL.entries()) {
      const outcome = await publisherOf(fixture.channel, n).publish(requestOf(fixture, n));
      if (!outcome.ok)
        refused.push({
          label: fixture.label,
          code: outcome.failure.code,
          message: outcome.failure.message,
        });
    }
    expect(refused).toEqual([]);
  });
});
