import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

// firestore.rules accept Storage download URLs on production's origin only. The emulators serve files
// from the Storage emulator on 127.0.0.1, so the local stack loads the same rules with that origin added
// to storageOrigins(), its one list. Only the stack writes this variant; `firebase deploy` sends the file.

const root = fileURLToPath(new URL('../..', import.meta.url));

const origins = /(function storageOrigins\(\) \{\s*return ')([^']+)(';\s*\})/;

/** The Storage emulator's origin, any port (tests and `npm start` move the ports). */
export const storageEmulatorOrigin = 'http://127[.]0[.]0[.]1:[0-9]{2,5}';

/** The rules text the emulators load: storageOrigins() also admits the Storage emulator. */
export function emulatorFirestoreRules(rules: string): string {
  if (!origins.test(rules)) {
    throw new Error('firestore.rules has no storageOrigins() returning one regular expression');
  }
  return rules.replace(
    origins,
    (_, head: string, prod: string, tail: string) =>
      `${head}${prod}|${storageEmulatorOrigin}${tail}`,
  );
}

/** Writes the emulators' variant of firestore.rules to `file` (relative to the repository) and returns it. */
export function writeEmulatorFirestoreRules(file: string): string {
  const text = emulatorFirestoreRules(readFileSync(`${root}firestore.rules`, 'utf8'));
  mkdirSync(dirname(`${root}${file}`), { recursive: true });
  writeFileSync(`${root}${file}`, text);
  return file;
}
