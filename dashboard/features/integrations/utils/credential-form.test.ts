import { describe, expect, it } from 'vitest';
import type { SocialAccount } from '../api/get-social-accounts';
import {
  changedCredentials,
  credentialButtonLabel,
  fieldViews,
  hasStoredCredentials,
  planCredentialSave,
} from './credential-form';

const account = (over: Partial<SocialAccount> = {}): SocialAccount => ({
  hints: {},
  values: {},
  connected: false,
  updatedAt: new Date(0),
  ...over,
});

describe('the credential form button', () => {
  it.each([
    ['x', undefined, 'Save Twitter Credentials'],
    [
      'x',
      account({ hints: { consumerKey: 'abcd', accessToken: 'wxyz' }, connected: true }),
      'Update Twitter Credentials',
    ],
    ['linkedin', undefined, 'Save LinkedIn Credentials'],
    [
      'linkedin',
      account({ hints: { accessToken: 'tok1' }, connected: true }),
      'Update LinkedIn Credentials',
    ],
    ['youtube', undefined, 'Save YouTube Credentials'],
    [
      'youtube',
      account({ hints: { clientSecret: 'sec1' }, values: { clientId: 'id-1' } }),
      'Update YouTube Credentials',
    ],
    ['reddit', undefined, 'Save Reddit Credentials'],
    [
      'reddit',
      account({ hints: { clientSecret: '' }, values: { clientId: 'r', userAgent: 'ua' } }),
      'Update Reddit Credentials',
    ],
  ] as const)('reads right for %s (stored: %o)', (platform, stored, label) => {
    expect(credentialButtonLabel(platform, stored)).toBe(label);
  });

  it('says Save for an account with nothing stored', () => {
    expect(hasStoredCredentials(account())).toBe(false);
  });
});

describe('what the form sends', () => {
  it('leaves blank and whitespace-only fields out, so stored secrets are kept', () => {
    const stored = account({
      hints: {
        consumerKey: 'aaaa',
        consumerSecret: 'bbbb',
        accessToken: 'cccc',
        accessTokenSecret: 'dddd',
      },
      connected: true,
    });
    expect(
      changedCredentials(
        'x',
        { consumerKey: '', consumerSecret: '   ', accessToken: ' new-token-1234 ' },
        stored,
      ),
    ).toEqual({ accessToken: 'new-token-1234' });
  });

  it('leaves out a non-secret value that equals the stored one, and sends a changed one', () => {
    const stored = account({
      hints: { clientSecret: 'ssss' },
      values: { clientId: 'client-1', userAgent: 'muse/1.0 by me' },
    });
    expect(
      changedCredentials('reddit', { clientId: 'client-1', userAgent: 'muse/2.0 by me' }, stored),
    ).toEqual({ userAgent: 'muse/2.0 by me' });
  });

  it('sends every filled field on a first save', () => {
    const plan = planCredentialSave(
      'youtube',
      { clientId: 'cid-123', clientSecret: 'secret-123', channelId: '' },
      undefined,
    );
    expect(plan).toEqual({
      ok: true,
      input: {
        platform: 'youtube',
        credentials: { clientId: 'cid-123', clientSecret: 'secret-123' },
      },
    });
  });

  it('asks for the required fields on a first save, naming them', () => {
    const plan = planCredentialSave('x', { consumerKey: 'key-1234' }, undefined);
    expect(plan).toMatchObject({
      ok: false,
      reason: 'missing',
      fields: ['Consumer Secret', 'Access Token', 'Access Token Secret'],
    });
    expect(plan.ok ? '' : plan.message).toBe(
      'Please fill in all required fields: Consumer Secret, Access Token, Access Token Secret',
    );
  });

  it('lets an update change one field because the others are stored', () => {
    const stored = account({
      hints: {
        consumerKey: 'aaaa',
        consumerSecret: 'bbbb',
        accessToken: 'cccc',
        accessTokenSecret: 'dddd',
      },
      connected: true,
    });
    expect(planCredentialSave('x', { accessTokenSecret: 'rotated-5678' }, stored)).toEqual({
      ok: true,
      input: { platform: 'x', credentials: { accessTokenSecret: 'rotated-5678' } },
    });
  });

  it.each([
    [undefined, 'Please enter your credentials'],
    [
      account({ hints: { accessToken: 'tttt' }, connected: true }),
      'Nothing to update: enter a new value first',
    ],
  ])('refuses to send nothing (stored: %o)', (stored, message) => {
    expect(planCredentialSave('linkedin', { clientId: '  ' }, stored)).toMatchObject({
      ok: false,
      reason: 'nothing_changed',
      message,
    });
  });

  it('refuses a key with spaces with the server’s message', () => {
    expect(planCredentialSave('linkedin', { accessToken: 'has space' }, undefined)).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: 'Access Token contains characters that are not allowed',
    });
  });
});

describe('what each field shows', () => {
  it('masks stored secrets as a hint placeholder and shows stored non-secret values', () => {
    const views = fieldViews(
      'youtube',
      {},
      account({ hints: { clientSecret: 'wxyz' }, values: { clientId: 'client-1' } }),
    );
    expect(views.map((v) => [v.name, v.field.secret, v.value, v.placeholder])).toEqual([
      ['clientId', false, 'client-1', 'Saved: client-1'],
      ['clientSecret', true, '', 'Saved: ••••wxyz'],
      ['channelId', false, '', 'Not saved yet'],
    ]);
  });

  it('shows what the user typed over the stored value', () => {
    const [clientId] = fieldViews(
      'reddit',
      { clientId: '' },
      account({ values: { clientId: 'client-1' } }),
    );
    expect(clientId?.value).toBe('');
  });
});
