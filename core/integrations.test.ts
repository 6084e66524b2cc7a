import { describe, expect, it } from 'vitest';
import {
  integrationProvider,
  integrationTypes,
  missingRequiredFields,
  redditUserAgentMessage,
  saveIntegrationKeySchema,
  saveSocialCredentialsSchema,
  secretHint,
  socialPlatformInputSchema,
  integrationTypeInputSchema,
} from './integrations';
import { providers } from './providers';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;
const TEN_KB = 'k'.repeat(10 * 1024);

describe('saveIntegrationKey payload', () => {
  it.each(integrationTypes)('accepts a %s key and trims it', (type) => {
    expect(saveIntegrationKeySchema.parse({ type, apiKey: '  sk-abc123  ' })).toEqual({
      type,
      apiKey: 'sk-abc123',
    });
  });

  it.each<[string, unknown, string]>([
    ['an empty key', { type: 'openai', apiKey: '' }, 'Please enter an API key'],
    ['a whitespace key', { type: 'openai', apiKey: '   \t ' }, 'Please enter an API key'],
    ['a missing key', { type: 'openai' }, 'Please enter an API key'],
    ['a 10 KB key', { type: 'openai', apiKey: TEN_KB }, 'API key must be 512 characters or fewer'],
    [
      'a key with spaces inside',
      { type: 'openai', apiKey: 'sk abc' },
      'API key must not contain spaces or special characters',
    ],
    [
      'a key with a newline inside',
      { type: 'openai', apiKey: 'sk\nX-Injected: 1' },
      'API key must not contain spaces or special characters',
    ],
    ['a key that is a number', { type: 'openai', apiKey: 12345 }, 'Please enter an API key'],
    ['a key that is an object', { type: 'openai', apiKey: { $gt: '' } }, 'Please enter an API key'],
    [
      'an unknown integration type',
      { type: 'midjourney', apiKey: 'k' },
      'Unknown integration type. Use one of: blackforest, lumaai, elevenlabs, openai, anthropic, gemini',
    ],
    [
      'the retired suno card',
      { type: 'suno', apiKey: 'k' },
      'Suno has no public API: use ElevenLabs for music',
    ],
    [
      'a type that is not a string',
      { type: ['openai'], apiKey: 'k' },
      'Unknown integration type. Use one of: blackforest, lumaai, elevenlabs, openai, anthropic, gemini',
    ],
    ['no type', { apiKey: 'k' }, 'Please choose an integration'],
    ['extra keys', { type: 'openai', apiKey: 'k', uid: 'someone-else' }, 'Unknown field: uid'],
    ['a string payload', 'openai', 'Invalid request'],
    ['a null payload', null, 'Invalid request'],
    ['an array payload', [{ type: 'openai', apiKey: 'k' }], 'Invalid request'],
  ])('refuses %s', (_label, payload, message) => {
    expect(firstMessage(saveIntegrationKeySchema.safeParse(payload))).toBe(message);
  });
});

describe('type-only payloads (delete, test)', () => {
  it.each<[string, unknown, string | undefined]>([
    ['a known type', { type: 'gemini' }, undefined],
    [
      'an unknown type',
      { type: 'gemini-pro' },
      'Unknown integration type. Use one of: blackforest, lumaai, elevenlabs, openai, anthropic, gemini',
    ],
    ['extra keys', { type: 'gemini', apiKey: 'x' }, 'Unknown field: apiKey'],
    ['nothing', undefined, 'Invalid request'],
  ])('%s', (_label, payload, message) => {
    expect(firstMessage(integrationTypeInputSchema.safeParse(payload))).toBe(message);
  });

  it.each<[unknown, string | undefined]>([
    [{ platform: 'reddit' }, undefined],
    [{ platform: 'facebook' }, 'Unknown platform. Use one of: x, linkedin, youtube, reddit'],
    [{}, 'Please choose a platform'],
  ])('social platform payload %j', (payload, message) => {
    expect(firstMessage(socialPlatformInputSchema.safeParse(payload))).toBe(message);
  });
});

describe('saveSocialCredentials payload', () => {
  it('keeps only filled fields, trimmed (blank means keep the stored value)', () => {
    const parsed = saveSocialCredentialsSchema.parse({
      platform: 'x',
      credentials: { consumerKey: ' ck-1 ', consumerSecret: '', accessToken: '   ' },
    });
    expect(parsed).toEqual({ platform: 'x', credentials: { consumerKey: 'ck-1' } });
  });

  it('accepts a user agent with spaces', () => {
    const parsed = saveSocialCredentialsSchema.parse({
      platform: 'reddit',
      credentials: { userAgent: 'web:muse-studio:1.0 (by /u/creator)' },
    });
    expect(parsed.credentials).toEqual({ userAgent: 'web:muse-studio:1.0 (by /u/creator)' });
  });

  it.each<[string, unknown, string]>([
    [
      'no credentials at all',
      { platform: 'x', credentials: {} },
      'Please enter at least one credential',
    ],
    [
      'only blanks',
      { platform: 'linkedin', credentials: { clientId: ' ', accessToken: '' } },
      'Please enter at least one credential',
    ],
    [
      'a 10 KB token',
      { platform: 'linkedin', credentials: { accessToken: TEN_KB } },
      'Access Token must be 2048 characters or fewer',
    ],
    [
      'a 10 KB client id',
      { platform: 'youtube', credentials: { clientId: TEN_KB } },
      'Client ID must be 512 characters or fewer',
    ],
    [
      'a token with spaces',
      { platform: 'x', credentials: { accessToken: 'a b' } },
      'Access Token contains characters that are not allowed',
    ],
    [
      'a user agent with a newline',
      { platform: 'reddit', credentials: { userAgent: 'ua\nX: 1' } },
      'User Agent contains characters that are not allowed',
    ],
    [
      'a generic user agent',
      { platform: 'reddit', credentials: { userAgent: 'Mozilla/5.0' } },
      redditUserAgentMessage,
    ],
    [
      'a user agent without its username',
      { platform: 'reddit', credentials: { userAgent: 'web:muse-studio:1.0' } },
      redditUserAgentMessage,
    ],
    [
      'a value that is not text',
      { platform: 'x', credentials: { consumerKey: 42 } },
      'Consumer Key must be text',
    ],
    [
      "another platform's field",
      { platform: 'x', credentials: { clientId: 'abc' } },
      'Unknown Twitter credential: clientId',
    ],
    [
      'credentials that are not an object',
      { platform: 'x', credentials: 'ck:cs' },
      'Please enter your credentials',
    ],
    ['no credentials field', { platform: 'youtube' }, 'Please enter your credentials'],
    [
      'an unknown platform',
      { platform: 'tiktok', credentials: { clientId: 'a' } },
      'Unknown platform. Use one of: x, linkedin, youtube, reddit',
    ],
    ['no platform', { credentials: { clientId: 'a' } }, 'Please choose a platform'],
    [
      'extra top-level keys',
      { platform: 'x', credentials: { consumerKey: 'a' }, uid: 'other' },
      'Unknown field: uid',
    ],
    ['a string payload', 'x', 'Invalid request'],
  ])('refuses %s', (_label, payload, message) => {
    expect(firstMessage(saveSocialCredentialsSchema.safeParse(payload))).toBe(message);
  });
});

describe('integration facts', () => {
  it('maps every integration to a provider with a base URL', () => {
    for (const type of integrationTypes)
      expect(providers[integrationProvider[type]].baseUrl).toMatch(/^https:\/\//);
  });

  it.each([
    ['sk-abcdefgh1234', '1234'],
    ['12345678', '5678'],
    ['bad-key', ''],
    ['', ''],
  ])('hints %j as %j', (value, hint) => {
    expect(secretHint(value)).toBe(hint);
  });

  it.each<[Parameters<typeof missingRequiredFields>[0], Record<string, string>, string[]]>([
    ['x', { consumerKey: 'a' }, ['Consumer Secret', 'Access Token', 'Access Token Secret']],
    ['x', { consumerKey: 'a', consumerSecret: 'b', accessToken: 'c', accessTokenSecret: 'd' }, []],
    ['linkedin', { clientId: 'a' }, ['Access Token']],
    ['youtube', { clientId: 'a', clientSecret: 'b' }, []],
    ['reddit', { clientId: 'a', clientSecret: 'b' }, ['User Agent']],
  ])('first save of %s with %j misses %j', (platform, values, missing) => {
    expect(missingRequiredFields(platform, values)).toEqual(missing);
  });
});
