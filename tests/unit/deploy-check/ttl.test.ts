import { describe, expect, it } from 'vitest';
import { readIndexConfig, type IndexConfig } from '../../../scripts/deploy-check/indexes';
import { checkTtlPolicies, expiringDocuments } from '../../../scripts/deploy-check/ttl';

describe('TTL policies', () => {
  const config = readIndexConfig();

  it('finds every document type that carries an expiry, rate-limit counters among them', () => {
    expect(
      expiringDocuments()
        .map((d) => d.collectionGroup)
        .sort(),
    ).toEqual(['limits', 'oauthNonces', 'signInCodes']);
  });

  it('has a TTL policy for every collection whose documents carry an expiry', () => {
    expect(checkTtlPolicies()).toEqual([]);
  });

  it.each(['limits', 'oauthNonces', 'signInCodes'])('fails without the %s policy', (group) => {
    const without: IndexConfig = {
      ...config,
      fieldOverrides: config.fieldOverrides?.filter((o) => o.collectionGroup !== group),
    };
    expect(checkTtlPolicies(undefined, without)).toEqual([
      expect.objectContaining({
        check: 'ttl',
        message: expect.stringContaining(`${group}.expiresAt`),
      }),
    ]);
  });
});
