import { run } from '@openai/agents';
import { filesystem, memory, shell, skills } from '@openai/agents/sandbox';
import { model, sandbox } from 'agents-testkit';
import { expect, sandboxAgent, test } from './support';

const SKILL = '---\nname: release\ndescription: Cuts a release.\n---\nSteps…';

test('the verbs stay available to the test while the SDK finds only the scripted methods', () => {
  const sb = sandbox({ verify: false }).readFile('notes.md').returns('# Notes');

  // The test sees every verb…
  expect(typeof sb.listDir).toBe('function');
  expect(typeof sb.writeStdin).toBe('function');
  // …and the SDK's shell capability finds no writeStdin, so it offers no write_stdin tool.
  expect(shell().bind(sb).tools().map((tool) => tool.name)).toEqual(['exec_command']);
});

test('a scripted writeStdin is what the SDK finds, and it then answers supportsPty() itself', () => {
  const sb = sandbox({ verify: false }).writeStdin('y\n').returns('');

  expect(shell().bind(sb).tools().map((tool) => tool.name)).toEqual(['exec_command', 'write_stdin']);
  expect(sb.calls).toEqual([{ index: 0, method: 'supportsPty', args: [], setup: true, step: undefined, mismatch: false }]);
});

test('memory: without a readFile step the SDK sees no readFile, and its summary read is answered as set-up', async () => {
  const sb = sandbox();
  const script = model().replies('Hello.');

  await run(sandboxAgent(script, [shell(), filesystem(), memory({ generate: false })]), 'Hi', { sandbox: { session: sb } });

  expect(sb).toBeComplete();
  const setUp = sb.calls.filter((call) => call.setup).map((call) => call.method);
  expect(setUp).toEqual(['applyManifest', 'createEditor', 'createEditor', 'execCommand']);
  expect(script.firstRequest?.systemInstructions).not.toContain('memory_summary');
});

test('memory: a readFile step is what the SDK reads the summary with', async () => {
  const sb = sandbox().readFile('memories/memory_summary.md').returns('The user prefers short answers.');
  const script = model().replies('Hello.');

  await run(sandboxAgent(script, [shell(), filesystem(), memory({ generate: false })]), 'Hi', { sandbox: { session: sb } });

  expect(sb).toBeComplete();
  expect(script.firstRequest?.systemInstructions).toContain('The user prefers short answers.');
});

test('skills given inline reach the session through the answered applyManifest', async () => {
  const sb = sandbox();
  const script = model().replies('Hello.');

  await run(sandboxAgent(script, [skills({ skills: [{ name: 'release', description: 'Cuts a release.', content: SKILL }] })]), 'Hi', {
    sandbox: { session: sb },
  });

  expect(sb).toBeComplete();
  expect(sb.calls.map((call) => [call.method, call.setup])).toEqual([['applyManifest', true]]);
  expect(script.firstRequest?.systemInstructions).toContain('release: Cuts a release.');
});

test('skills discovered from the workspace: listDir and readFile are steps when scripted', async () => {
  const sb = sandbox()
    .listDir('.agents')
    .returns([{ name: 'release', path: '.agents/release', type: 'dir' }])
    .readFile('.agents/release/SKILL.md')
    .returns(SKILL);
  const script = model().replies('Hello.');

  await run(sandboxAgent(script, [skills({ from: { type: 'dir', children: {} } })]), 'Hi', { sandbox: { session: sb } });

  expect(sb).toBeComplete();
  expect(script.firstRequest?.systemInstructions).toContain('release: Cuts a release.');
});

test('lazy skills need pathExists and materializeEntry: declare them with supports, script the calls the model causes', async () => {
  const lazySkills = skills({ lazyFrom: { source: { type: 'local_dir', src: 'skills' }, index: [{ name: 'release', description: 'Cuts a release.' }] } });
  const sb = sandbox({ supports: ['pathExists', 'materializeEntry'] })
    .pathExists('.agents/release/SKILL.md')
    .returns(false)
    .expect('materializeEntry', ({ path }) => path === '.agents/release')
    .returns();
  const script = model().calls('load_skill', { skill_name: 'release' }).thenReplies('Loaded.');

  const result = await run(sandboxAgent(script, [lazySkills]), 'Cut a release.', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('Loaded.');
  expect(sb).toBeComplete();
});

test('lifecycle methods exist only when scripted: then the runner starts the session', async () => {
  const sb = sandbox().expect('running').returns(false).expect('start').returns();
  const script = model().replies('Hello.');

  await run(sandboxAgent(script, [shell()]), 'Hi', { sandbox: { session: sb } });

  expect(sb).toBeComplete();
  expect(sb.calls.map((call) => call.method)).toEqual(['running', 'start']);
  expect(sb.calls[1]?.args).toEqual([{ reason: 'provided' }]);
});

test('a set-up call takes a scripted step of its method when there is one', async () => {
  const sb = sandbox().expect('applyManifest', (manifest) => '.agents/release' in manifest.entries).returns();
  const script = model().replies('Hello.');

  await run(sandboxAgent(script, [skills({ skills: [{ name: 'release', description: 'Cuts a release.', content: SKILL }] })]), 'Hi', {
    sandbox: { session: sb },
  });

  expect(sb).toBeComplete();
  expect(sb.calls).toEqual([expect.objectContaining({ method: 'applyManifest', setup: false, step: 0 })]);
});
