import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SECRETS_KEYRING } from '../core/secrets';

// `npm run secrets:keyring`: makes the MUSE_SECRETS_KEYRING secret (core/secrets.ts: JSON {"current": id,
// "keys": {id: base64 of 32 random bytes}}, read by functions/src/config.ts loadKeyring).
//   npm run --silent secrets:keyring                  a new keyring, printed
//   npm run --silent secrets:keyring -- --rotate      reads the current keyring on stdin, adds a new key and
//                                                     makes it current; the old keys stay, so values sealed
//                                                     with them still open
//   ... -- --set                                      pipes the result to
//                                                     `npx firebase functions:secrets:set MUSE_SECRETS_KEYRING --data-file -`
// The printed value is the secret itself: pipe it, never paste it into a file that is committed.

const KEY_BYTES = 32;

export interface KeyringJson {
  current: string;
  keys: Record<string, string>;
}

/** A key id naming the day it was made and 4 random hex digits, e.g. k20261201-3fa9. */
export function newKeyId(now: Date, existing: Iterable<string> = []): string {
  const taken = new Set(existing);
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  for (;;) {
    const id = `k${day}-${randomBytes(2).toString('hex')}`;
    if (!taken.has(id)) return id;
  }
}

export function makeKeyring(now = new Date()): KeyringJson {
  const id = newKeyId(now);
  return { current: id, keys: { [id]: randomBytes(KEY_BYTES).toString('base64') } };
}

/** The keyring with one more key, now current; every older key kept. */
export function rotateKeyring(raw: string, now = new Date()): KeyringJson {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`The ${SECRETS_KEYRING} given to rotate is not JSON`);
  }
  const keys = (parsed as { keys?: unknown }).keys;
  if (!keys || typeof keys !== 'object' || Array.isArray(keys))
    throw new Error(`The ${SECRETS_KEYRING} given to rotate has no "keys"`);
  const old = keys as Record<string, string>;
  const id = newKeyId(now, Object.keys(old));
  return { current: id, keys: { ...old, [id]: randomBytes(KEY_BYTES).toString('base64') } };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = new Set(process.argv.slice(2));
  const keyring = args.has('--rotate') ? rotateKeyring(readFileSync(0, 'utf8')) : makeKeyring();
  const value = JSON.stringify(keyring);
  if (args.has('--set')) {
    const result = spawnSync(
      'npx',
      ['firebase', 'functions:secrets:set', SECRETS_KEYRING, '--data-file', '-'],
      { input: value, stdio: ['pipe', 'inherit', 'inherit'] },
    );
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`${value}\n`);
}
