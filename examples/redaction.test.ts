import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, run } from '@openai/agents';
import { cassette, configure, model } from 'agents-testkit';

test('a recording keeps no header, token or account number of the app', async () => {
  // The kit's own rules, plus a header and an id format of this app; the setting ends with the file.
  configure({ redact: { names: ['x-tenant'], patterns: [/acct_[0-9]+/] } });
  const path = join(mkdtempSync(join(tmpdir(), 'redaction-')), 'support.json');
  const agent = (script: ReturnType<typeof cassette>) =>
    new Agent({
      name: 'Support',
      model: script,
      modelSettings: { providerData: { headers: { 'api-key': 'azure-key-7f3a9c1d', 'x-tenant': 'acme' } } },
    });
  const question = 'Why was acct_0042 billed? The portal said api.example.com/v1?subscription-key=abc123';

  // Recording without the network: a scripted model stands in for the real one.
  const recorder = cassette(path, { mode: 'record', model: model().replies('It was billed twice.') });
  await run(agent(recorder), question);
  recorder.commit();

  const written = readFileSync(path, 'utf8');
  for (const secret of ['azure-key-7f3a9c1d', 'acme', 'acct_0042', 'abc123']) expect(written).not.toContain(secret);
  expect(written).toContain('"api-key": "[redacted]"');

  // The live request is redacted the same way before it is compared, so the recording replays.
  expect((await run(agent(cassette(path)), question)).finalOutput).toBe('It was billed twice.');
});
