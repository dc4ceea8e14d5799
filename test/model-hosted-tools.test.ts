import { Agent, codeInterpreterTool, fileSearchTool, imageGenerationTool, run, webSearchTool } from '@openai/agents';
import { model, ScriptError } from 'agents-testkit';
import { describe, expect, rejectionOf, test, thrownBy } from './support';

describe('calls of the tools the provider runs', () => {
  test('a web search with its sources, then a reply: the run records the call, a matcher finds it by the tool or its name', async () => {
    const search = webSearchTool();
    const script = model()
      .searchesWeb('weather in Oslo', { sources: [{ url: 'https://weather.example/oslo', title: 'Oslo' }] })
      .thenReplies('Sunny in Oslo.');
    const result = await run(new Agent({ name: 'Searcher', model: script, tools: [search] }), 'Weather in Oslo?');

    expect(result.finalOutput).toBe('Sunny in Oslo.');
    expect(result).toHaveCalledTool(search, { action: { type: 'search', query: 'weather in Oslo' } });
    expect(result).toHaveCalledTool('web_search');
    expect(script).toBeComplete();
  });

  test('file search, code interpreter and image generation, several in one turn', async () => {
    const tools = [fileSearchTool('vs_1'), codeInterpreterTool(), imageGenerationTool()];
    const script = model()
      .turn((t) =>
        t
          .searchesFiles(['refund policy'], { results: [{ filename: 'policy.md', text: '30 days', score: 0.9 }] })
          .runsCode('print(6 * 7)', { outputs: [{ type: 'logs', logs: '42' }] })
          .generatesImage({ prompt: 'a cat', result: 'aGVsbG8=' }),
      )
      .thenReplies('Done.');
    const result = await run(new Agent({ name: 'Worker', model: script, tools }), 'Go');

    expect(result).toHaveCalledTool('file_search', { queries: ['refund policy'] });
    expect(result).toHaveCalledTool('code_interpreter', { code: 'print(6 * 7)' });
    expect(result).toHaveCalledTool('image_generation');
    expect(result).toHaveNthCalledTool(2, 'code_interpreter');
  });

  test('a hosted call of a tool the agent does not offer fails the model call', async () => {
    const script = model({ verify: false }).searchesWeb('weather');
    const error = await rejectionOf(run(new Agent({ name: 'Plain', model: script }), 'Hi'));
    expect(error).toMatchObject({ kind: 'not_offered', expected: 'searchesWeb("weather")' });
    expect(error.message).toContain('The turn calls the hosted tool "web_search", which the agent does not offer');
  });

  test('times(n) repeats a hosted call with a fresh item each time', async () => {
    const script = model().searchesWeb('a').times(2).thenReplies('Done.');
    const result = await run(new Agent({ name: 'Searcher', model: script, tools: [webSearchTool()] }), 'Go');
    expect(result).toHaveCalledToolTimes('web_search', 2);
  });

  test('misuse is refused where it is written', () => {
    const cases: [() => unknown, string][] = [
      [() => model().searchesWeb(''), 'model() step 1, searchesWeb(): expected the search query as a non-empty string; got the string "".'],
      [() => model().searchesWeb('x', { sources: [{ title: 'no url' }] as never }), 'sources is a list of { url, title? }'],
      [() => model().searchesFiles([]), 'expected the search query, or a non-empty list of them; got an array ([]).'],
      [() => model().runsCode(5 as never), 'expected the code as a non-empty string; got number 5.'],
      [() => model().generatesImage({ result: 5 as never }), 'result must be a string; got number 5.'],
      [() => model().usesComputer('click' as never), "expected a computer action like { type: 'screenshot' }"],
    ];
    for (const [write, text] of cases) {
      const error = thrownBy(write) as ScriptError;
      expect(error).toBeInstanceOf(ScriptError);
      expect(error.message).toContain(text);
    }
    expect(thrownBy(() => model().searchesWeb(''))).toMatchObject({ reason: 'invalid_arguments', stepIndex: 0 });
    expect(thrownBy(() => model().generatesImage({ prompt: 3 as never }))).toMatchObject({ reason: 'invalid_option' });
  });
});
