// README, "Offline guard and scripted providers": under configure({ offline: 'strict' }) no request
// that a test makes leaves the machine, however the client was built (the SDK's models with the
// app's OpenAI client, the app's own client, fetch, http, https, a raw socket); each fails where it
// is made, naming its method and host, and the test fails even when the failure is caught. The
// count comes from below the kit: count.cjs, preloaded into every process before the runner,
// logs what reaches fetch and the socket layer (and refuses anything going out, kit or no kit).
import { join } from 'node:path';

export const promise = "configure({ offline: 'strict' }) lets no request beyond loopback leave, whichever way the client was built";

const expected = {
  'responses-model': ['POST', '192.0.2.2'],
  'chat-model': ['POST', '192.0.2.2'],
  'app-client': ['POST', '192.0.2.2'],
  fetch: ['PUT', '192.0.2.2'],
  http: ['DELETE', '192.0.2.2'],
  https: ['GET', '192.0.2.2'],
  socket: ['192.0.2.2:443'],
};

export async function play(t) {
  const log = join(t.dir, 'count.log');
  const saidFile = join(t.dir, 'said.jsonl');
  t.write('count.log', '');
  t.write('said.jsonl', '');
  const outcome = await t.run({
    specs: ['strict.test.ts'],
    env: { NODE_OPTIONS: `--require=${join(t.dir, 'count.cjs')}`, STRICT_OFFLINE_LOG: log, STRICT_OFFLINE_SAID: saidFile, OPENAI_API_KEY: 'sk-test' },
  });
  t.judge(outcome, { label: 'strict' });

  const lines = (t.read('count.log') ?? '').split('\n').filter(Boolean);
  const outside = lines.filter((line) => line.includes('OUTSIDE'));
  t.check('the counter below the kit ran in the test process', lines.some((line) => line.endsWith(' counting')), lines.join('\n') || outcome.output.slice(-1500));
  t.check('zero requests beyond loopback reached fetch or a socket', outside.length === 0, outside.join('\n'));
  t.check('the loopback server got its requests (fetch, http.get, the allowed host)', lines.filter((line) => / loopback /.test(line)).length >= 3, lines.join('\n'));

  const said = new Map((t.read('said.jsonl') ?? '').split('\n').filter(Boolean).map((line) => JSON.parse(line)).map(({ name, said }) => [name, said]));
  for (const [name, words] of Object.entries(expected)) {
    const text = said.get(name) ?? '(the test wrote nothing)';
    t.check(`${name}: the call site's error names ${words.join(' and ')} and the fix`, words.every((word) => text.includes(word)) && text.includes("allow: ['192.0.2.2']"), text);
  }
}
