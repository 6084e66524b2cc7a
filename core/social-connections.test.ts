import { describe, expect, it } from 'vitest';
import { connectionLabel, fixesOnPlatformPage, toSocialConnections } from './social-connections';

const now = new Date('2026-11-23T12:00:00Z');
const ts = (iso: string) => ({ toDate: () => new Date(iso) });
const account = (extra: Record<string, unknown> = {}) => ({
  configured: true,
  hints: {},
  values: {},
  connected: true,
  updatedAt: ts('2026-11-01T00:00:00Z'),
  ...extra,
});

describe('toSocialConnections', () => {
  it.each([
    ['no document', undefined, 'Needs credentials'],
    ['credentials without an access token', account({ connected: false }), 'Needs credentials'],
    ['a connected account', account(), 'Connected'],
    ['a refused token', account({ needsReconnect: true }), 'Needs reconnect'],
    [
      'a token expiring in 3 days',
      account({ tokenExpiresAt: ts('2026-11-26T10:00:00Z') }),
      'Connected · token expires in 3 days',
    ],
    [
      'an expired token',
      account({ tokenExpiresAt: ts('2026-11-22T10:00:00Z') }),
      'Needs reconnect',
    ],
    ['an odd needsReconnect value', account({ needsReconnect: 'yes' }), 'Connected'],
  ])('%s reads as %j', (_, data, label) => {
    const docs = data ? [{ id: 'x', data }] : [];
    expect(connectionLabel(toSocialConnections(docs, now).x)).toBe(label);
  });

  it.each([
    ['reddit', 'no document', undefined, 'Needs credentials', false],
    [
      'reddit',
      'app credentials saved, consent not given yet',
      account({ connected: false }),
      'Not connected',
      true,
    ],
    [
      'youtube',
      'app credentials saved, consent not given yet',
      account({ connected: false }),
      'Not connected',
      true,
    ],
    [
      'youtube',
      'a refresh the platform refused',
      account({ needsReconnect: true }),
      'Needs reconnect',
      true,
    ],
    ['linkedin', 'a refused token', account({ needsReconnect: true }), 'Needs reconnect', false],
    ['reddit', 'a connected account', account(), 'Connected', false],
  ] as const)(
    '%s with %s reads as %j (fixed on its own page: %s)',
    (platform, _, data, label, onPage) => {
      const docs = data ? [{ id: platform, data }] : [];
      const connection = toSocialConnections(docs, now)[platform];
      expect(connectionLabel(connection)).toBe(label);
      expect(fixesOnPlatformPage(platform, connection)).toBe(onPage);
    },
  );
});
