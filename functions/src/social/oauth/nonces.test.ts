import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { OAUTH_NONCE_TTL_MS } from '@core/social-oauth';
import { oauthNonceSchema, type OAuthNonce } from '@core/data/server-docs';
import { judgeNonce, type NonceDoc } from './nonces';

const created = new Date('2026-11-23T12:00:00Z');
// Each nonce is read as the function reads it: stored with Admin Timestamps, through its core schema.
const nonce = (over: Partial<NonceDoc> = {}): OAuthNonce =>
  oauthNonceSchema.parse({
    uid: 'alice',
    platform: 'reddit',
    redirectUri: 'https://muse.example/social/reddit/callback',
    codeVerifier: null,
    createdAt: Timestamp.fromDate(created),
    expiresAt: Timestamp.fromMillis(created.getTime() + OAUTH_NONCE_TTL_MS),
    usedAt: null,
    ...over,
  });
const at = (ms: number) => new Date(created.getTime() + ms);

describe('judgeNonce', () => {
  it.each<
    [
      string,
      OAuthNonce | undefined,
      { uid: string; platform: 'reddit' | 'youtube'; now: Date },
      string,
    ]
  >([
    [
      'a fresh nonce of the same user and platform',
      nonce(),
      { uid: 'alice', platform: 'reddit', now: at(60_000) },
      'ok',
    ],
    [
      'a nonce one moment before it expires',
      nonce(),
      { uid: 'alice', platform: 'reddit', now: at(OAUTH_NONCE_TTL_MS - 1) },
      'ok',
    ],
    ['an unknown state', undefined, { uid: 'alice', platform: 'reddit', now: at(0) }, 'unknown'],
    [
      "another platform's state",
      nonce({ platform: 'youtube' }),
      { uid: 'alice', platform: 'reddit', now: at(0) },
      'unknown',
    ],
    ["another user's state", nonce(), { uid: 'bob', platform: 'reddit', now: at(0) }, 'other-user'],
    [
      'a state already used',
      nonce({ usedAt: Timestamp.fromDate(at(1000)) }),
      { uid: 'alice', platform: 'reddit', now: at(2000) },
      'reused',
    ],
    [
      'a state at its 10-minute expiry',
      nonce(),
      { uid: 'alice', platform: 'reddit', now: at(OAUTH_NONCE_TTL_MS) },
      'expired',
    ],
    [
      'a state an hour old',
      nonce(),
      { uid: 'alice', platform: 'reddit', now: at(3_600_000) },
      'expired',
    ],
  ])('%s -> %s', (_label, doc, expected, verdict) => {
    const check = judgeNonce(doc, expected);
    expect(check.ok ? 'ok' : check.refusal).toBe(verdict);
  });
});
