/**
 * Keys carried by URLs (`?key=…`, `api_key`, `token`, `access_token`, a password in
 * `user:pass@host`) are redacted wherever the kit records a call: one function, redactSecrets,
 * used by cassettes and by every double that keeps a URL.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '@openai/agents';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { cassette, configure, model, realtime } from 'agents-testkit';
import { REDACTED, redactSecrets, redactText, redactUrl } from '../src/format/secrets';
import { afterAll, agentWith, describe, expect, makeTempDir, removeTempDirs, test, thrownBy } from './support';

afterAll(removeTempDirs);

describe('redactUrl()', () => {
  test.each([
    ['wss://api.example.test/v1/realtime?model=gpt-realtime&key=AIzaSyExample0123', `wss://api.example.test/v1/realtime?model=gpt-realtime&key=${REDACTED}`],
    ['https://h.test/v1?api_key=abc&format=json', `https://h.test/v1?api_key=${REDACTED}&format=json`],
    ['https://h.test/v1?apiKey=abc', `https://h.test/v1?apiKey=${REDACTED}`],
    ['https://h.test/v1?X-Api-Key=abc', `https://h.test/v1?X-Api-Key=${REDACTED}`],
    ['https://h.test/hook?token=t0k3n&id=7', `https://h.test/hook?token=${REDACTED}&id=7`],
    ['https://h.test/cb#access_token=eyJhbGci&token_type=bearer', `https://h.test/cb#access_token=${REDACTED}&token_type=bearer`],
    ['https://h.test/file?X-Amz-Signature=f00d&X-Amz-Expires=60', `https://h.test/file?X-Amz-Signature=${REDACTED}&X-Amz-Expires=60`],
    ['https://h.test/a?client_secret=s3cret&refresh_token=r', `https://h.test/a?client_secret=${REDACTED}&refresh_token=${REDACTED}`],
    ['https://user:hunter2@h.test/path', `https://user:${REDACTED}@h.test/path`],
  ])('%s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });

  test('leaves what carries no credential alone', () => {
    for (const url of ['https://h.test/v1?model=gpt&keyboard=us', 'https://h.test/v1?key=', 'https://h.test/token/abc', 'https://user@h.test/']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('redactText() and redactSecrets()', () => {
  test('URLs inside text, API keys and the OPENAI_API_KEY value', () => {
    const saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = 'env-secret-value-123';
    try {
      expect(redactText('Fetch https://h.test/x?token=abc then use sk-proj-abcdefghijklmnopqrstuvwx and env-secret-value-123.')).toBe(
        `Fetch https://h.test/x?token=${REDACTED} then use [redacted API key] and [redacted API key].`,
      );
    } finally {
      if (saved === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved;
    }
  });

  test('every string of a structure, keeping its other values as they are', () => {
    const audio = new ArrayBuffer(4);
    const redacted = redactSecrets({ options: { url: 'wss://h.test/?key=abc', model: 'gpt-realtime', retries: 2 }, audio, list: ['https://h.test/?token=x'] });

    expect(redacted).toEqual({ options: { url: `wss://h.test/?key=${REDACTED}`, model: 'gpt-realtime', retries: 2 }, audio, list: [`https://h.test/?token=${REDACTED}`] });
    expect(redacted.audio).toBe(audio);
  });

  test('a key named __proto__ stays a key of the copy (a conversation may have that name)', () => {
    const copy = redactSecrets(JSON.parse('{ "__proto__": { "calls": ["https://h.test/?token=x"] } }') as Record<string, unknown>);
    expect(Object.keys(copy)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe(`{"__proto__":{"calls":["https://h.test/?token=${REDACTED}"]}}`);
  });
});

describe('cassettes', () => {
  test('a URL credential in a request is never written, and the live request still replays', async () => {
    const input = 'Summarize https://docs.example.test/report?access_token=live-token-42&page=2';
    const path = join(makeTempDir(), 'url.json');
    const recorder = cassette(path, { mode: 'record', model: model({ verify: false }).replies('A summary.') });
    await run(agentWith(recorder), input);
    recorder.commit();

    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('live-token-42');
    expect(text).toContain(`access_token=${REDACTED}&page=2`);
    expect((await run(agentWith(cassette(path)), input)).finalOutput).toBe('A summary.');
  });
});

describe('realtime()', () => {
  test('rt.calls keeps no key from the URL a session connects to', async () => {
    const rt = realtime();
    const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant', instructions: 'Help.' }), { transport: rt });
    await session.connect({ apiKey: 'test', url: 'wss://realtime.example.test/v1?model=gpt-realtime&key=AIzaSyExample0123' });
    session.close();
    await rt.settled();

    expect(JSON.stringify(rt.calls)).not.toContain('AIzaSyExample0123');
    expect(rt.calls[0]).toMatchObject({ method: 'connect', options: { url: `wss://realtime.example.test/v1?model=gpt-realtime&key=${REDACTED}` } });
  });
});

describe('what is a credential, and what is not', () => {
  test('fields and headers named like credentials, in any case and with any separator', () => {
    const headers = { Authorization: 'Bearer abc', 'Proxy-Authorization': 'Basic x', 'api-key': 'k1', 'X-API-KEY': 'k2', Cookie: 'a=b', 'set-cookie': 'c=d' };
    const fields = { apiKey: 'k', client_secret: 's', 'refresh.token': 't', DB_PASSWORD: 'p', token: 't', key: 'k', empty_token: '' };
    expect(redactSecrets({ headers, fields })).toEqual({
      headers: Object.fromEntries(Object.keys(headers).map((name) => [name, REDACTED])),
      fields: { apiKey: REDACTED, client_secret: REDACTED, 'refresh.token': REDACTED, DB_PASSWORD: REDACTED, token: REDACTED, key: REDACTED, empty_token: '' },
    });
  });

  test('a string or a list of strings under a credential is redacted; numbers, booleans and objects are judged by their own names', () => {
    expect(redactSecrets({ api_key: ['a', 'b'], pin_code_token: 1234, credentials: { user: 'u', password: 'p' } })).toEqual({
      api_key: [REDACTED, REDACTED],
      pin_code_token: 1234,
      credentials: { user: 'u', password: REDACTED },
    });
  });

  test("a tool's JSON schema with a credential parameter stays a schema, and a map keyed by a test name keeps its values", () => {
    const value = {
      tools: [{ name: 'connect', parameters: { type: 'object', properties: { apiKey: { type: 'string', description: 'The key' } }, required: ['apiKey'] } }],
      conversations: { 'keeps the secret': { calls: ['Hello'] } },
    };
    expect(redactSecrets(value)).toBe(value);
  });

  test('counts, cache keys and logprob tokens are kept: they are test data, not credentials', () => {
    const settings = { max_tokens: 800, maxOutputTokens: 'auto', input_tokens: 3, prompt_cache_key: 'user-42', promptCacheKey: 'user-42', cache_key: 'k' };
    const logprobs = [{ token: 'Hello', logprob: -0.1, top_logprobs: [{ token: 'Hi', logprob: -2 }] }];
    const value = { settings, logprobs };
    expect(redactSecrets(value)).toBe(value);
  });

  test('prose that merely mentions a scheme, an address or a basic word is kept', () => {
    for (const text of [
      'Basic understanding of the bearer instrument helps.',
      'Write to mailto:bob@example.com or email:ann@example.com',
      'Meet at 10:30@venue',
      'https://h.test/v1?model=gpt&keyboard=us&tokens=5',
      'git@github.com:org/repo.git',
    ]) {
      expect(redactText(text)).toBe(text);
    }
  });

  test('secrets in text, with and without a scheme', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(redactText(`Authorization: Bearer ${jwt}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText(`token ${jwt} here`)).toBe(`token ${REDACTED} here`);
    expect(redactText(`Basic ${Buffer.from('u:p4ss').toString('base64')}`)).toBe(`Basic ${REDACTED}`);
    expect(redactText('db is alice:s3cret@db.example.com/app')).toBe(`db is alice:${REDACTED}@db.example.com/app`);
    expect(redactText('api.example.com/v1?subscription-key=abc&page=2')).toBe(`api.example.com/v1?subscription-key=${REDACTED}&page=2`);
    expect(redactText("export API_KEY='abc' PRIVATE_TOKEN=def")).toBe(`export API_KEY='${REDACTED}' PRIVATE_TOKEN=${REDACTED}`);
    expect(redactText('{"apiKey": "abc", "city": "Oslo"}')).toBe(`{"apiKey": "${REDACTED}", "city": "Oslo"}`);
    expect(redactText(JSON.stringify({ output: '{"apiKey":"abc"}' }))).toBe(JSON.stringify({ output: `{"apiKey":"${REDACTED}"}` }));
  });

  test('the value of any environment variable named like a credential, read as the environment is now', () => {
    process.env.SERVICE_PASSWORD = 'correct-horse-battery';
    process.env.SHORT_TOKEN = 'abc';
    try {
      expect(redactText('pw correct-horse-battery, short abc')).toBe(`pw ${REDACTED}, short abc`);
    } finally {
      delete process.env.SERVICE_PASSWORD;
      delete process.env.SHORT_TOKEN;
    }
    expect(redactText('pw correct-horse-battery')).toBe('pw correct-horse-battery');
  });

  test('a structure without a secret is returned as it is, not copied', () => {
    const value = { input: [{ role: 'user', content: 'Weather in Oslo?' }], usage: { inputTokens: 3 } };
    expect(redactSecrets(value)).toBe(value);
  });
});

describe('configure({ redact })', () => {
  test('adds names and patterns until it is set again', () => {
    const previous = configure({ redact: { names: ['x-tenant'], patterns: [/acct_[0-9]+/] } });
    try {
      expect(redactSecrets({ X_Tenant: 'acme', note: 'acct_42 and https://h.test/?x-tenant=acme' })).toEqual({ X_Tenant: REDACTED, note: `${REDACTED} and https://h.test/?x-tenant=${REDACTED}` });
    } finally {
      configure(previous);
    }
    expect(redactText('acct_42')).toBe('acct_42');
  });

  test.each([
    ['not an object', 'names' as never, 'takes an object of names and patterns'],
    ['an unknown field', { name: ['x'] } as never, 'takes only names and patterns; got "name"'],
    ['a name that is not a string', { names: [3] } as never, 'takes a list of non-empty names'],
    ['an empty name', { names: ['-'] } as never, 'takes a list of non-empty names'],
    ['a pattern given as a string', { patterns: ['acct_'] } as never, 'takes a list of regular expressions'],
    ['a pattern that matches nothing at all', { patterns: [/x*/] } as never, 'matches the empty string'],
  ])('refuses %s with a TypeError that says how to write it', (_case, redact, words) => {
    const error = thrownBy(() => configure({ redact }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toContain(words);
  });
});
