import { scriptedSandboxSession } from '@openai/agents/testing';
import { sandbox } from 'agents-testkit';
import { expect, failureOf, test } from './support';

test('a sandbox() script is complete when every step was used and no call went unplanned', async () => {
  const sb = sandbox({ verify: false }).exec('pwd').returns('/workspace\n');
  await sb.execCommand({ cmd: 'pwd' });

  expect(sb).toBeComplete();
  expect(failureOf(() => expect(sb).not.toBeComplete())).toMatchSnapshot();
});

test('a sandbox() script with steps left names each, in script terms', async () => {
  const sb = sandbox({ verify: false, name: 'ci' })
    .exec('pwd')
    .returns('/workspace\n')
    .readFile('notes.md')
    .returns('# Notes')
    .expect('start')
    .returns();
  await sb.execCommand({ cmd: 'pwd' });

  expect(failureOf(() => expect(sb).toBeComplete())).toMatchSnapshot();
});

test('a sandbox() script that saw a call it did not plan is not complete, even with no steps left', async () => {
  const sb = sandbox({ verify: false }).exec('pwd').returns('/workspace\n');
  await sb.execCommand({ cmd: 'ls' }).catch(() => undefined);

  expect(sb.remainingSteps).toBe(0);
  expect(failureOf(() => expect(sb).toBeComplete())).toMatchSnapshot();
});

test("the SDK's scripted session: steps left fail, and every message says what it cannot see", async () => {
  const session = scriptedSandboxSession([
    { method: 'execCommand', result: '/workspace\n' },
    { method: 'readFile', result: '# Notes' },
  ]);
  await session.execCommand({ cmd: 'pwd' });

  expect(failureOf(() => expect(session).toBeComplete())).toMatchSnapshot();
});
