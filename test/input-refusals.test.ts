import { resolve } from 'node:path';
import { Agent } from '@openai/agents';
import { cassette, configure, mcpCassette, model, modelProvider, ScriptError } from 'agents-testkit';
import { describe, expect, test, thrownBy } from './support';

describe('configure() refuses what it cannot use', () => {
  test('an unknown setting, naming the closest known one', () => {
    const error = thrownBy(() => configure({ offlne: false } as never));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ option: 'offlne', suggestion: 'offline', received: false });
    expect((error as Error).message).toBe('configure() has no setting "offlne". Did you mean offline? The settings are autoVerify, offline, allow, onToolFailure, redact.');
  });

  test('an unknown setting far from every known one, listing them', () => {
    const error = thrownBy(() => configure({ colour: true } as never));
    expect(error).toMatchObject({ option: 'colour', suggestion: undefined });
    expect((error as Error).message).toBe('configure() has no setting "colour". The settings are autoVerify, offline, allow, onToolFailure, redact.');
  });

  test.each([
    [null, 'null'],
    [undefined, 'undefined'],
    ['strict', 'the string "strict"'],
    [[], 'an array'],
  ])('no object: %p', (value, shown) => {
    const error = thrownBy(() => configure(value as never));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ option: undefined, received: value });
    expect((error as Error).message).toBe(`configure() takes an object of settings, like configure({ offline: 'strict' }); got ${shown}.`);
  });

  test('a setting that takes a boolean, given something else', () => {
    const error = thrownBy(() => configure({ autoVerify: 'yes' as never }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ option: 'autoVerify', received: 'yes' });
    expect((error as Error).message).toBe('configure({ autoVerify }) takes a boolean; got the string "yes".');
  });

  test('a refused call changes nothing', () => {
    const before = configure({});
    expect(() => configure({ autoVerify: false, offlne: false } as never)).toThrow(TypeError);
    expect(configure({})).toEqual(before);
  });
});

describe('a cassette given a URL', () => {
  const fix = "Pass a path (relative to the project root) or a file: URL, like new URL('./fixtures/weather.json', import.meta.url).";

  test.each([new URL('https://example.com/weather.json'), 'https://example.com/weather.json'])('refuses a URL that is not a file: %s', (url) => {
    const error = thrownBy(() => cassette(url, { mode: 'replay' }));
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'invalid_path', double: 'cassette("https://example.com/weather.json")' });
    expect((error as Error).message).toBe(`cassette("https://example.com/weather.json"): a cassette is a file the tests read from disk, not a URL; got "https://example.com/weather.json". ${fix}`);
  });

  test('refuses it in mcpCassette() too', () => {
    const error = thrownBy(() => mcpCassette(new URL('https://example.com/tools.json')));
    expect(error).toMatchObject({ reason: 'invalid_path' });
    expect((error as Error).message).toContain(`an MCP cassette is a file the tests read from disk, not a URL; got "https://example.com/tools.json". ${fix}`);
  });

  test('takes a file: URL, as an object or as text, and a path', () => {
    const missing = (path: string | URL) => thrownBy(() => cassette(path, { mode: 'replay' }));
    // Each names the same missing file: the URL was read as the path it names.
    for (const path of [new URL('file:///tmp/agents-testkit-none.json'), 'file:///tmp/agents-testkit-none.json', '/tmp/agents-testkit-none.json']) {
      expect(missing(path)).toMatchObject({ reason: 'missing_cassette' });
      expect((missing(path) as Error).message).toContain('/tmp/agents-testkit-none.json');
    }
  });
});

describe('a cassette path that only looks like a URL', () => {
  test('a Windows drive path is a path, not a URL of the scheme "c:"', () => {
    // new URL('C:/fixtures/weather.json') parses, as scheme c:; a scheme needs two letters or more.
    for (const path of ['C:/fixtures/weather.json', 'C:\\fixtures\\weather.json']) {
      const error = thrownBy(() => cassette(path, { mode: 'replay' }));
      expect(error).toMatchObject({ reason: 'missing_cassette', double: `cassette(${JSON.stringify(path)})` });
      expect((error as Error).message).toContain(`the cassette file ${resolve(path)} does not exist`);
    }
  });

  test('an object that prints as a URL is not a path: it is refused as one, not read as a URL', () => {
    const lookalike = { toString: () => 'https://example.com/weather.json' };
    expect(thrownBy(() => cassette(lookalike as never))).toMatchObject({
      reason: 'invalid_path',
      message: 'cassette({}): expected the path of a cassette file; got an object ({}).',
    });
  });
});

describe('modelProvider() routes with an empty name', () => {
  test.each([
    [{ agents: { '': model({ verify: false }).replies('Hi.') } }, "an agent route has an empty name, which no agent asks under; key it by the agent's name or object, like { agents: { Triage: model()… } }."],
    [{ agents: { ' ': model({ verify: false }).replies('Hi.') } }, "an agent route has an empty name, which no agent asks under; key it by the agent's name or object, like { agents: { Triage: model()… } }."],
  ])('are refused: %#', (routes, problem) => {
    const error = thrownBy(() => modelProvider(routes));
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'invalid_route', double: 'modelProvider()' });
    expect((error as Error).message).toBe(`modelProvider(): ${problem}`);
  });

  test.each(['', ' '])('are refused as the keys of a Map too: %j', (key) => {
    const error = thrownBy(() => modelProvider({ agents: new Map([[key, model({ verify: false }).replies('Hi.')]]) }));
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({
      reason: 'invalid_route',
      double: 'modelProvider()',
      message: `modelProvider(): agents must be keyed by agent objects or names; got the key the string ${JSON.stringify(key)}.`,
    });
  });

  test.each(['', ' '])('are refused for an agent object too: %j', (name) => {
    // The SDK's Agent refuses an empty name when made, but its name can be changed afterwards.
    const agent = new Agent({ name: 'Billing' });
    agent.name = name;
    const error = thrownBy(() => modelProvider({ agents: new Map([[agent, model({ verify: false }).replies('Hi.')]]) }));
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({
      reason: 'invalid_route',
      double: 'modelProvider()',
      message: "modelProvider(): an agent route has an empty name, which no agent asks under; key it by the agent's name or object, like { agents: { Triage: model()… } }.",
    });
  });

  test('are refused by add() too', () => {
    const provider = modelProvider({ agents: { Triage: model({ verify: false }).replies('Hi.').optional() } });
    expect(() => provider.add({ agents: { '': model({ verify: false }).replies('Hi.') } })).toThrow('an agent route has an empty name');
  });
});
