import { run } from '@openai/agents';
import { model, resume } from 'agents-testkit';
import { graph, refund } from './agents';

test('a refund, approved', async () => {
  const { triage } = graph({ triage: model().calls(refund, { id: 'A-1' }).thenReplies('Refunded.') });

  const paused = await run(triage, 'Refund A-1');
  const done = await resume(triage, paused, { approve: refund });

  expect(done.finalOutput).toBe('Refunded.');
});
