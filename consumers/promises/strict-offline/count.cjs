// Preloaded (NODE_OPTIONS=--require) into every process the runner starts, before the runner and
// before the kit: the layer a request reaches only once nothing above it stopped it. It logs each
// fetch and each socket connect that gets this far, and refuses (without a packet) every one that
// would leave the machine, so that even without the kit's guard no test reaches the network.
const { appendFileSync } = require('node:fs');
const net = require('node:net');

const log = process.env.STRICT_OFFLINE_LOG;
const loopback = (host) => host === 'localhost' || host === '::1' || /^127\./.test(host) || /^::ffff:127\./.test(host);
const note = (line) => log && appendFileSync(log, `${process.pid} ${line}\n`);

const realFetch = globalThis.fetch;
globalThis.fetch = function countingFetch(input, init) {
  const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const method = init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET');
  note(`fetch ${loopback(host) ? 'loopback' : 'OUTSIDE'} ${method} ${url.href}`);
  if (!loopback(host)) return Promise.reject(new Error(`count.cjs refused ${method} ${url.href}`));
  return realFetch.call(this, input, init);
};

const realConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function countingConnect(...args) {
  const options = Array.isArray(args[0]) ? args[0][0] : typeof args[0] === 'object' ? args[0] : { port: args[0], host: typeof args[1] === 'string' ? args[1] : undefined };
  if (options?.path) return realConnect.apply(this, args);
  const host = options?.host ?? 'localhost';
  // A custom lookup (the spec's allow-list test) decides the address itself: judge where it went.
  if (!loopback(host) && typeof options?.lookup !== 'function') {
    note(`connect OUTSIDE ${host}:${options?.port}`);
    process.nextTick(() => this.destroy(new Error(`count.cjs refused a connection to ${host}:${options?.port}`)));
    return this;
  }
  this.once('connect', () => note(`connect ${loopback(this.remoteAddress ?? '') ? 'loopback' : 'OUTSIDE'} ${host}:${options?.port} → ${this.remoteAddress}`));
  return realConnect.apply(this, args);
};
note('counting');
