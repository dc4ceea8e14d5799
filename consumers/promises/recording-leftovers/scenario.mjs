// docs/record-and-replay.md, "Record and replay" ("Nothing recorded is lost"): leftovers of a crashed run never block
// the next run, a replay names the partial file holding its conversation, and a conversation named
// __proto__ is kept like any other.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';

export const promise = 'leftovers of a crashed run never block a run; __proto__ is kept';

const holder = (pid, path) => JSON.stringify({ pid, label: `cassette("${path}")`, test: 'a test of a run that crashed' });
const claimFile = (path, conversation) => `${path}.recording-${createHash('sha1').update(conversation).digest('hex').slice(0, 10)}.lock`;

export async function play(t) {
  // A process that has ended: its pid is free (reused only after the system runs through every other).
  const gone = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout);
  // This scenario's own process is alive, and records nothing.
  const alive = process.pid;
  t.write('dead-lock.json.lock', holder(gone, 'dead-lock.json'));
  t.write('live-lock.json.lock', holder(alive, 'live-lock.json'));
  t.write(claimFile('stale-claim.json', 'a recording claim left by a live process that is not recording is taken over'), holder(alive, 'stale-claim.json'));
  // The partial files a failed or crashed recording leaves: the recordings it kept.
  const call = {
    request: { input: 'Count.', tools: [], handoffs: [], outputType: 'text', settings: {} },
    streamed: false,
    response: { output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Kept.' }] }], usage: { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 } },
  };
  t.write('kept.json.partial-999999.json', JSON.stringify({ version: 2, conversations: { 'a replay names the partial file that holds its conversation': { calls: [call] } } }));
  const tools = [{ name: 'read_note', inputSchema: { type: 'object', properties: {} } }];
  t.write('kept-mcp.json.partial-999999.json', JSON.stringify({ version: 2, conversations: { 'an MCP replay names the partial file that holds its conversation': { server: 'notes', tools, calls: [] } } }));

  const started = Date.now();
  const outcome = await t.run();
  t.judge(outcome);
  t.check('the run took no lock wait (each lock was taken over at once)', Date.now() - started < 30_000, `${Date.now() - started} ms`);

  const conversations = (file) => {
    try {
      return JSON.parse(t.read(file) ?? '{}').conversations ?? {};
    } catch {
      return {};
    }
  };
  for (const file of ['dead-lock.json', 'live-lock.json', 'stale-claim.json']) {
    t.check(`${file} was committed`, Object.keys(conversations(file)).length === 1, t.read(file) ?? '(missing)');
  }
  t.check('the stale locks and claims are gone', t.files(/\.lock$/).length === 0, t.files(/\.lock$/).join(', '));
  t.check('proto.json holds a conversation named __proto__', Object.hasOwn(conversations('proto.json'), '__proto__'), (t.read('proto.json') ?? '(missing)').slice(0, 200));
  const [partial] = t.files(/^proto-kept\.json\.partial-\d+\.json$/);
  t.check(
    'the failing recording of __proto__ is kept in its partial file',
    partial !== undefined && Object.hasOwn(conversations(partial), '__proto__') && conversations(partial).__proto__?.calls?.length === 1,
    partial === undefined ? `no partial file: ${t.files(/proto/).join(', ')}` : t.read(partial).slice(0, 200),
  );
}
