import { sandbox } from 'agents-testkit';
import { expect, failureOf, test } from './support';

async function deleted() {
  const sb = sandbox({ verify: false }).deleteFile('old.txt').returns().createFile('new.txt').returns();
  const editor = sb.createEditor();
  await editor.deleteFile({ type: 'delete_file', path: 'old.txt' });
  await editor.createFile({ type: 'create_file', path: 'new.txt', diff: '+new' });
  return sb;
}

test('passes for a deleted file', async () => {
  const sb = await deleted();

  expect(sb).toHaveDeletedFile('old.txt');
  expect(sb).not.toHaveDeletedFile('new.txt');
});

test('fails when no patch deleted the file, suggesting a close path', async () => {
  const sb = await deleted();

  expect(failureOf(() => expect(sb).toHaveDeletedFile('old.txtt'))).toMatchSnapshot();
});

test('.not fails for a deleted file', async () => {
  const sb = await deleted();

  expect(failureOf(() => expect(sb).not.toHaveDeletedFile('old.txt'))).toMatchSnapshot();
});

test('a bad path is a matcher error', () => {
  expect(failureOf(() => expect(sandbox({ verify: false })).toHaveDeletedFile(undefined as never))).toMatchSnapshot();
});
