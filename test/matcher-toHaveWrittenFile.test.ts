import { scriptedSandboxSession } from '@openai/agents/testing';
import { sandbox } from 'agents-testkit';
import { expect, failureOf, test } from './support';

/** A script whose editor created README.md, updated a known and an unknown file, and deleted one. */
async function patched() {
  const sb = sandbox({ verify: false, files: { 'src/app.ts': 'port = 3000\n' } })
    .createFile('README.md')
    .returns()
    .updateFile('src/app.ts')
    .returns()
    .updateFile('src/other.ts')
    .returns()
    .deleteFile('old.txt')
    .returns();
  const editor = sb.createEditor();
  await editor.createFile({ type: 'create_file', path: 'README.md', diff: '+# Demo\n+Run npm start.' });
  await editor.updateFile({ type: 'update_file', path: 'src/app.ts', diff: '@@\n-port = 3000\n+port = 8080\n' });
  await editor.updateFile({ type: 'update_file', path: 'src/other.ts', diff: '@@\n-a\n+b\n' });
  await editor.deleteFile({ type: 'delete_file', path: 'old.txt' });
  return sb;
}

test('passes for a written file, with content as a string, a RegExp or an asymmetric matcher', async () => {
  const sb = await patched();

  expect(sb).toHaveWrittenFile('README.md');
  expect(sb).toHaveWrittenFile('README.md', '# Demo\nRun npm start.');
  expect(sb).toHaveWrittenFile('src/app.ts', /port = 8080/);
  expect(sb).toHaveWrittenFile('src/app.ts', expect.stringContaining('8080'));
  expect(sb).not.toHaveWrittenFile('old.txt');
});

test('fails with a diff when the content differs', async () => {
  const sb = await patched();

  expect(failureOf(() => expect(sb).toHaveWrittenFile('src/app.ts', 'port = 9090\n'))).toMatchSnapshot();
});

test('fails when no patch wrote the file, suggesting a close path', async () => {
  const sb = await patched();

  expect(failureOf(() => expect(sb).toHaveWrittenFile('README.txt'))).toMatchSnapshot();
});

test('says why the content of an updated file is unknown', async () => {
  const sb = await patched();

  expect(failureOf(() => expect(sb).toHaveWrittenFile('src/other.ts', 'b\n'))).toMatchSnapshot();
});

test('.not fails for a written file', async () => {
  const sb = await patched();

  expect(failureOf(() => expect(sb).not.toHaveWrittenFile('README.md', expect.stringContaining('Demo')))).toMatchSnapshot();
});

test("the SDK's scripted session has no editor record, so it is a matcher error", () => {
  expect(failureOf(() => expect(scriptedSandboxSession()).toHaveWrittenFile('a.txt'))).toMatchSnapshot();
  expect(failureOf(() => expect(sandbox({ verify: false })).toHaveWrittenFile('a.txt', 3 as never))).toMatchSnapshot();
});

test('content that is a RegExp or an asymmetric matcher fails showing the whole content', async () => {
  const sb = await patched();
  expect(failureOf(() => expect(sb).toHaveWrittenFile('src/app.ts', /port = 9090/))).toMatchSnapshot();
  expect(failureOf(() => expect(sb).toHaveWrittenFile('README.md', expect.stringContaining('yarn')))).toMatchSnapshot();
});

test('.not with content fails when the last write matches it', async () => {
  const sb = await patched();
  expect(sb).not.toHaveWrittenFile('src/app.ts', /port = 9090/);
  expect(failureOf(() => expect(sb).not.toHaveWrittenFile('src/app.ts', /port = 8080/))).toMatchSnapshot();
});

test('a path that is empty or not a string is a matcher error', async () => {
  const sb = await patched();
  expect(failureOf(() => expect(sb).toHaveWrittenFile('  '))).toMatchSnapshot();
  expect(failureOf(() => expect(sb).toHaveWrittenFile(5 as never))).toMatchSnapshot();
});

test('a script whose editor wrote nothing fails listing no writes', () => {
  const sb = sandbox({ verify: false });
  expect(failureOf(() => expect(sb).toHaveWrittenFile('README.md'))).toMatchSnapshot();
});
