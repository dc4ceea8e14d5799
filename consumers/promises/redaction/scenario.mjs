// README, "Secrets": a record run writes no secret to its cassette, and nothing the runner prints
// (a transcript, a failure message) shows one; the redacted recording replays. A recording that
// holds a secret in the clear (made before a redaction rule existed) is redacted as it is read: it
// still replays, and nothing the runner prints shows the secret.
export const promise = 'a record run writes no secret, no message prints one, and the recording replays, also one that holds a secret in the clear';

const SECRETS = ['azure-key-7f3a9c1d', 'eyJzdWIiOiJjb25zdW1lciJ9', 'pa55-w0rd-db', 'sub0123456789abcdef', 'tok_9f8e7d6c5b4a', 'glpat-x1y2z3w4v5', 'env-value-5d4c3b2a'];
const env = { SUPPORT_SERVICE_TOKEN: 'env-value-5d4c3b2a' };

export async function play(t) {
  const recording = await t.run({ env: { ...env, AGENTS_TESTKIT_CASSETTE_MODE: 'record' } });
  t.judge(recording, { label: 'record run' });
  const file = t.read('support.json');
  t.check('the record run wrote support.json', file !== undefined, recording.output.split('\n').slice(-15).join('\n'));
  t.check('support.json keeps the header, redacted', file?.includes('"api-key": "[redacted]"'), file?.slice(0, 600));
  for (const secret of SECRETS) {
    t.check(`support.json holds no ${secret}`, !file?.includes(secret), file);
    t.check(`the record run printed no ${secret}`, !recording.output.includes(secret), recording.output.slice(-1500));
  }

  const replay = await t.run({ env });
  t.judge(replay, { label: 'replay run' });
  for (const secret of SECRETS) t.check(`the replay run printed no ${secret}`, !replay.output.includes(secret), replay.output.slice(-1500));

  if (file === undefined) return;
  t.write('support.json', file.replace('"api-key": "[redacted]"', '"api-key": "azure-key-7f3a9c1d"'));
  const tampered = await t.run({ env });
  t.judge(tampered, { label: 'replay of a recording with the api-key in the clear' });
  for (const secret of SECRETS) t.check(`the replay of the recording with a secret in the clear printed no ${secret}`, !tampered.output.includes(secret), tampered.output.slice(-1500));
}
