/**
 * Issue 25, items 3 and 4: each secret form, put into a request, a response, a tool output and a
 * URL, never reaches a cassette file, a transcript, a failure message or `rt.calls`; and a
 * redacted recording still replays the live run it came from.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, tool } from '@openai/agents';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { z } from 'zod';
import { cassette, configure, model, realtime, transcript } from 'agents-testkit';
import { afterAll, agentWith, describe, expect, failureOf, makeTempDir, rejectionOf, removeTempDirs, test } from './support';

afterAll(removeTempDirs);

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyLTQyIn0.dGVzdC1zaWduYXR1cmUtNDI';
const BASIC = Buffer.from('alice:wonderland-42').toString('base64');

interface Form {
  /** The form, as the spec's title names it. */
  form: string;
  /** What must never be written or printed. */
  secret: string;
  /** Headers the app puts in `modelSettings.providerData`, when the form is a header. */
  headers?: Record<string, string>;
  /** The secret as text carries it (a tool output, a reply). */
  text: string;
  /** The secret in a URL. */
  url: string;
  /** Sets up what the form needs (an environment variable, a setting); returns the undo. */
  arrange?: () => () => void;
}

const FORMS: Form[] = [
  {
    form: 'an api-key header in providerData',
    secret: 'azure-key-7f3a9c1d',
    headers: { 'api-key': 'azure-key-7f3a9c1d' },
    text: '{"api-key": "azure-key-7f3a9c1d", "region": "eu"}',
    url: 'https://res.example.test/openai/deployments?api-key=azure-key-7f3a9c1d',
  },
  {
    form: 'an Authorization header carrying a Bearer JWT',
    secret: JWT,
    headers: { Authorization: `Bearer ${JWT}` },
    text: `Authorization: Bearer ${JWT}`,
    url: `https://app.example.test/callback#id_token=${JWT}&state=1`,
  },
  { form: 'a bearer token', secret: 'tok_9f8e7d6c5b4a', text: 'curl -H "Authorization: bearer tok_9f8e7d6c5b4a" https://api.example.test', url: 'https://api.example.test/v1?access_token=tok_9f8e7d6c5b4a' },
  { form: 'credentials in a URL without a scheme', secret: 'pa55-w0rd-db', text: 'connect to alice:pa55-w0rd-db@db.example.test/orders', url: 'alice:pa55-w0rd-db@db.example.test:5432/orders' },
  {
    form: 'a subscription-key query parameter',
    secret: 'sub0123456789abcdef',
    text: 'GET api.example.test/v1/items?subscription-key=sub0123456789abcdef',
    url: 'api.example.test/v1/items?page=2&subscription-key=sub0123456789abcdef',
  },
  { form: 'a private_token query parameter', secret: 'glpat-x1y2z3w4v5', text: 'see gitlab.example.test/api/v4/projects?private_token=glpat-x1y2z3w4v5', url: 'gitlab.example.test/api/v4/projects?private_token=glpat-x1y2z3w4v5' },
  { form: 'a jwt query parameter', secret: 'opaque-jwt-77aa', text: 'open https://app.example.test/embed?jwt=opaque-jwt-77aa now', url: 'app.example.test/embed?jwt=opaque-jwt-77aa' },
  {
    form: 'the value of a credential environment variable',
    secret: 'env-value-5d4c3b2a',
    text: 'the service answered with env-value-5d4c3b2a',
    url: 'https://files.example.test/p/env-value-5d4c3b2a/report',
    arrange() {
      process.env.BILLING_SERVICE_TOKEN = 'env-value-5d4c3b2a';
      return () => delete process.env.BILLING_SERVICE_TOKEN;
    },
  },
  { form: 'a Basic credential', secret: BASIC, headers: { Authorization: `Basic ${BASIC}` }, text: `Authorization: Basic ${BASIC}`, url: `https://h.example.test/login?auth=Basic%20${BASIC}` },
  {
    form: 'a name the user added',
    secret: 'tenant-acme-0042',
    headers: { 'X-Tenant': 'tenant-acme-0042' },
    text: '{"x_tenant": "tenant-acme-0042"}',
    url: 'https://api.example.test/v1?x-tenant=tenant-acme-0042',
    arrange() {
      const previous = configure({ redact: { names: ['x-tenant'] } });
      return () => configure(previous);
    },
  },
  {
    form: 'a pattern the user added',
    secret: 'acct_0042424242',
    text: 'billed to acct_0042424242',
    url: 'https://bank.example.test/accounts/acct_0042424242',
    arrange() {
      const previous = configure({ redact: { patterns: [/acct_[0-9]+/] } });
      return () => configure(previous);
    },
  },
];

const fetchConfig = (output: string) =>
  tool({ name: 'fetch_config', description: 'Fetches a configuration', parameters: z.object({ url: z.string() }), execute: async () => output });

/** Where the secret goes: what the app sends, what the model answers, what a tool returns. */
const PLACEMENTS = {
  'a request': (form: Form) => ({ input: `Please check ${form.text}`, headers: form.headers, reply: 'Checked.', call: undefined, output: 'ok' }),
  'a response': (form: Form) => ({ input: 'What is the setting?', headers: undefined, reply: `It is ${form.text}`, call: undefined, output: 'ok' }),
  'a tool output': (form: Form) => ({ input: 'Fetch the config.', headers: undefined, reply: 'Fetched.', call: 'https://config.example.test/app', output: form.headers ? `${JSON.stringify(form.headers)} ${form.text}` : form.text }),
  'a URL': (form: Form) => ({ input: `Fetch ${form.url}`, headers: undefined, reply: 'Fetched.', call: form.url, output: 'ok' }),
};
type Placement = keyof typeof PLACEMENTS;

const CASES = FORMS.flatMap((form) => (Object.keys(PLACEMENTS) as Placement[]).map((placement) => [form.form, placement, form] as const));

describe('no secret form reaches a cassette or a message', () => {
  test.each(CASES)('%s in %s', async (_name, placement, form) => {
    const undo = form.arrange?.() ?? (() => undefined);
    try {
      const plan = PLACEMENTS[placement](form);
      const fetch = fetchConfig(plan.output);
      const agent = (script: Parameters<typeof agentWith>[0]) =>
        agentWith(script, { tools: [fetch], ...(plan.headers ? { modelSettings: { providerData: { headers: plan.headers } } } : {}) });
      const scripted = plan.call === undefined ? model({ verify: false }).replies(plan.reply) : model({ verify: false }).calls(fetch, { url: plan.call }).thenReplies(plan.reply);
      const path = join(makeTempDir(), 'secret.json');
      const recorder = cassette(path, { mode: 'record', model: scripted });
      const result = await run(agent(recorder), plan.input);
      recorder.commit();

      expect(readFileSync(path, 'utf8')).not.toContain(form.secret);
      expect(transcript(result)).not.toContain(form.secret);
      expect(failureOf(() => expect(result).toHaveToolOutput(fetch, 'something else'))).not.toContain(form.secret);
      expect(failureOf(() => expect(result).toHaveCalledTool('not_a_tool'))).not.toContain(form.secret);

      // The live run, redacted the same way, replays its redacted recording.
      const replayed = await run(agent(cassette(path)), plan.input);
      expect(replayed.newItems.length).toBe(result.newItems.length);
      // A drifted request's message names the change without the secret.
      const drift = await rejectionOf(run(agent(cassette(path, { verify: false })), `${plan.input} (changed)`));
      expect(drift.message).toContain('Since it was recorded');
      expect(drift.message).not.toContain(form.secret);
    } finally {
      undo();
    }
  });

  test.each(FORMS.map((form) => [form.form, form] as const))('%s in rt.calls', async (_name, form) => {
    const undo = form.arrange?.() ?? (() => undefined);
    try {
      const rt = realtime({ strict: false });
      const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant', instructions: 'Help.' }), { transport: rt });
      await session.connect({ apiKey: 'test', url: `wss://realtime.example.test/v1?model=gpt-realtime&${form.url.split('?')[1] ?? ''}` });
      session.sendMessage(`${form.text} ${form.url}`);
      session.close();
      await rt.settled();

      expect(JSON.stringify(rt.calls)).not.toContain(form.secret);
      expect(rt.calls.map((call) => call.method)).toContain('sendMessage');
    } finally {
      undo();
    }
  });
});

describe('a cassette recorded before a rule existed', () => {
  test('still replays: what it holds is redacted as the live request is, and its next write drops the secret', async () => {
    const headers = { 'api-key': 'azure-key-old-0001' };
    const agent = (script: Parameters<typeof agentWith>[0]) => agentWith(script, { modelSettings: { providerData: { headers } } });
    const path = join(makeTempDir(), 'old.json');
    const recorder = cassette(path, { mode: 'record', model: model({ verify: false }).replies('Hello.') });
    await run(agent(recorder), 'Hi');
    recorder.commit();
    // As an older kit wrote it: the header verbatim.
    writeFileSync(path, readFileSync(path, 'utf8').replace('"api-key": "[redacted]"', '"api-key": "azure-key-old-0001"'));
    expect(readFileSync(path, 'utf8')).toContain('azure-key-old-0001');

    expect((await run(agent(cassette(path)), 'Hi')).finalOutput).toBe('Hello.');
  });
});
