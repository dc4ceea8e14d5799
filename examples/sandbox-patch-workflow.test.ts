import { run } from '@openai/agents';
import { SandboxAgent } from '@openai/agents/sandbox';
import { model, sandbox } from 'agents-testkit';

test('the agent edits files with apply_patch', async () => {
  // files: what the workspace holds before the run, so an update has a known result.
  const sb = sandbox({ files: { 'src/config.ts': 'export const port = 3000;\n' } })
    .updateFile('src/config.ts')
    .returns()
    .createFile('CHANGELOG.md')
    .returns('Created CHANGELOG.md');
  const agent = new SandboxAgent({
    name: 'Editor',
    model: model()
      .appliesPatch({
        type: 'update_file',
        path: 'src/config.ts',
        diff: '@@\n-export const port = 3000;\n+export const port = 8080;\n',
      })
      .thenAppliesPatch({ type: 'create_file', path: 'CHANGELOG.md', diff: '+## 1.3.0\n+- Port 8080' })
      .thenReplies('Moved to port 8080 and noted it.'),
  });

  const result = await run(agent, 'Serve on port 8080.', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('Moved to port 8080 and noted it.');
  expect(sb).toHaveWrittenFile('src/config.ts', 'export const port = 8080;\n');
  expect(sb).toHaveWrittenFile('CHANGELOG.md', expect.stringContaining('Port 8080'));
});
