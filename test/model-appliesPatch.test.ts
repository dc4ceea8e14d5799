import { Agent, run } from '@openai/agents';
import { filesystem } from '@openai/agents/sandbox';
import { MismatchError, model, sandbox, ScriptError } from 'agents-testkit';
import { expect, failureOf, rejectionOf, sandboxAgent, test, thrownBy } from './support';

test('appliesPatch emits the apply_patch_call the SDK offers apply_patch for', async () => {
  const sb = sandbox().createFile('a.md').returns();
  const script = model().appliesPatch({ type: 'create_file', path: 'a.md', diff: '+# A' }).thenReplies('Done.');

  const result = await run(sandboxAgent(script, [filesystem()]), 'Write a.', { sandbox: { session: sb } });

  expect(result.newItems[0]?.rawItem).toEqual({
    type: 'apply_patch_call',
    callId: 'call_1',
    status: 'completed',
    operation: { type: 'create_file', path: 'a.md', diff: '+# A' },
  });
  expect(result).toHaveCalledTool('apply_patch', { operation: { type: 'create_file', path: 'a.md' } });
});

test('t.appliesPatch puts an edit beside other items in one turn; call ids follow script order', async () => {
  const sb = sandbox().createFile('a.md').returns().deleteFile('b.md').returns();
  const script = model()
    .turn((t) =>
      t
        .replies('Editing.')
        .appliesPatch({ type: 'create_file', path: 'a.md', diff: '+a' })
        .appliesPatch({ type: 'delete_file', path: 'b.md' }, { callId: 'patch_b' }),
    )
    .thenReplies('Done.');

  const result = await run(sandboxAgent(script, [filesystem()]), 'Edit.', { sandbox: { session: sb } });

  expect(result.newItems.filter((item) => item.type === 'tool_call_item').map((item) => (item.rawItem as { callId: string }).callId)).toEqual([
    'call_1',
    'patch_b',
  ]);
  expect(sb).toBeComplete();
});

test('times() repeats a patch turn with fresh call ids', async () => {
  const sb = sandbox().updateFile('log.txt').returns().updateFile('log.txt').returns();
  const script = model().appliesPatch({ type: 'update_file', path: 'log.txt', diff: '@@\n+x\n' }).times(2).thenReplies('Done.');

  const result = await run(sandboxAgent(script, [filesystem()]), 'Log twice.', { sandbox: { session: sb } });

  expect(result).toHaveCalledToolTimes('apply_patch', 2);
  expect(result.newItems.filter((item) => item.type === 'tool_call_item').map((item) => (item.rawItem as { callId: string }).callId)).toEqual([
    'call_1',
    'call_2',
  ]);
  expect(failureOf(() => expect(script).not.toBeComplete())).toContain('2. appliesPatch(update_file "log.txt") (repeat 2 of 2)');
});

test('an agent without apply_patch: the model call fails, naming what the agent offers', async () => {
  const script = model({ verify: false }).appliesPatch({ type: 'delete_file', path: 'a.md' });
  const agent = new Agent({ name: 'Plain', model: script });

  const error = await rejectionOf(run(agent, 'Delete a.'));

  expect(error).toBeInstanceOf(MismatchError);
  expect(error.message).toMatchSnapshot();
});

test('a malformed operation is a ScriptError where it is written', () => {
  const errors = [
    thrownBy(() => model({ verify: false }).appliesPatch({ type: 'rename_file', path: 'a' } as never)),
    thrownBy(() => model({ verify: false }).appliesPatch({ type: 'create_file', path: '', diff: '+a' })),
    thrownBy(() => model({ verify: false }).appliesPatch({ type: 'create_file', path: 'a.md' } as never)),
    thrownBy(() => model({ verify: false }).replies('x').thenTurn((t) => t.appliesPatch('delete a.md' as never))),
  ];

  expect(errors.every((error) => error instanceof ScriptError && error.reason === 'invalid_patch')).toBe(true);
  expect(errors.map((error) => error.message)).toMatchSnapshot();
});
