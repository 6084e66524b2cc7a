import { describe, expect, it } from 'vitest';
import { open, parseKeyring, seal } from '../../../functions/src/lib/crypto';
import { makeKeyring, rotateKeyring } from '../../../scripts/secrets-keyring';

// What `npm run secrets:keyring` makes must be what the functions accept (functions/src/config.ts
// loadKeyring parses the secret with parseKeyring), and a rotation must keep old values readable.

describe('npm run secrets:keyring', () => {
  it('makes a keyring the functions accept, with a current 32-byte key', () => {
    const keyring = parseKeyring(JSON.stringify(makeKeyring(new Date('2026-12-01T00:00:00Z'))));
    expect(keyring.current).toMatch(/^k20261201-[0-9a-f]{4}$/);
    expect(keyring.keys.get(keyring.current)).toHaveLength(32);
  });

  it('makes a new key each time', () => {
    const a = makeKeyring();
    const b = makeKeyring();
    expect(Object.values(a.keys)[0]).not.toBe(Object.values(b.keys)[0]);
  });

  it('rotates to a new current key and keeps the old one, so sealed values still open', () => {
    const first = makeKeyring(new Date('2026-12-01T00:00:00Z'));
    const sealed = seal(parseKeyring(JSON.stringify(first)), 'sk-secret', 'users/u1/keys/openai');
    const rotated = rotateKeyring(JSON.stringify(first), new Date('2027-06-01T00:00:00Z'));
    const keyring = parseKeyring(JSON.stringify(rotated));
    expect(keyring.current).not.toBe(first.current);
    expect(keyring.current).toMatch(/^k20270601-/);
    expect([...keyring.keys.keys()].sort()).toEqual([first.current, keyring.current].sort());
    expect(open(keyring, sealed, 'users/u1/keys/openai')).toBe('sk-secret');
    expect(seal(keyring, 'new', 'a').keyId).toBe(keyring.current);
  });

  it('refuses to rotate something that is not a keyring', () => {
    expect(() => rotateKeyring('not json')).toThrow(/not JSON/);
    expect(() => rotateKeyring('{"current":"a"}')).toThrow(/no "keys"/);
  });
});
