import { Agent, codeInterpreterTool, fileSearchTool, imageGenerationTool, run, webSearchTool } from '@openai/agents';
import { model, ScriptError } from 'agents-testkit';
import { describe, expect, failureOf, rejectionOf, test, thrownBy } from './support';

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

  test('thenSearchesWeb() is a web search after another turn, sent as the provider would', async () => {
    const script = model()
      .searchesWeb('weather')
      .thenSearchesWeb('weather in Oslo', { sources: [{ url: 'https://weather.example/oslo', title: 'Oslo' }] })
      .thenReplies('Sunny.');
    const result = await run(new Agent({ name: 'Searcher', model: script, tools: [webSearchTool()] }), 'Weather?');

    expect(result.rawResponses[1]?.output).toEqual([
      {
        type: 'hosted_tool_call',
        name: 'web_search_call',
        status: 'completed',
        providerData: {
          type: 'web_search_call',
          status: 'completed',
          action: { type: 'search', query: 'weather in Oslo', sources: [{ url: 'https://weather.example/oslo', title: 'Oslo' }] },
        },
      },
    ]);
    expect(result.finalOutput).toBe('Sunny.');
    expect(script).toBeComplete();
  });

  test('thenSearchesWeb() without a query is refused at its step, naming itself', () => {
    const error = thrownBy(() => model({ verify: false }).replies('Hi.').thenSearchesWeb(''));
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'invalid_arguments', stepIndex: 1 });
    expect(error.message).toBe('model() step 2, thenSearchesWeb(): expected the search query as a non-empty string; got the string "".');
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

describe('hosted calls: the items the provider would send, and how steps show them', () => {
  test('each call is the output item the Responses converter makes, its details in providerData, optional parts only when given', async () => {
    const tools = [webSearchTool(), fileSearchTool('vs_1'), codeInterpreterTool(), imageGenerationTool()];
    const script = model()
      .turn((t) =>
        t
          .searchesWeb('q')
          .searchesWeb('q', { sources: [{ url: 'https://a.example' }] })
          .searchesFiles('x', { results: [{ filename: 'f.md', text: 't', fileId: 'file_1' }, { filename: 'g.md', text: 'u', score: 1 }] })
          .searchesFiles(['y', 'z'])
          .runsCode('c')
          .runsCode('c', { outputs: [{ type: 'image', url: 'https://i.example' }] })
          .generatesImage()
          .generatesImage({ result: 'aGk=', prompt: 'a cat' }),
      )
      .thenReplies('ok');
    const result = await run(new Agent({ name: 'Worker', model: script, tools }), 'Go');
    const item = (name: string, details: Record<string, unknown>, output?: string) => ({
      type: 'hosted_tool_call',
      name,
      status: 'completed',
      ...(output === undefined ? {} : { output }),
      providerData: { type: name, status: 'completed', ...details },
    });
    expect(result.rawResponses[0]!.output).toEqual([
      item('web_search_call', { action: { type: 'search', query: 'q' } }),
      item('web_search_call', { action: { type: 'search', query: 'q', sources: [{ url: 'https://a.example' }] } }),
      item('file_search_call', { queries: ['x'], results: [{ filename: 'f.md', text: 't', file_id: 'file_1' }, { filename: 'g.md', text: 'u', score: 1 }] }),
      item('file_search_call', { queries: ['y', 'z'] }),
      item('code_interpreter_call', { code: 'c' }),
      item('code_interpreter_call', { code: 'c', outputs: [{ type: 'image', url: 'https://i.example' }] }),
      item('image_generation_call', {}),
      item('image_generation_call', { revised_prompt: 'a cat' }, 'aGk='),
    ]);
  });

  test('a step shows its call as written, shortening long text', () => {
    const script = model({ verify: false })
      .searchesWeb('weather in Oslo, Norway, tomorrow and the day after')
      .thenSearchesFiles('refund policy')
      .thenSearchesFiles(['a', 'b'])
      .thenRunsCode('print(1)')
      .thenGeneratesImage()
      .thenGeneratesImage({ prompt: 'a cat' });
    expect(failureOf(() => script.assertComplete()).split('\n').slice(3, 9)).toEqual([
      '  1. searchesWeb("weather in Oslo, Norway, tomorrow and …)',
      '  2. thenSearchesFiles("refund policy")',
      '  3. thenSearchesFiles(2 queries)',
      '  4. thenRunsCode("print(1)")',
      '  5. thenGeneratesImage()',
      '  6. thenGeneratesImage("a cat")',
    ]);
  });

  test.each([
    ['searchesFiles(5)', () => model().searchesFiles(5 as never), 'invalid_arguments', 'searchesFiles(): expected the search query, or a non-empty list of them; got number 5.'],
    ['searchesFiles([""])', () => model().searchesFiles(['']), 'invalid_arguments', 'searchesFiles(): expected the search query, or a non-empty list of them; got an array ([""]).'],
    ['searchesFiles with a result without text', () => model().searchesFiles('x', { results: [{ filename: 'f' }] as never }), 'invalid_option', 'searchesFiles(): results is a list of { filename, text, score? }; got an array ([{"filename":"f"}]).'],
    ['searchesFiles(["a", ""])', () => model().searchesFiles(['a', '']), 'invalid_arguments', 'searchesFiles(): expected the search query, or a non-empty list of them; got an array (["a",""]).'],
    ['searchesFiles with a result of null', () => model().searchesFiles('x', { results: [null] as never }), 'invalid_option', 'searchesFiles(): results is a list of { filename, text, score? }; got an array ([null]).'],
    ['searchesWeb with a source of null', () => model().searchesWeb('x', { sources: [null] as never }), 'invalid_option', 'searchesWeb(): sources is a list of { url, title? }; got an array ([null]).'],
    ['runsCode with an output of null', () => model().runsCode('x', { outputs: [null] as never }), 'invalid_option', "runsCode(): outputs is a list of { type: 'logs', logs } or { type: 'image', url }; got an array ([null])."],
    ['searchesWeb with sources that are no list', () => model().searchesWeb('x', { sources: 'u' as never }), 'invalid_option', 'searchesWeb(): sources is a list of { url, title? }; got the string "u".'],
    ['runsCode with an output of another type', () => model().runsCode('x', { outputs: [{ type: 'text' }] as never }), 'invalid_option', "runsCode(): outputs is a list of { type: 'logs', logs } or { type: 'image', url }; got an array ([{\"type\":\"text\"}])."],
    ['generatesImage(5)', () => model().generatesImage(5 as never), 'invalid_option', 'generatesImage(): expected { result?, prompt? }; got number 5.'],
    ['generatesImage(null)', () => model().generatesImage(null as never), 'invalid_option', 'generatesImage(): expected { result?, prompt? }; got null.'],
    ['generatesImage with a prompt that is no string', () => model().generatesImage({ prompt: 3 as never }), 'invalid_option', 'generatesImage(): prompt must be a string; got number 3.'],
  ])('%s is refused', (_name, write, reason, problem) => {
    expect(thrownBy(write)).toMatchObject({ reason, message: `model() step 1, ${problem}` });
  });
});
