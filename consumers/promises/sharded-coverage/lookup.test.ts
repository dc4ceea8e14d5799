import { run } from '@openai/agents';
import { model } from 'agents-testkit';
import { graph, lookup } from './agents';

// The lookup again, as handoff.test.ts makes it: the shards' parts overlap, and merge as one.
test('triage looks an order up and answers', async () => {
  const { triage } = graph({ triage: model().calls(lookup, { id: 'B-2' }).thenReplies('B-2 has shipped.') });

  const result = await run(triage, 'Where is B-2?');

  expect(result.finalOutput).toBe('B-2 has shipped.');
});
