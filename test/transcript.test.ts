import { Agent, run } from '@openai/agents';
import { cassette, model, runSnapshotSerializer, transcript } from 'agents-testkit';
import { z } from 'zod';
import { agentWith, describe, expect, getWeather, lookupOrder, refund, test, thrownBy } from './support';

async function toolLoop(inputTokens = 0) {
  const script = model()
    .calls(getWeather, { city: 'Tokyo' })
    .thenTurn((t) => t.replies('Sunny in Tokyo.\nTake sunglasses.').usage({ inputTokens, outputTokens: 3 }));
  return run(agentWith(script), 'Weather in Tokyo?');
}

describe('transcript()', () => {
  test('a tool loop reads as one line per event', async () => {
    expect(transcript(await toolLoop())).toBe(
      [
        'user: Weather in Tokyo?',
        'Assistant calls get_weather({"city":"Tokyo"}) #1',
        'get_weather #1 returned: Sunny in Tokyo.',
        'Assistant: Sunny in Tokyo.',
        '  Take sunglasses.',
        '(2 model calls)',
      ].join('\n'),
    );
  });

  test('ids and token counts do not show, so two runs read alike', async () => {
    const first = await toolLoop(10);
    const second = await run(agentWith(cassette('test/fixtures/weather.json')), 'Weather in Tokyo?');
    const third = await toolLoop(99);

    expect(transcript(first)).toBe(transcript(third));
    // The recording carries the real adapter's ids (call_1_1), which read as #1 too.
    expect(transcript(second)).toContain('Assistant calls get_weather({"city":"Tokyo"}) #1\nget_weather #1 returned: Sunny in Tokyo.');
    expect(transcript(second)).not.toContain('call_1_1');
  });

  test('handoffs, approvals and a resumed run', async () => {
    const script = model()
      .handsOffTo('Billing')
      .thenTurn((t) => t.calls(lookupOrder, { orderId: 'A-1' }).calls(refund, { orderId: 'A-1', amount: 30 }))
      .thenReplies('Refunded.');
    const billing = new Agent({ name: 'Billing', model: script, tools: [lookupOrder, refund] });
    const triage = new Agent({ name: 'Triage', model: script, handoffs: [billing] });

    const paused = await run(triage, 'Refund A-1');
    expect(transcript(paused)).toBe(
      [
        'user: Refund A-1',
        'Triage hands off to Billing',
        'Billing calls lookup_order({"orderId":"A-1"}) #1',
        'Billing calls refund({"orderId":"A-1","amount":30}) #2',
        'lookup_order #1 returned: Order A-1 has shipped.',
        'Billing asks approval to call refund({"orderId":"A-1","amount":30}) #2',
        '(paused: 1 approval pending)',
        '(2 model calls)',
      ].join('\n'),
    );

    paused.state.approve(paused.interruptions[0]!);
    const resumed = await run(triage, paused.state);
    expect(transcript(resumed)).toMatchSnapshot();
  });

  test('a structured final output is shown once, after the message that carried it', async () => {
    const agent = new Agent({
      name: 'Extractor',
      model: model().replies({ city: 'Tokyo' }),
      outputType: z.object({ city: z.string() }),
    });

    expect(transcript(await run(agent, 'Where?'))).toBe(['user: Where?', 'Extractor: {"city":"Tokyo"}', '(1 model call)'].join('\n'));
  });

  test('a final output that no message carried gets its own line', async () => {
    const agent = agentWith(model().calls(getWeather, { city: 'Oslo' }), { toolUseBehavior: 'stop_on_first_tool' });

    expect(transcript(await run(agent, 'Weather?'))).toContain('final output (Assistant): Sunny in Oslo.');
  });

  test('a conversation passed as input items is rendered too', async () => {
    const agent = agentWith(model().replies('Still sunny.'));
    const result = await run(agent, [
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Sunny.' }] },
      { role: 'user', content: 'And now?' },
    ]);

    expect(transcript(result).split('\n').slice(0, 4)).toEqual(['user: Weather?', 'assistant: Sunny.', 'user: And now?', 'Assistant: Still sunny.']);
  });

  test('a streamed run reads the same once it finished, and cannot be read before', async () => {
    const result = await run(agentWith(model().calls(getWeather, { city: 'Tokyo' }).thenReplies('Sunny.')), 'Weather?', { stream: true });

    expect(thrownBy(() => transcript(result)).message).toContain('the streamed run has not finished yet');
    await result.completed;
    expect(transcript(result)).toContain('Assistant: Sunny.');
  });

  test('anything else is rejected with what it got', () => {
    expect(thrownBy(() => transcript({ finalOutput: 'x' })).message).toBe(
      'transcript() takes a RunResult or StreamedRunResult (what run() returns); got {"finalOutput":"x"}.',
    );
  });
});

describe('the snapshot serializer', () => {
  test('a run snapshots as its transcript', async () => {
    expect(await toolLoop()).toMatchSnapshot();
  });

  test('a run inside another value snapshots as its transcript too', async () => {
    const streamed = await run(agentWith(model().replies('Hi!')), 'Hello', { stream: true });
    await streamed.completed;

    expect({ first: await toolLoop(), streamed }).toMatchSnapshot();
  });

  test('the snapshot does not change between runs', async () => {
    const print = (value: unknown) => runSnapshotSerializer.serialize(value, { indent: '  ' }, '');

    expect(print(await toolLoop(1))).toBe(print(await toolLoop(2)));
    expect(runSnapshotSerializer.test(await toolLoop())).toBe(true);
    expect(runSnapshotSerializer.test({ newItems: [] })).toBe(false);
  });
});

describe('transcript() of a hosted call', () => {
  test('a web search shows its query', async () => {
    const { webSearchTool } = await import('@openai/agents');
    const agent = new Agent({ name: 'Researcher', tools: [webSearchTool()], model: model().searchesWeb('weather in Oslo').thenReplies('Sunny.') });
    const result = await run(agent, 'Weather?');
    expect(transcript(result)).toContain('Researcher calls web_search_call({"query":"weather in Oslo"}) #1');
  });
});
