import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { SECRETS_KEYRING } from '@core/secrets';

// AES-256-GCM for users' provider keys and social credentials.
// Each sealed value carries the id of the key that sealed it, so rotating `current` leaves old values
// readable; the additional data binds a value to its document, so a ciphertext copied elsewhere does not open.

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

const keyringSchema = z
  .strictObject({
    current: z.string().min(1, 'current must name a key'),
    keys: z.record(
      z.string().min(1).max(64),
      z
        .string()
        .regex(base64, 'each key must be base64')
        .refine(
          (k) => Buffer.from(k, 'base64').length === KEY_BYTES,
          `each key must be ${KEY_BYTES} bytes`,
        ),
    ),
  })
  .refine((k) => k.current in k.keys, 'current must be one of the listed keys');

export interface Keyring {
  current: string;
  keys: ReadonlyMap<string, Buffer>;
}

/** Parses the keyring secret; the error names what is wrong, never a key. */
export function parseKeyring(raw: string): Keyring {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error(`${SECRETS_KEYRING} is not valid JSON`);
  }
  const result = keyringSchema.safeParse(json);
  if (!result.success)
    throw new Error(
      `${SECRETS_KEYRING} is not a valid keyring: ${result.error.issues.map((i) => i.message).join('; ')}`,
    );
  return {
    current: result.data.current,
    keys: new Map(
      Object.entries(result.data.keys).map(([id, key]) => [id, Buffer.from(key, 'base64')]),
    ),
  };
}

/** A sealed value as stored (all binary parts base64). */
export interface SealedValue {
  keyId: string;
  iv: string;
  tag: string;
  ciphertext: string;
}

/** The one error open() throws: the value cannot be trusted, whatever the reason. */
export class SecretUnreadableError extends Error {
  constructor(reason: string) {
    super(`Secret cannot be opened: ${reason}`);
    this.name = 'SecretUnreadableError';
  }
}

export function seal(keyring: Keyring, plaintext: string, aad: string): SealedValue {
  const key = keyring.keys.get(keyring.current);
  if (!key) throw new Error('The current key is missing from the keyring');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    keyId: keyring.current,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

function decode(value: unknown, name: string, bytes?: number): Buffer {
  if (typeof value !== 'string' || !base64.test(value))
    throw new SecretUnreadableError(`${name} is not base64`);
  const buf = Buffer.from(value, 'base64');
  if (bytes !== undefined && buf.length !== bytes)
    throw new SecretUnreadableError(`${name} has the wrong length`);
  return buf;
}

/** Opens a sealed value; any change to ciphertext, tag, iv, key id or document refuses it instead of returning garbage. */
export function open(keyring: Keyring, sealed: Partial<SealedValue>, aad: string): string {
  const key = typeof sealed.keyId === 'string' ? keyring.keys.get(sealed.keyId) : undefined;
  if (!key) throw new SecretUnreadableError('unknown key id');
  const iv = decode(sealed.iv, 'iv', IV_BYTES);
  const tag = decode(sealed.tag, 'tag', TAG_BYTES);
  const ciphertext =
    sealed.ciphertext === '' ? Buffer.alloc(0) : decode(sealed.ciphertext, 'ciphertext');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadableError('authentication failed');
  }
}
