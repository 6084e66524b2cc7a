import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, parseKeyring, seal, SecretUnreadableError, type SealedValue } from './crypto';

const key = () => randomBytes(32).toString('base64');
const ring = (current: string, keys: Record<string, string>) =>
  parseKeyring(JSON.stringify({ current, keys }));
const AAD = 'secrets/alice/integrations/openai';

/** Flips one bit of a base64 value, keeping it valid base64 of the same length. */
function flip(value: string, byte = 0): string {
  const buf = Buffer.from(value, 'base64');
  buf[byte] = buf[byte]! ^ 0x01;
  return buf.toString('base64');
}

describe('secret sealing (AES-256-GCM)', () => {
  const keyring = ring('k1', { k1: key() });

  it('opens what it sealed, and seals the same value differently each time', () => {
    const a = seal(keyring, 'sk-live-1234567890', AAD);
    const b = seal(keyring, 'sk-live-1234567890', AAD);
    expect(open(keyring, a, AAD)).toBe('sk-live-1234567890');
    expect(a.keyId).toBe('k1');
    expect(Buffer.from(a.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(a.tag, 'base64')).toHaveLength(16);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it('keeps no plaintext in any stored part', () => {
    const secret = 'sk-very-recognisable-secret-value';
    const sealed = seal(keyring, secret, AAD);
    const stored = JSON.stringify(sealed);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(Buffer.from(secret).toString('base64'));
    expect(Buffer.from(sealed.ciphertext, 'base64').toString('utf8')).not.toContain('recognisable');
  });

  it('round-trips unicode and an empty value', () => {
    for (const value of ['', 'clé – 🔑 – 鍵'])
      expect(open(keyring, seal(keyring, value, AAD), AAD)).toBe(value);
  });

  it.each<[string, (s: SealedValue) => Partial<SealedValue>]>([
    ['a changed ciphertext', (s) => ({ ...s, ciphertext: flip(s.ciphertext) })],
    [
      'a changed last ciphertext byte',
      (s) => ({
        ...s,
        ciphertext: flip(s.ciphertext, Buffer.from(s.ciphertext, 'base64').length - 1),
      }),
    ],
    ['a changed tag', (s) => ({ ...s, tag: flip(s.tag) })],
    ['a changed iv', (s) => ({ ...s, iv: flip(s.iv) })],
    [
      'a truncated tag',
      (s) => ({ ...s, tag: Buffer.from(s.tag, 'base64').subarray(0, 8).toString('base64') }),
    ],
    ['a missing tag', (s) => ({ ...s, tag: undefined })],
    ['an iv that is not base64', (s) => ({ ...s, iv: '!!!' })],
    ['an unknown key id', (s) => ({ ...s, keyId: 'k9' })],
    ['no key id', (s) => ({ ...s, keyId: undefined })],
  ])('refuses %s instead of returning garbage', (_label, tamper) => {
    const sealed = seal(keyring, 'sk-live-1234567890', AAD);
    expect(() => open(keyring, tamper(sealed), AAD)).toThrow(SecretUnreadableError);
  });

  it('refuses a value moved to another document (another user or integration)', () => {
    const sealed = seal(keyring, 'sk-live-1234567890', AAD);
    expect(() => open(keyring, sealed, 'secrets/bob/integrations/openai')).toThrow(
      SecretUnreadableError,
    );
    expect(() => open(keyring, sealed, 'secrets/alice/integrations/anthropic')).toThrow(
      SecretUnreadableError,
    );
  });

  it('refuses a value sealed under another key with the same id', () => {
    const sealed = seal(keyring, 'sk-live-1234567890', AAD);
    expect(() => open(ring('k1', { k1: key() }), sealed, AAD)).toThrow(SecretUnreadableError);
  });

  it('keeps old values readable after rotation, and seals new ones under the new key', () => {
    const k1 = key();
    const before = ring('k1', { k1 });
    const old = seal(before, 'sk-old', AAD);
    const after = ring('k2', { k1, k2: key() });
    expect(open(after, old, AAD)).toBe('sk-old');
    const fresh = seal(after, 'sk-new', AAD);
    expect(fresh.keyId).toBe('k2');
    expect(() => open(before, fresh, AAD)).toThrow(SecretUnreadableError);
  });

  it('stops reading values whose key was removed from the keyring', () => {
    const old = seal(ring('k1', { k1: key() }), 'sk-old', AAD);
    expect(() => open(ring('k2', { k2: key() }), old, AAD)).toThrow(/unknown key id/);
  });
});

describe('keyring parsing', () => {
  it.each([
    ['not JSON', 'nope', /not valid JSON/],
    [
      'no keys',
      JSON.stringify({ current: 'k1', keys: {} }),
      /current must be one of the listed keys/,
    ],
    [
      'a current key that is not listed',
      JSON.stringify({ current: 'k2', keys: { k1: randomBytes(32).toString('base64') } }),
      /current must be one of/,
    ],
    [
      'a 16-byte key',
      JSON.stringify({ current: 'k1', keys: { k1: randomBytes(16).toString('base64') } }),
      /32 bytes/,
    ],
    [
      'a key that is not base64',
      JSON.stringify({ current: 'k1', keys: { k1: 'not base64 at all!' } }),
      /base64/,
    ],
    [
      'unknown fields',
      JSON.stringify({ current: 'k1', keys: { k1: randomBytes(32).toString('base64') }, extra: 1 }),
      /not a valid keyring/,
    ],
  ])('refuses %s', (_label, raw, message) => {
    expect(() => parseKeyring(raw)).toThrow(message);
  });

  it('never puts key material in its error', () => {
    const material = randomBytes(16).toString('base64');
    expect(() => parseKeyring(JSON.stringify({ current: 'k1', keys: { k1: material } }))).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(material) }),
    );
  });

  it('accepts several keys and a current one', () => {
    const parsed = parseKeyring(JSON.stringify({ current: 'b', keys: { a: key(), b: key() } }));
    expect(parsed.current).toBe('b');
    expect([...parsed.keys.keys()]).toEqual(['a', 'b']);
    expect(parsed.keys.get('a')).toHaveLength(32);
  });
});
