import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  freshConnectionsForNodeHttp,
  stackFetch,
  withTransportRetry,
} from '../../support/transport-retry';

function failing(errors: unknown[], value = 'ok') {
  let calls = 0;
  const fn = async () => {
    const e = errors[calls++];
    if (e) throw e;
    return value;
  };
  return { fn, calls: () => calls };
}

describe('withTransportRetry', () => {
  it.each([
    [
      'a reset socket under fetch',
      new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }),
    ],
    ['a broken pipe', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })],
    ['a hung-up socket', new Error('socket hang up')],
  ])('sends again after %s', async (_, error) => {
    const f = failing([error]);
    await expect(withTransportRetry(f.fn)).resolves.toBe('ok');
    expect(f.calls()).toBe(2);
  });

  it('throws any other failure at once', async () => {
    const f = failing([new Error('accounts:signUp failed: 400 EMAIL_EXISTS')]);
    await expect(withTransportRetry(f.fn)).rejects.toThrow('EMAIL_EXISTS');
    expect(f.calls()).toBe(1);
  });

  it('gives up after the last attempt', async () => {
    const reset = new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
    const f = failing([reset, reset, reset]);
    await expect(withTransportRetry(f.fn)).rejects.toBe(reset);
    expect(f.calls()).toBe(3);
  });
});

describe('stackFetch', () => {
  it('sends each request on a connection of its own, so none lands on a socket the server is closing', async () => {
    let connections = 0;
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.headers.connection} ${req.headers['x-test']}`);
      res.end('ok');
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      for (let i = 0; i < 3; i++)
        expect(await (await stackFetch(url, { headers: { 'x-test': String(i) } })).text()).toBe(
          'ok',
        );
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    expect(seen).toEqual(['close 0', 'close 1', 'close 2']);
    expect(connections).toBe(3);
  });
});

describe('freshConnectionsForNodeHttp', () => {
  it("gives Node's global agent (the Admin SDK's requests) a connection per request", async () => {
    let connections = 0;
    const server = http.createServer((_req, res) => res.end('ok'));
    server.on('connection', () => (connections += 1));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const before = http.globalAgent;
    freshConnectionsForNodeHttp();
    const get = () =>
      new Promise<void>((resolve, reject) =>
        http.get(url, (res) => res.resume().on('end', resolve)).on('error', reject),
      );
    try {
      for (let i = 0; i < 3; i++) await get();
    } finally {
      http.globalAgent = before;
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    expect(connections).toBe(3);
  });
});
