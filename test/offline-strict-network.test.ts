import { join } from 'node:path';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { Agent, OpenAIChatCompletionsModel, OpenAIResponsesModel, run, Usage, type Model, type ModelResponse } from '@openai/agents';
import OpenAI from 'openai';
import { cassette, configure, OfflineRequestError } from 'agents-testkit';
import { afterAll, afterEach, beforeAll, describe, expect, makeTempDir, mark, removeTempDirs, test, verificationFailureSince } from './support';

// Every request here that the guard stops is taken off the after-each verification with
// verificationFailureSince(), which also shows that a swallowed error still fails the test. What
// reaches the wire is counted below everything, at the TCP handle (process.binding is Node's own,
// deprecated but still there in Node 20): a stopped request must never get that far.

type Counted = { host: string; port: number };
const connects: Counted[] = [];
const tcp = (process as unknown as { binding(name: string): { TCP: { prototype: Record<string, (...args: unknown[]) => unknown> } } }).binding('tcp_wrap').TCP.prototype;
const originals = { connect: tcp.connect, connect6: tcp.connect6 };
for (const name of ['connect', 'connect6'] as const) {
  const original = originals[name] as (...args: unknown[]) => unknown;
  tcp[name] = function counting(this: unknown, ...args: unknown[]) {
    connects.push({ host: String(args[1]), port: Number(args[2]) });
    return original.apply(this, args);
  };
}
const outside = () => connects.filter(({ host }) => !/^(127\.|::1$|::ffff:127\.)/.test(host));

const AWAY = 'http://192.0.2.1/v1';
let server: http.Server;
let port = 0;
let served = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    served += 1;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterEach(() => {
  configure({ offline: true, allow: [] });
  expect(outside()).toEqual([]);
});
afterAll(async () => {
  Object.assign(tcp, originals);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  removeTempDirs();
});

const settled = (promise: Promise<unknown>) => promise.then(() => new Error('it succeeded'), (error: unknown) => error as Error);
const errorOf = (request: http.ClientRequest) =>
  new Promise<Error>((resolve) => {
    request.on('error', resolve).on('response', () => resolve(new Error('it got a response')));
    request.end();
  });
/** A `lookup` that sends any name to 127.0.0.1: a test of a host name makes no DNS query and sends no packet out. */
const lookup = ((_host: string, options: { all?: boolean }, callback: (error: null, address: unknown, family?: number) => void) =>
  options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4)) as never;
const causeOf = (error: unknown): unknown => ((error as { cause?: unknown }).cause === undefined ? error : causeOf((error as { cause?: unknown }).cause));

describe("configure({ offline: 'strict' }) at the socket", () => {
  test('a direct fetch fails at its call site, naming method, URL and the fix; nothing connects', async () => {
    configure({ offline: 'strict' });
    const since = mark();

    const error = (await settled(fetch(`${AWAY}/things`, { method: 'PUT', body: '{}' }))) as OfflineRequestError;

    expect(error).toBeInstanceOf(OfflineRequestError);
    expect(error).toMatchObject({ method: 'PUT', url: `${AWAY}/things`, host: '192.0.2.1', via: 'fetch' });
    expect(error.message).toMatchSnapshot();
    expect(verificationFailureSince(since)).toContain('PUT http://192.0.2.1/v1/things → stopped before it connected');
  });

  test('http.request and https.request emit the error on the request, with method and URL', async () => {
    configure({ offline: 'strict' });
    const since = mark();

    const plain = (await errorOf(http.request(`${AWAY}/plain`, { method: 'DELETE' }))) as OfflineRequestError;
    const secure = (await errorOf(https.request('https://192.0.2.1:8443/secure'))) as OfflineRequestError;

    expect(plain).toMatchObject({ method: 'DELETE', url: 'http://192.0.2.1/v1/plain', via: 'http' });
    expect(secure).toMatchObject({ method: 'GET', url: 'https://192.0.2.1:8443/secure', port: 8443, via: 'http' });
    expect(verificationFailureSince(since)).toContain('DELETE http://192.0.2.1/v1/plain');
  });

  test('a raw socket (net.connect, tls.connect: what undici opens) is destroyed with the error before it connects', async () => {
    configure({ offline: 'strict' });
    const since = mark();

    const raw = await new Promise<Error>((resolve) => net.connect(80, '192.0.2.1').on('error', resolve));
    const secure = await new Promise<Error>((resolve) => tls.connect({ host: 'api.example.invalid', port: 443 }).on('error', resolve));

    expect(raw).toMatchObject({ host: '192.0.2.1', port: 80, via: 'socket', method: undefined });
    expect(secure.message).toContain('a connection to api.example.invalid:443');
    expect(verificationFailureSince(since)).toContain('a connection to 192.0.2.1:80');
  });

  test("the SDK's models with a client the app made, and the app's own client, all fail at their call site", async () => {
    configure({ offline: 'strict' });
    const since = mark();
    const client = new OpenAI({ apiKey: 'test', baseURL: AWAY, maxRetries: 0 });

    const responses = await settled(run(new Agent({ name: 'A', model: new OpenAIResponsesModel(client, 'gpt-test') }), 'Hi'));
    const chat = await settled(run(new Agent({ name: 'B', model: new OpenAIChatCompletionsModel(client, 'gpt-test') }), 'Hi'));
    const own = await settled(client.responses.create({ model: 'gpt-test', input: 'Hi' }));

    expect(causeOf(responses)).toMatchObject({ method: 'POST', url: `${AWAY}/responses` });
    expect(causeOf(chat)).toMatchObject({ method: 'POST', url: `${AWAY}/chat/completions` });
    expect(causeOf(own)).toMatchObject({ method: 'POST', url: `${AWAY}/responses` });
    expect(verificationFailureSince(since)).toContain('3 doubles were not complete');
  });

  test('a fetch kept from before strict was on (an OpenAI client made at module scope keeps the one it found) is stopped too', async () => {
    const early = globalThis.fetch;
    configure({ offline: 'strict' });
    const since = mark();

    expect(await settled(early(`${AWAY}/early`))).toBeInstanceOf(OfflineRequestError);
    verificationFailureSince(since);
  });

  test('loopback is let through by fetch, http and raw sockets', async () => {
    configure({ offline: 'strict' });
    const before = served;

    expect((await fetch(`http://127.0.0.1:${port}/a`)).status).toBe(200);
    expect(await new Promise((resolve, reject) => http.get(`http://localhost:${port}/b`, (response) => resolve(response.resume().statusCode)).on('error', reject))).toBe(200);

    expect(served - before).toBe(2);
  });

  test('a host on the allow list is let through (a lookup sends it to the loopback server: no DNS, no packet out)', async () => {
    configure({ offline: 'strict', allow: [/\.example\.test$/] });
    const before = served;

    const status = await new Promise((resolve, reject) =>
      http.get({ host: 'api.example.test', port, path: '/c', lookup }, (response) => resolve(response.resume().statusCode)).on('error', reject),
    );

    expect(status).toBe(200);
    expect(served - before).toBe(1);
  });

  test("with strict off, nothing is stopped: a request goes on to the socket (here, loopback's)", async () => {
    configure({ offline: true });
    const before = connects.length;

    // A fresh connection (agent: false): fetch would reuse the one an earlier test left open.
    expect(await new Promise((resolve, reject) => http.get({ host: '127.0.0.1', port, path: '/d', agent: false }, (response) => resolve(response.resume().statusCode)).on('error', reject))).toBe(200);
    expect(connects.length).toBe(before + 1);
  });

  test('a mock the test sets up (nock) answers before the guard; what it lets through is stopped', async () => {
    configure({ offline: 'strict' });
    // Loaded here: nock intercepts from the moment it loads, and restore() below takes it off.
    const { default: nock } = await import('nock');
    nock('https://api.example.com').get('/mocked').twice().reply(200, 'from nock');
    nock.enableNetConnect();
    const since = mark();
    try {
      const byHttp = await new Promise<string>((resolve, reject) =>
        https.get('https://api.example.com/mocked', (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk)).on('end', () => resolve(body));
        }).on('error', reject),
      );

      expect(await (await fetch('https://api.example.com/mocked')).text()).toBe('from nock');
      expect(byHttp).toBe('from nock');
      expect(await settled(fetch('https://other.example.com/passed-on'))).toBeInstanceOf(OfflineRequestError);
    } finally {
      nock.cleanAll();
      nock.restore();
    }
    expect(verificationFailureSince(since)).toContain('GET https://other.example.com/passed-on');
  });

  test('a recording cassette reaches its real model under strict: the kit records on the test\'s behalf', async () => {
    configure({ offline: 'strict' });
    const before = served;
    // The real model goes to a host nobody allowed (sent to the loopback server by its lookup).
    const real = {
      async getResponse(): Promise<ModelResponse> {
        await new Promise((resolve, reject) => http.get({ host: 'models.example.test', port, path: '/r', lookup }, (response) => resolve(response.resume())).on('error', reject));
        return { usage: new Usage({ requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 }), output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Recorded.' }] }] } as never;
      },
      getStreamedResponse() {
        throw new Error('not streamed here');
      },
    } as unknown as Model;
    const recorder = cassette(join(makeTempDir(), 'strict.json'), { mode: 'record', model: real });

    const result = await run(new Agent({ name: 'Recorded', model: recorder }), 'Hi');

    expect(result.finalOutput).toBe('Recorded.');
    expect(served - before).toBe(1);
  });
});

describe('configure({ allow })', () => {
  test('takes host names and RegExps; anything else is a TypeError that shows the fix', () => {
    expect(() => configure({ allow: 'api.example.com' as never })).toThrow(
      "configure({ allow }) takes an array of host names or RegExps, like configure({ offline: 'strict', allow: ['api.example.com', /\\.internal$/] }); got the string \"api.example.com\".",
    );
    expect(() => configure({ allow: ['https://api.example.com/v1'] })).toThrow(
      'configure({ allow }) lists host names, without a scheme, port or path; got "https://api.example.com/v1". Write allow: ["api.example.com"].',
    );
    expect(() => configure({ allow: [42 as never] })).toThrow('got number in the list');
    expect(configure({ allow: ['API.example.com', '::1', /x/] }).allow).toEqual([]);
  });
});
