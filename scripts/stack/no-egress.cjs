// A Node preload (`NODE_OPTIONS=--require <this file>`) that npm test puts on every Node process it starts
// (scripts/stack/offline.ts): the suites, the emulators' CLI and function workers, Vite, WXT, Playwright's
// runner. It refuses, before any packet, every connection whose target is not this machine's loopback:
// TCP and TLS sockets (net.Socket#connect, which http, https, http2, tls and fetch all go through), UDP
// sends, and name lookups of any name but localhost (a lookup may itself ask a DNS server elsewhere).
// Each refusal is appended to $MUSE_EGRESS_LOG as one JSON line (process, target, stack); scripts/test.ts
// fails the run when that file has lines. CommonJS, so `--require` loads it in CommonJS and ESM programs
// alike and in worker threads (which inherit NODE_OPTIONS). What it cannot see: README.md, "No packet
// beyond 127.0.0.1".
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload, loaded by --require before any ESM */

const dgram = require('node:dgram');
const dns = require('node:dns');
const fs = require('node:fs');
const net = require('node:net');

const LOG = process.env.MUSE_EGRESS_LOG;

/** A host this machine answers itself: 127.0.0.0/8, ::1 (also IPv4-mapped), localhost, *.localhost, 0.0.0.0. */
function isLoopback(host) {
  if (host === undefined || host === null || host === '') return true; // Node's default: localhost
  const h = String(host)
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1' || h === '::' || h === '0.0.0.0') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return net.isIPv4(v4) && v4.startsWith('127.');
}

function refusal(kind, target) {
  const error = new Error(
    `no-egress: refused ${kind} to ${target}: the suite reaches nothing beyond 127.0.0.1 (scripts/stack/no-egress.cjs)`,
  );
  error.code = 'ECONNREFUSED';
  error.syscall = kind;
  const entry = {
    at: new Date().toISOString(),
    pid: process.pid,
    argv: process.argv.slice(0, 3).join(' '),
    kind,
    target,
    stack: (error.stack ?? '').split('\n').slice(2, 12).join('\n'),
  };
  if (LOG) {
    try {
      fs.appendFileSync(LOG, `${JSON.stringify(entry)}\n`);
    } catch {
      /* the report is best effort; the refusal stands */
    }
  }
  process.emitWarning(error.message, 'NoEgressWarning');
  return error;
}

// net.Socket#connect(options[, cb]), (port[, host][, cb]), (path[, cb]), or the normalized [options, cb]
// that net.connect and http's agents pass.
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function museNoEgressConnect(...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  let host;
  let port;
  if (first !== null && typeof first === 'object') {
    // A pipe or Unix socket (Node takes `path` when it is set; http's options carry `path: null`).
    if (!first.path) {
      host = first.host;
      port = first.port;
    }
  } else if (typeof first === 'number' || /^\d+$/.test(String(first))) {
    port = first;
    host = typeof args[1] === 'string' ? args[1] : undefined;
  }
  if (!isLoopback(host)) {
    const error = refusal('connect', `${host}:${port}`);
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return connect.apply(this, args);
};

// UDP: send(msg[, offset, length][, port][, address][, cb]) and connect(port[, address][, cb]). The
// address is the first string after the message (and after the port); none means localhost.
const udpTarget = (args, from) => {
  const rest = args.slice(from);
  const portAt = rest.findIndex((a) => typeof a === 'number');
  const address = rest.slice(portAt + 1).find((a) => typeof a === 'string');
  return { port: rest[portAt], address };
};
const send = dgram.Socket.prototype.send;
dgram.Socket.prototype.send = function museNoEgressSend(...args) {
  // A connected socket sends to the address it was connected to (checked at connect).
  const { port, address } = udpTarget(args, 1);
  if (port !== undefined && !isLoopback(address)) {
    const error = refusal('udp send', `${address}:${port}`);
    const cb = args.find((a) => typeof a === 'function');
    process.nextTick(() => (cb ? cb(error) : this.emit('error', error)));
    return;
  }
  return send.apply(this, args);
};
const udpConnect = dgram.Socket.prototype.connect;
dgram.Socket.prototype.connect = function museNoEgressUdpConnect(...args) {
  const { port, address } = udpTarget(args, 0);
  if (!isLoopback(address)) {
    const error = refusal('udp connect', `${address}:${port}`);
    const cb = args.find((a) => typeof a === 'function');
    process.nextTick(() => (cb ? cb(error) : this.emit('error', error)));
    return;
  }
  return udpConnect.apply(this, args);
};

// Name lookups: an IP literal needs no DNS server and is checked at connect; any other name but localhost
// is refused, since resolving it may send a query to a resolver beyond this machine.
const needsResolver = (name) => !isLoopback(name) && net.isIP(String(name)) === 0;
const lookup = dns.lookup;
dns.lookup = function museNoEgressLookup(hostname, ...rest) {
  if (needsResolver(hostname)) {
    const error = refusal('dns lookup', String(hostname));
    error.code = 'ENOTFOUND';
    const cb = rest.find((a) => typeof a === 'function');
    if (cb) process.nextTick(() => cb(error));
    return {};
  }
  return lookup.call(this, hostname, ...rest);
};
const promisesLookup = dns.promises.lookup;
dns.promises.lookup = function museNoEgressPromisesLookup(hostname, ...rest) {
  if (needsResolver(hostname)) {
    const error = refusal('dns lookup', String(hostname));
    error.code = 'ENOTFOUND';
    return Promise.reject(error);
  }
  return promisesLookup.call(this, hostname, ...rest);
};
// dns.resolve*, dns.reverse and their Resolver classes always ask a DNS server.
const resolverMethods = (proto) =>
  Object.getOwnPropertyNames(proto).filter((m) => /^(resolve|reverse)/.test(m));
for (const proto of [dns.Resolver.prototype, dns.promises.Resolver.prototype]) {
  const promised = proto === dns.promises.Resolver.prototype;
  for (const method of resolverMethods(proto)) {
    const original = proto[method];
    proto[method] = function museNoEgressResolve(name, ...rest) {
      if (!needsResolver(name)) return original.call(this, name, ...rest);
      const error = refusal(`dns ${method}`, String(name));
      error.code = 'ENOTFOUND';
      if (promised) return Promise.reject(error);
      const cb = rest.find((a) => typeof a === 'function');
      if (cb) process.nextTick(() => cb(error));
      return undefined;
    };
  }
}
// The module-level dns.resolve* functions call a default Resolver's methods bound at load: wrap them too.
for (const [mod, promised] of [
  [dns, false],
  [dns.promises, true],
]) {
  for (const method of Object.keys(mod).filter((m) => /^(resolve|reverse)/.test(m))) {
    const original = mod[method];
    if (typeof original !== 'function') continue;
    mod[method] = function museNoEgressResolveFn(name, ...rest) {
      if (!needsResolver(name)) return original.call(this, name, ...rest);
      const error = refusal(`dns ${method}`, String(name));
      error.code = 'ENOTFOUND';
      if (promised) return Promise.reject(error);
      const cb = rest.find((a) => typeof a === 'function');
      if (cb) process.nextTick(() => cb(error));
      return undefined;
    };
  }
}

module.exports = { isLoopback };
