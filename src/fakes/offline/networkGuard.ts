import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Model, ModelRequest, StreamEvent } from '@openai/agents';
import { currentConfig } from '../../config';
import { describeRequest, OfflineRequestError } from '../../errors/OfflineRequestError';
import type { DoubleReport } from '../../vocabulary';
import { isAllowed } from './allowedHosts';
import { track, type Verifiable } from '../core/registry';

/**
 * `configure({ offline: 'strict' })` at the bottom: every request a test makes leaves the process
 * through the global `fetch`, an `http`/`https` agent, or a socket's `connect` (Node's own `fetch`
 * is undici, and undici ends in `net`/`tls` sockets too, as does every `OpenAI` client however it
 * was built). The guard hooks the three, so that a request to a host that is neither loopback nor
 * allowed fails where it is made (the promise rejects, the request emits `error`, the socket is
 * destroyed with the error before it connects, as a refused connection would be), naming its method
 * and URL where the layer knows them, and is recorded so that the test fails even when the client
 * swallows the error. The highest layer that sees a request stops it; the lower ones then never do.
 *
 * The hooks stay installed once made (a client keeps the `fetch` it found when it was built, so the
 * wrapper must be in place before the app loads); with any other setting each costs one property
 * read before it calls through.
 */

/** What the hooks consult, shared by every copy of the kit in the process (see `shared`). */
interface GuardShared {
  /** The checks of the copy of the kit loaded last: a Jest worker loads a fresh copy for each test file, each with its own config. */
  policy: Policy;
  /** Set while the kit itself reaches a real model (a cassette that records): let through. */
  online: AsyncLocalStorage<true>;
}

interface Policy {
  /** The hot path: whether strict offline is on at all. */
  strict(): boolean;
  allows(host: string): boolean;
  /** Makes the error for a stopped request and records it for the test's verification. */
  stop(request: StoppedRequest): OfflineRequestError;
}

type StoppedRequest = ConstructorParameters<typeof OfflineRequestError>[0];

// The `net` module object is one per process, also across Jest's per-file VM contexts (whose
// `globalThis` differ), so the process-wide hooks keep what they consult there.
const KEY = Symbol.for('agents-testkit.networkGuard');
const HOOKED = Symbol.for('agents-testkit.networkGuard.hooked');
const holder = net as typeof net & { [KEY]?: GuardShared };
const shared: GuardShared = (holder[KEY] ??= { policy: policyOfThisCopy(), online: new AsyncLocalStorage<true>() });

function policyOfThisCopy(): Policy {
  return {
    strict: () => currentConfig().offline === 'strict',
    allows: (host) => isAllowed(host, currentConfig().allow ?? []),
    stop(request) {
      const error = new OfflineRequestError(request);
      track(new StoppedRequestRecord(error));
      return error;
    },
  };
}

/** Whether a request to `host` must be stopped now. */
function mustStop(host: string): boolean {
  const { policy, online } = shared;
  return policy.strict() && online.getStore() !== true && !policy.allows(host);
}

/**
 * Called by the setup entry when it loads: hooks `fetch` of this global (each Jest test file has
 * its own), and, once per process, `http.Agent` and `net.Socket`; from then on the hooks ask this
 * copy of the kit.
 */
export function installNetworkGuard(scope: typeof globalThis = globalThis): void {
  shared.policy = policyOfThisCopy();
  guardFetch(scope);
  guardAgents();
  guardSockets();
}

function guardFetch(scope: typeof globalThis): void {
  const inner = scope.fetch as (typeof fetch & { [HOOKED]?: true }) | undefined;
  if (typeof inner !== 'function' || inner[HOOKED]) return;
  const guarded = function fetch(this: unknown, input: string | URL | Request, init?: RequestInit): Promise<Response> {
    if (shared.policy.strict()) {
      const request = fetchTarget(input, init);
      if (request !== undefined && mustStop(request.host)) return Promise.reject(shared.policy.stop(request));
    }
    return Reflect.apply(inner, this, arguments) as Promise<Response>;
  };
  Object.defineProperty(guarded, HOOKED, { value: true });
  scope.fetch = guarded as typeof fetch;
}

/** Method, URL and host of a `fetch` call; `undefined` for what never opens a connection (`data:`, a bad URL that fetch rejects itself). */
function fetchTarget(input: string | URL | Request, init: RequestInit | undefined): StoppedRequest | undefined {
  let url: URL;
  try {
    url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const method = (init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')).toUpperCase();
  return { via: 'fetch', method, url: url.href, host: url.hostname, port: url.port === '' ? undefined : Number(url.port) };
}

/**
 * `http.request`, `https.request` and every client built on them (`ws`, axios, got…) hand the
 * request to an agent: Node's own agents (`https.Agent` inherits `addRequest`) are stopped here,
 * where the method and path are known. An agent with its own `createConnection` (a proxy agent, a
 * mocking library's) is left to it; the socket hook stops what it connects to.
 */
function guardAgents(): void {
  const prototype = http.Agent.prototype as http.Agent & { [HOOKED]?: true; addRequest(request: http.ClientRequest, options: AgentOptions): void };
  if (prototype[HOOKED]) return;
  const original = prototype.addRequest;
  prototype.addRequest = function addRequest(this: http.Agent & { createConnection: unknown }, request: http.ClientRequest, options: AgentOptions) {
    if (shared.policy.strict() && options.socketPath == null && ownConnection(this)) {
      const host = options.host ?? options.hostname ?? 'localhost';
      if (mustStop(host)) {
        const secure = this instanceof https.Agent;
        const port = options.port == null ? undefined : Number(options.port);
        const shown = port === undefined || port === (secure ? 443 : 80) ? '' : `:${port}`;
        const url = `${secure ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}${shown}${request.path}`;
        const error = shared.policy.stop({ via: 'http', method: request.method, url, host, port });
        // What the agent does when it cannot make a connection: the request emits `error`.
        (request as http.ClientRequest & { onSocket(socket: undefined, error: Error): void }).onSocket(undefined, error);
        return;
      }
    }
    return original.call(this, request, options);
  };
  Object.defineProperty(prototype, HOOKED, { value: true });
}

interface AgentOptions {
  host?: string | null;
  hostname?: string | null;
  port?: number | string | null;
  socketPath?: string | null;
}

function ownConnection(agent: { createConnection: unknown }): boolean {
  return agent.createConnection === http.Agent.prototype.createConnection || agent.createConnection === (https.Agent.prototype as { createConnection?: unknown }).createConnection;
}

/**
 * The catch-all: `net.connect`, `tls.connect` (a `TLSSocket` is a `net.Socket`), undici and Node's
 * own `fetch` all end in `Socket.prototype.connect`, before any DNS lookup. A stopped socket is
 * destroyed with the error on the next tick, as a refused connection is, so every client reports it
 * the way it reports a network failure.
 */
function guardSockets(): void {
  const prototype = net.Socket.prototype as net.Socket & { [HOOKED]?: true };
  if (prototype[HOOKED]) return;
  const original = prototype.connect as (...args: unknown[]) => net.Socket;
  prototype.connect = function connect(this: net.Socket, ...args: unknown[]) {
    if (shared.policy.strict()) {
      const target = socketTarget(args);
      if (target !== undefined && mustStop(target.host)) {
        const error = shared.policy.stop({ via: 'socket', host: target.host, port: target.port });
        process.nextTick(() => this.destroy(error));
        return this;
      }
    }
    return original.apply(this, args);
  } as typeof prototype.connect;
  Object.defineProperty(prototype, HOOKED, { value: true });
}

/** Host and port of a `connect(…)` call in any of its forms; `undefined` for a local (IPC) path. */
function socketTarget(args: unknown[]): { host: string; port: number | undefined } | undefined {
  // net.connect() hands the socket its arguments already normalized, as an array.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; port?: number | string; path?: string };
    if (options.path != null) return undefined;
    return { host: options.host ?? 'localhost', port: options.port == null ? undefined : Number(options.port) };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return undefined;
  return { host: typeof args[1] === 'string' ? args[1] : 'localhost', port: Number(first) };
}

/** Runs `fn` with the network open to it (and to what it starts): the kit's own recording. */
function online<T>(fn: () => T): T {
  return shared.online.run(true, fn);
}

/**
 * The real model a recording cassette calls, with the network open to its calls only: recording is
 * the kit reaching the model on the test's behalf, which `offline: 'strict'` lets through. The
 * stream's steps run in the same context, each when it is asked for.
 */
export function recordingOnline(model: Model): Model {
  return new Proxy(model, {
    get(target, key) {
      if (key === 'getResponse') return (request: ModelRequest) => online(() => target.getResponse(request));
      if (key === 'getStreamedResponse') return (request: ModelRequest) => streamOnline(() => target.getStreamedResponse(request));
      const value = Reflect.get(target, key) as unknown;
      // Bound to the model itself: its methods may read private fields, which a proxy does not have.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function* streamOnline(start: () => AsyncIterable<StreamEvent>): AsyncIterable<StreamEvent> {
  const iterator = online(() => start()[Symbol.asyncIterator]());
  let done = false;
  try {
    while (true) {
      const step = await online(() => iterator.next());
      if (step.done) {
        done = true;
        return;
      }
      yield step.value;
    }
  } finally {
    if (!done) await online(() => iterator.return?.());
  }
}

/** One request the strict guard stopped, kept so that the test fails even if the client swallowed the error. */
class StoppedRequestRecord implements Verifiable {
  readonly #error: OfflineRequestError;

  constructor(error: OfflineRequestError) {
    this.#error = error;
  }

  report(): DoubleReport {
    const what = describeRequest(this.#error);
    return {
      label: 'the strict offline guard',
      pending: [],
      mismatches: [`${what}: no double answered it, and configure({ offline: 'strict' }) lets nothing beyond loopback out`],
      calls: [`1. ${what} → stopped before it connected`],
      notes: [this.#error.message.split('\n').slice(-2).join('\n')],
    };
  }
}
