// The app answers, then starts a follow-up run of its own a moment later, which the script did not
// plan. The call comes after the last test ended: it must fail this file, naming the test.
// File must FAIL, naming: model("follow-up") from the test "answers, and the app follows up on its own"
// File must FAIL, naming: expected no more calls
import { Agent, run } from '@openai/agents';
import { model } from 'agents-testkit';

/** The app: answers, and schedules a follow-up (a debounced summary, a reminder) it does not await. */
async function answer(agent: Agent, question: string): Promise<string> {
  const result = await run(agent, question);
  setTimeout(() => void run(agent, 'Summarise the conversation.').catch(() => undefined), 10);
  return String(result.finalOutput);
}

test('a first test, which a late call of another file must not fail', async () => {
  const agent = new Agent({ name: 'Greeter', model: model().replies('Hello.') });
  expect((await run(agent, 'Hi')).finalOutput).toBe('Hello.');
});

test('answers, and the app follows up on its own', async () => {
  const agent = new Agent({ name: 'Support', model: model({ name: 'follow-up' }).replies('It shipped.') });
  expect(await answer(agent, 'Where is my order?')).toBe('It shipped.');
});
