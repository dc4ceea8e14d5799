import { run, type Editor } from '@openai/agents';
import { filesystem } from '@openai/agents/sandbox';
import { model, sandbox } from 'agents-testkit';
import { expect, sandboxAgent, test } from './support';

test('a patch workflow: the model creates, updates and deletes files through apply_patch', async () => {
  const sb = sandbox({ files: { 'src/app.ts': 'export const port = 3000;\n' } })
    .createFile('README.md')
    .returns('Created README.md')
    .updateFile('src/app.ts')
    .returns()
    .deleteFile('old.txt')
    .returns();
  const script = model()
    .appliesPatch({ type: 'create_file', path: 'README.md', diff: '+# Demo\n+Run it with npm start.' })
    .thenAppliesPatch({ type: 'update_file', path: 'src/app.ts', diff: '@@\n-export const port = 3000;\n+export const port = 8080;\n' })
    .thenAppliesPatch({ type: 'delete_file', path: 'old.txt' })
    .thenReplies('Done.');

  const result = await run(sandboxAgent(script, [filesystem()]), 'Tidy the project.', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('Done.');
  expect(result).toHaveCalledToolTimes('apply_patch', 3);
  expect(sb).toHaveWrittenFile('README.md', '# Demo\nRun it with npm start.');
  expect(sb).toHaveWrittenFile('src/app.ts', 'export const port = 8080;\n');
  expect(sb).toHaveDeletedFile('old.txt');
  // The editor operations are steps like any other, in the one global order.
  expect(sb.calls.filter((call) => !call.setup).map((call) => call.method)).toEqual(['createFile', 'updateFile', 'deleteFile']);
  // What the step returned is what the model saw.
  expect(script.requests[1]?.input).toContainEqual(expect.objectContaining({ type: 'apply_patch_call_output', output: 'Created README.md' }));
});

test('editor steps match the operation: by path, RegExp, or a predicate on the operation', async () => {
  const sb = sandbox()
    .createFile((operation) => operation.path.endsWith('.md') && operation.diff.includes('# Notes'))
    .returns()
    .updateFile(/^src\//)
    .returns({ status: 'completed', output: 'Updated.' });
  const script = model()
    .appliesPatch({ type: 'create_file', path: 'docs/notes.md', diff: '+# Notes' })
    .thenAppliesPatch({ type: 'update_file', path: 'src/index.ts', diff: '@@\n-a\n+b\n' })
    .thenReplies('Done.');

  await run(sandboxAgent(script, [filesystem()]), 'Write notes.', { sandbox: { session: sb } });

  expect(sb).toBeComplete();
  expect(sb).toHaveWrittenFile('docs/notes.md', '# Notes');
  // The script never saw src/index.ts, so it cannot know what the update left there.
  expect(sb).toHaveWrittenFile('src/index.ts');
});

test('a failing edit is a planned outcome: the SDK reports it to the model, and no file is written', async () => {
  const sb = sandbox().createFile('locked.txt').fails(new Error('permission denied'));
  const script = model().appliesPatch({ type: 'create_file', path: 'locked.txt', diff: '+x' }).thenReplies('I could not write it.');

  const result = await run(sandboxAgent(script, [filesystem()]), 'Write it.', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('I could not write it.');
  expect(script.lastRequest?.input).toContainEqual(
    expect.objectContaining({ type: 'apply_patch_call_output', status: 'failed', output: 'permission denied' }),
  );
  expect(sb).toBeComplete();
  expect(sb).not.toHaveWrittenFile('locked.txt');
});

test('a move is an update whose content follows the file', async () => {
  const sb = sandbox({ files: { 'a.txt': 'alpha\n' } }).updateFile('a.txt').returns();
  const script = model().appliesPatch({ type: 'update_file', path: 'a.txt', diff: '', moveTo: 'b.txt' }).thenReplies('Moved.');

  await run(sandboxAgent(script, [filesystem()]), 'Rename it.', { sandbox: { session: sb } });

  expect(sb).toHaveWrittenFile('b.txt', 'alpha\n');
  expect(sb).not.toHaveWrittenFile('a.txt');
});

test('view_image returns the scripted image', async () => {
  const sb = sandbox().viewImage('chart.png').returns({ type: 'image', image: { data: 'iVBORw0KGgo=', mediaType: 'image/png' } });
  const script = model().calls('view_image', { path: 'chart.png' }).thenReplies('A chart.');

  const result = await run(sandboxAgent(script, [filesystem()]), 'What does the chart show?', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('A chart.');
  expect(script.lastRequest?.input).toContainEqual(
    expect.objectContaining({
      type: 'function_call_result',
      name: 'view_image',
      output: [expect.objectContaining({ type: 'input_image', image: 'data:image/png;base64,iVBORw0KGgo=' })],
    }),
  );
  expect(sb.calls.at(-1)).toMatchObject({ method: 'viewImage', args: [{ path: 'chart.png' }], step: 0 });
});

test('a scripted createEditor hands the filesystem capability your own editor', async () => {
  const edited: string[] = [];
  const editor: Editor = {
    createFile: async (operation) => {
      edited.push(operation.path);
      return { output: 'written by my editor' };
    },
    updateFile: async () => undefined,
    deleteFile: async () => undefined,
  };
  const sb = sandbox().expect('createEditor').returns(editor);
  const script = model().appliesPatch({ type: 'create_file', path: 'a.txt', diff: '+a' }).thenReplies('Done.');

  await run(sandboxAgent(script, [filesystem()]), 'Write a.', { sandbox: { session: sb } });

  expect(edited).toEqual(['a.txt']);
  expect(sb.calls.map((call) => [call.method, call.setup])).toEqual([
    ['createEditor', false],
    ['createEditor', true],
  ]);
});
