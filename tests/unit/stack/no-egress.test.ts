import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  egressResult,
  noEgressPreload,
  readEgressLog,
  startEgressProxy,
  withPreload,
} from '../../../scripts/stack/offline';

// scripts/stack/no-egress.cjs in a Node process of its own, as npm test puts it on every process it starts.
// Before loading it, the child replaces net.Socket#connect with a stand-in that records its target and
// never opens a socket: whatever the preload lets through reaches the stand-in, so no packet leaves even
// when the preload is broken, and the stand-in's list shows what it let through.
const dir = mkdtempSync(join(tmpdir(), 'muse-egress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OUTSIDE = '10.255.255.1';
const child = () => `
const net = require('node:net');
const reached = [];
net.Socket.prototype.connect = function (...args) {
  const o = Array.isArray(args[0]) ? args[0][0] : args[0];
  reached.push(typeof o === 'object' ? (o.path || o.host + ':' + o.port) : args[1] + ':' + o);
  process.nextTick(() => this.destroy(new Error('stand-in: no socket opened')));
  return this;
};
require(${JSON.stringify(noEgressPreload)});
const dgram = require('node:dgram');
const dns = require('node:dns');
const http = require('node:http');
const refused = {};
const note = (name) => (e) => { refused[name] = e ? e.message : 'no error'; };
(async () => {
  await new Promise((r) => net.connect(9, '${OUTSIDE}').on('error', (e) => r(note('net')(e))));
  await new Promise((r) => http.get('http://${OUTSIDE}:9/').on('error', (e) => r(note('http')(e))));
  await fetch('http://${OUTSIDE}:80/').catch((e) => note('fetch')(e.cause));
  await fetch('http://metadata.google.internal/computeMetadata/v1/instance').catch((e) => note('metadata')(e.cause));
  await new Promise((r) => dns.lookup('example.com', (e) => r(note('dns')(e))));
  await dns.promises.resolve4('example.com').catch(note('resolve'));
  const udp = dgram.createSocket('udp4');
  await new Promise((r) => udp.send('x', 9, '${OUTSIDE}', (e) => r(note('udp')(e))));
  udp.close();
  await new Promise((r) => net.connect(9, '127.0.0.1').on('error', () => r()));
  await new Promise((r) => net.connect({ path: ${JSON.stringify(join(dir, 'no.sock'))} }).on('error', () => r()));
  console.log(JSON.stringify({ reached, refused }));
})();
`;

function runChild(log: string) {
  const r = spawnSync(process.execPath, ['-e', child()], {
    env: { ...process.env, MUSE_EGRESS_LOG: log, NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as {
    reached: string[];
    refused: Record<string, string>;
  };
}

describe('the no-egress preload', () => {
  it('refuses every attempt beyond loopback before a socket is opened, and records each', () => {
    const log = join(dir, 'refused.jsonl');
    const { reached, refused } = runChild(log);
    // Only loopback and the Unix socket reached the real connect.
    expect(reached).toEqual(['127.0.0.1:9', join(dir, 'no.sock')]);
    for (const name of ['net', 'http', 'fetch', 'metadata', 'dns', 'resolve', 'udp'])
      expect(refused[name], name).toMatch(/^no-egress: refused /);
    const targets = readEgressLog(log).map((a) => `${a.kind} ${a.target}`);
    expect(targets).toEqual([
      `connect ${OUTSIDE}:9`,
      `connect ${OUTSIDE}:9`,
      `connect ${OUTSIDE}:80`,
      'connect metadata.google.internal:80',
      'dns lookup example.com',
      'dns resolve4 example.com',
      `udp send ${OUTSIDE}:9`,
    ]);
    expect(readEgressLog(log)[0]).toMatchObject({
      pid: expect.any(Number),
      argv: expect.any(String),
    });
    expect(readEgressLog(log)[0]!.stack).toContain('[eval]');
  });

  it("fails npm test's no-egress line with each process and target, and passes with none", () => {
    const log = join(dir, 'summary.jsonl');
    runChild(log);
    const result = egressResult(log);
    expect(result).toMatchObject({ passed: 0, failed: 1 });
    expect(result.failures).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^refused connect to ${OUTSIDE.replace(/\./g, '\\.')}:9 by .*node.* \\(pid \\d+\\)`,
        ),
      ),
    );
    expect(result.failures).toHaveLength(6);
    expect(egressResult(join(dir, 'none.jsonl'))).toEqual({
      passed: 1,
      failed: 0,
      failures: [],
      held: 0,
    });
  });

  it("holds Chromium's own Google services and special-use names, refused on loopback, without failing", () => {
    const log = join(dir, 'held.jsonl');
    const line = (kind: string, target: string) =>
      `${JSON.stringify({ at: '', kind, target, argv: 'Chromium (through the no-egress proxy)' })}\n`;
    writeFileSync(
      log,
      line('browser CONNECT', 'update.googleapis.com:443') +
        line('browser POST', 'http://update.googleapis.com/service/update2/json') +
        line('connect', 'files.test:443'),
    );
    expect(egressResult(log)).toMatchObject({ passed: 1, failed: 0, held: 3 });
    writeFileSync(log, line('browser CONNECT', 'cdn.example.com:443'), { flag: 'a' });
    expect(egressResult(log)).toMatchObject({ passed: 0, failed: 1, held: 3 });
  });

  it('is added to NODE_OPTIONS once, after what was there', () => {
    const once = withPreload('--max-old-space-size=4096');
    expect(once).toBe(`--max-old-space-size=4096 --require "${noEgressPreload}"`);
    expect(withPreload(once)).toBe(once);
  });
});

describe("Chromium's no-egress proxy", () => {
  it('records the origin a page asked for and forwards nothing', async () => {
    const log = join(dir, 'proxy.jsonl');
    const proxy = await startEgressProxy(log);
    const [host, port] = proxy.address.split(':');
    const answer = await new Promise<string>((resolve) => {
      const s = net.connect(Number(port), host, () =>
        s.write('CONNECT fonts.example.com:443 HTTP/1.1\r\nhost: fonts.example.com:443\r\n\r\n'),
      );
      let text = '';
      s.on('data', (d) => (text += d.toString()));
      s.on('close', () => resolve(text));
    });
    await proxy.stop();
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
    expect(readEgressLog(log)).toMatchObject([
      { kind: 'browser CONNECT', target: 'fonts.example.com:443' },
    ]);
    expect(egressResult(log).failures).toEqual([
      expect.stringMatching(/^refused browser CONNECT to fonts\.example\.com:443 by Chromium/),
    ]);
  });
});
