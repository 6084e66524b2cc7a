import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  emulatorFirestoreRules,
  storageEmulatorOrigin,
} from '../../../scripts/stack/emulator-rules';

const rules = readFileSync('firestore.rules', 'utf8');

describe("the emulators' variant of firestore.rules", () => {
  it('leaves no loopback or plain http origin in the deployed rules', () => {
    expect(rules).not.toMatch(/127\[?\.\]?0|localhost|http:\/\//);
  });

  it("adds the Storage emulator's origin to storageOrigins() only", () => {
    const local = emulatorFirestoreRules(rules);
    expect(local).toContain(
      `return 'https://firebasestorage[.]googleapis[.]com|${storageEmulatorOrigin}';`,
    );
    expect(local.replace(`|${storageEmulatorOrigin}`, '')).toBe(rules);
  });

  it('refuses rules without the one list of origins, so the variant cannot silently drift', () => {
    expect(() => emulatorFirestoreRules(rules.replace('storageOrigins()', 'origins()'))).toThrow(
      /storageOrigins/,
    );
  });
});
