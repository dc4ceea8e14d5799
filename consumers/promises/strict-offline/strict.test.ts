import { Agent, OpenAIChatCompletionsModel, OpenAIResponsesModel, run } from '@openai/agents';
import { configure } from 'agents-testkit';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import OpenAI from 'openai';

// configure({ offline: 'strict' }): every request a test makes that no double answers fails at its
// call site, naming its method and host, whichever way the client was built; loopback still works.
// Each "Must FAIL" test catches the failure where it happens (as an app might) and writes what it
// said there to a file the scenario reads; the kit's verification still fails the test.

configure({ offline: 'strict' });
process.env.OPENAI_API_KEY ??= 'sk-test';

const AWAY = 'http://192.0.2.2/v1';
const said = (name: string, error: unknown) => {
  const chain: string[] = [];
  for (let at = error as { message?: unknown; cause?: unknown } | undefined; at !== undefined && chain.length < 5; at = at.cause as typeof at) chain.push(String(at?.message ?? at));
  appendFileSync(process.env.STRICT_OFFLINE_SAID as string, `${JSON.stringify({ name, said: chain.join(' ← ') })}\n`);
};
const settled = (promise: Promise<unknown>) => promise.then(() => new Error('it succeeded'), (error: unknown) => error);
const requestError = (request: http.ClientRequest) =>
  new Promise<unknown>((resolve) => {
    request.on('error', resolve);
    request.on('response', () => resolve(new Error('it got a response')));
    request.end();
  });

let server: http.Server;
let served = 0;
let base = '';
beforeAll(async () => {
  server = http.createServer((request, response) => {
    served += 1;
    response.end('local');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// Must FAIL, naming: POST http://192.0.2.2/v1/responses
test('strict: the SDK Responses model with a client the app made', async () => {
  const client = new OpenAI({ apiKey: 'test', baseURL: AWAY, maxRetries: 0 });
  const agent = new Agent({ name: 'Billing', model: new OpenAIResponsesModel(client, 'gpt-test') });
  said('responses-model', await settled(run(agent, 'Hi')));
});

// Must FAIL, naming: POST http://192.0.2.2/v1/chat/completions
test('strict: the SDK Chat Completions model with a client the app made', async () => {
  const client = new OpenAI({ apiKey: 'test', baseURL: AWAY, maxRetries: 0 });
  const agent = new Agent({ name: 'Billing', model: new OpenAIChatCompletionsModel(client, 'gpt-test') });
  said('chat-model', await settled(run(agent, 'Hi')));
});

// Must FAIL, naming: POST http://192.0.2.2/v1/responses
test("strict: the app's own OpenAI client", async () => {
  const client = new OpenAI({ baseURL: AWAY, maxRetries: 0 });
  said('app-client', await settled(client.responses.create({ model: 'gpt-test', input: 'Hi' })));
});

// Must FAIL, naming: PUT http://192.0.2.2/v1/direct
test('strict: a direct fetch', async () => {
  said('fetch', await settled(fetch(`${AWAY}/direct`, { method: 'PUT', body: 'x' })));
});

// Must FAIL, naming: DELETE http://192.0.2.2/v1/http
test('strict: http.request', async () => {
  said('http', await requestError(http.request(`${AWAY}/http`, { method: 'DELETE' })));
});

// Must FAIL, naming: GET https://192.0.2.2/v1/https
test('strict: https.request', async () => {
  said('https', await requestError(https.request('https://192.0.2.2/v1/https')));
});

// Must FAIL, naming: a connection to 192.0.2.2:443
test('strict: a raw TLS socket (what undici and other clients open)', async () => {
  const socket = tls.connect({ host: '192.0.2.2', port: 443 });
  said('socket', await new Promise((resolve) => socket.on('error', resolve).on('secureConnect', () => resolve(new Error('it connected')))));
});

test('strict: loopback still works, by fetch and by http.request', async () => {
  const before = served;
  expect(await (await fetch(`${base}/ok`)).text()).toBe('local');
  const status = await new Promise((resolve, reject) => http.get(`http://localhost:${new URL(base).port}/ok`, (response) => resolve(response.statusCode)).on('error', reject));
  expect(status).toBe(200);
  expect(served - before).toBe(2);
});

test('strict: a host the test allows is let through', async () => {
  configure({ offline: 'strict', allow: ['api.example.test'] });
  const before = served;
  // The lookup sends the allowed name to the loopback server: no DNS query, no packet out.
  const lookup = (_host: string, options: { all?: boolean }, callback: (error: null, address: unknown, family?: number) => void) =>
    options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);
  const status = await new Promise((resolve, reject) =>
    http.get({ host: 'api.example.test', port: new URL(base).port, path: '/ok', lookup: lookup as never }, (response) => resolve(response.statusCode)).on('error', reject),
  );
  expect(status).toBe(200);
  expect(served - before).toBe(1);
  configure({ offline: 'strict', allow: [] });
});
