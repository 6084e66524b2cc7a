import { createRequire } from 'node:module';
import { fileURLToPath, URL } from 'node:url';
import { prepareEmulatorBinaries } from '../../scripts/emulators/prepare';
import { readRules } from './emulators';

// The Storage rules engine the emulator itself asks (firebase-tools' StorageRulesRuntime, over our bridge
// offline: scripts/emulators/storage-rules-runtime), asked directly with the resource an upload of `size`
// bytes would present. For sizes too large to send through the emulator in a test (it reads and hashes
// every byte: 10-20 s per file over 500 MiB); the emulator-level tests keep the smaller limits.

type Verdict = { permitted?: boolean };
interface Ruleset {
  verify(opts: {
    method: string;
    path: string;
    file: { before?: object; after?: object };
    projectId: string;
    token?: string;
  }): Promise<Verdict>;
}
interface Runtime {
  start(autoDownload: boolean): Promise<void>;
  stop(): Promise<void>;
  loadRuleset(source: {
    files: { name: string; content: string }[];
  }): Promise<{ ruleset?: Ruleset; issues: { errors: string[] } }>;
}

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../..', import.meta.url));

export interface StorageRules {
  /** Whether `uid` (a confirmed address) may create `path` with this type and size, as the emulator would ask at the upload's end. */
  mayCreate(
    uid: string,
    path: string,
    file: { contentType: string; size: number },
  ): Promise<boolean>;
  stop(): Promise<void>;
}

/** An unsigned ID token such as the emulators accept (they decode it without checking a signature). */
function idToken(uid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ user_id: uid, sub: uid, email_verified: true, firebase: { sign_in_provider: 'password' } })}.`;
}

export async function startStorageRules(projectId: string, bucket: string): Promise<StorageRules> {
  // The same runtime binary the test stack gives the Storage emulator (where the gcloud jar is absent,
  // firebase-tools' own download, which the emulator fetched when it started).
  Object.assign(process.env, await prepareEmulatorBinaries(root, { log: () => undefined }));
  const { StorageRulesRuntime } = require('firebase-tools/lib/emulator/storage/rules/runtime') as {
    StorageRulesRuntime: new () => Runtime;
  };
  const runtime = new StorageRulesRuntime();
  await runtime.start(false);
  const { ruleset, issues } = await runtime.loadRuleset({
    files: [{ name: 'storage.rules', content: readRules('storage.rules') }],
  });
  if (!ruleset) throw new Error(`storage.rules did not compile: ${issues.errors.join('; ')}`);
  return {
    async mayCreate(uid, path, { contentType, size }) {
      const now = new Date().toISOString();
      // What StoredFileMetadata.asRulesResource() hands the runtime for a new object.
      const after = {
        name: path,
        bucket,
        generation: '1',
        metageneration: '1',
        size,
        timeCreated: now,
        updated: now,
        md5Hash: '',
        crc32c: '',
        etag: '',
        contentDisposition: 'inline',
        contentEncoding: 'identity',
        contentType,
        metadata: {},
      };
      const verdict = await ruleset.verify({
        method: 'create',
        path: ['b', bucket, 'o', path].join('/'),
        file: { after },
        projectId,
        token: idToken(uid),
      });
      return verdict.permitted === true;
    },
    stop: () => runtime.stop(),
  };
}
