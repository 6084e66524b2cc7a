import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverOnlyCollections } from '@core/firestore-paths';
import { SIGN_IN_CODES_COLLECTION } from '@core/sign-in-codes';

// Server-only documents that expire (an `expiresAt` Timestamp) must also be removed: the Firestore TTL
// policies in firestore.indexes.json, deployed with `firebase deploy`. The emulator ignores them.

const indexes = JSON.parse(
  readFileSync(new URL('../../../firestore.indexes.json', import.meta.url), 'utf8'),
) as {
  fieldOverrides?: { collectionGroup: string; fieldPath: string; ttl?: boolean }[];
};

describe('TTL policies', () => {
  it.each([SIGN_IN_CODES_COLLECTION, serverOnlyCollections.oauthNonces])(
    'remove expired %s documents by expiresAt',
    (collection) => {
      expect(indexes.fieldOverrides).toContainEqual(
        expect.objectContaining({ collectionGroup: collection, fieldPath: 'expiresAt', ttl: true }),
      );
    },
  );
});
