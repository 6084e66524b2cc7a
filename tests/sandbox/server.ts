import { serve, type ServerType } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { createProviderApp, type ProviderApp } from './app';
import { providerIds, sandboxHosts, sandboxProviders, type ProviderId } from './hosts';
import { providerFaultBodies, providerRoutes } from './providers';

export interface Sandbox {
  urls: Record<ProviderId, string>;
  /** Environment variables that point the functions' provider clients at this sandbox. */
  env: Record<string, string>;
  apps: Record<ProviderId, ProviderApp>;
  close: () => Promise<void>;
}

/** Closes a server without waiting for idle keep-alive clients (the functions runtime keeps them open). */
function closeServer(server: ServerType): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

/**
 * Starts one HTTP server per provider on consecutive ports from basePort, on loopback only.
 * basePort 0 lets the system pick free ports: unit tests use that so parallel runs never collide.
 */
export async function startSandbox({
  host = '127.0.0.1',
  basePort = 0,
}: { host?: string; basePort?: number } = {}): Promise<Sandbox> {
  const servers: ServerType[] = [];
  const urls = {} as Record<ProviderId, string>;
  const apps = {} as Record<ProviderId, ProviderApp>;
  const env: Record<string, string> = {};
  try {
    for (const [i, id] of providerIds.entries()) {
      const providerApp = createProviderApp(id, providerRoutes[id], providerFaultBodies[id]);
      const requested = basePort === 0 ? 0 : basePort + i;
      const server = await new Promise<ServerType>((resolve, reject) => {
        const s = serve({ fetch: providerApp.app.fetch, hostname: host, port: requested }, () =>
          resolve(s),
        );
        s.once('error', reject);
      });
      servers.push(server);
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : requested;
      urls[id] = `http://${host}:${port}`;
      apps[id] = providerApp;
      env[sandboxProviders[id].env] = urls[id];
    }
    // A provider's further hosts (OAuth endpoints) are served by its own server.
    for (const host of Object.values(sandboxHosts)) env[host.env] = urls[host.provider];
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    throw error;
  }
  return {
    urls,
    env,
    apps,
    close: () => Promise.all(servers.map(closeServer)).then(() => undefined),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const basePort = Number(process.env.SANDBOX_BASE_PORT ?? 8900);
  const sandbox = await startSandbox({ basePort });
  console.log(JSON.stringify(sandbox.env));
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
