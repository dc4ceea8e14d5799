import { Agent, run, tool } from '@openai/agents';
import { model, traces } from 'agents-testkit';
import { z } from 'zod';

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `Sunny in ${city}.`,
});

function supportDesk() {
  const script = model().calls(getWeather, { city: 'Tokyo' }).thenHandsOffTo('Billing').thenReplies('Your invoice is on its way.');
  const billing = new Agent({ name: 'Billing', model: script });
  return new Agent({ name: 'Triage', model: script, tools: [getWeather], handoffs: [billing] });
}

test('the trace of a handoff-and-tool workflow', async () => {
  const trace = traces(); // tracing on for this test only, into the kit: nothing is exported

  await run(supportDesk(), 'Weather in Tokyo, then my invoice?');

  expect(trace).toHaveSpan('function', { name: 'get_weather', input: { city: 'Tokyo' } }, { within: { kind: 'agent', name: 'Triage' } });
  expect(trace).toHaveSpan('handoff', { from: 'Triage', to: 'Billing' });
  expect(trace).toHaveSpans(['agent "Triage"', 'handoff Triage → Billing', 'agent "Billing"']); // in order, others between allowed
  expect(trace.tree()).toBe(
    [
      'trace "Agent workflow"',
      '  agent "Triage"',
      '    generation', // each model call
      '    function get_weather {"city":"Tokyo"} → "Sunny in Tokyo."',
      '    generation',
      '    handoff Triage → Billing',
      '  agent "Billing"',
      '    generation',
    ].join('\n'),
  );
});
