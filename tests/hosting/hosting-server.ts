import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { server as superstaticServer } from 'superstatic';

// The built dashboard served as Firebase Hosting serves it: superstatic (the Hosting emulator's server,
// from firebase-tools) with firebase.json's hosting section (its rewrites and header rules, matched by
// path, later rules overriding earlier ones as Hosting does). Only `public` is replaced by the build.

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface HostingServer {
  origin: string;
  close(): Promise<void>;
}

export function hostingConfig(): { rewrites: unknown[]; headers: unknown[] } {
  const json = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
    hosting: { rewrites: unknown[]; headers: unknown[] };
  };
  return json.hosting;
}

export async function serveHosting(publicDir: string): Promise<HostingServer> {
  const { rewrites, headers } = hostingConfig();
  const app = superstaticServer({
    cwd: root,
    // superstatic joins `public` to cwd.
    config: { public: relative(root, publicDir), rewrites, headers } as never,
    port: 0,
    hostname: '127.0.0.1',
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s: Server = app.listen(() => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
