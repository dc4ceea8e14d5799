/**
 * Keys carried by URLs (`?key=…`, `api_key`, `token`, `access_token`, a password in
 * `user:pass@host`) are redacted wherever the kit records a call: one function, redactSecrets,
 * used by cassettes and by every double that keeps a URL.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '@openai/agents';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { cassette, model, realtime } from 'agents-testkit';
import { REDACTED, redactSecrets, redactText, redactUrl } from '../src/format/secrets';
import { afterAll, agentWith, describe, expect, makeTempDir, removeTempDirs, test } from './support';

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
