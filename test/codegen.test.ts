import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '@openai/agents';
import { cassetteToScript, model, type Cassette, type CassetteV1, type ModelScript } from 'agents-testkit';
import { main } from '../src/cli/main';
import { cli } from './support/cli';
import { callsOf, scriptChain } from '../src/codegen/cassetteToScript';
import { afterAll, agentWith, describe, expect, getWeather, makeTempDir, removeTempDirs, test } from './support';

afterAll(removeTempDirs);

const FIXTURE = 'test/fixtures/weather.json';
const weather = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Cassette;

/** Evaluates a generated chain with the kit's model(), as the generated module would. */
function evaluate(chain: string, verify = true): ModelScript {
  return new Function('model', `return ${chain};`)(() => model({ verify })) as ModelScript;
}

/** A cassette with one call per response, each offering `handoffs`. */
function cassetteOf(outputs: unknown[][], options: { handoffs?: string[]; outputType?: unknown } = {}): CassetteV1 {
  return {
    version: 1,
    calls: outputs.map((output) => ({
      request: {
        input: 'Hi',
        tools: [],
        handoffs: (options.handoffs ?? []).map((toolName) => ({ toolName, toolDescription: '', inputJsonSchema: {} as never, strictJsonSchema: true })),
        outputType: (options.outputType ?? 'text') as never,
        settings: {},
      },
      streamed: false,
      response: { output: output as never, usage: { requests: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 } },
    })),
  };
}

describe('cassetteToScript()', () => {
  test('turns a cassette into the equivalent model() chain', () => {
    expect(cassetteToScript(weather, { source: FIXTURE })).toMatchSnapshot();
  });

  test('the generated script plays the same run as the cassette', async () => {
    const script = evaluate(scriptChain(callsOf(weather, undefined)));

    const result = await run(agentWith(script), 'Weather in Tokyo?');

    expect(result.finalOutput).toBe('Sunny in Tokyo today.');
    expect(result).toHaveCalledTool(getWeather, { city: 'Tokyo' });
    expect(script).toBeComplete();
  });

  test('handoffs, several items in one turn, reasoning and structured replies', () => {
    const cassette = cassetteOf(
      [
        [{ type: 'function_call', name: 'transfer_to_Billing', callId: 'x', arguments: '{}', status: 'completed' }],
        [
          { type: 'reasoning', content: [{ type: 'input_text', text: 'Look it up first.' }] },
          { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: "It's done." }] },
          { type: 'function_call', name: 'lookup_order', callId: 'y', arguments: '{"orderId":"A-1"}', status: 'completed' },
        ],
        [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: '{"total":30,"currency":"EUR"}' }] }],
      ],
      { handoffs: ['transfer_to_Billing'], outputType: { type: 'json_schema', name: 'Invoice', strict: true, schema: {} } },
    );

    const chain = scriptChain(cassette.calls);

    expect(chain).toContain(".handsOffTo('transfer_to_Billing')");
    expect(chain).toContain(".reasoning('Look it up first.')\n      .replies('It\\'s done.')\n      .calls('lookup_order', { orderId: 'A-1' }),");
    expect(chain).toContain(".thenReplies({ total: 30, currency: 'EUR' })");
    expect(chain).toMatchSnapshot();
    // The chain is valid code for the kit: it evaluates to a script of three turns.
    expect(evaluate(chain, false).remainingSteps).toBe(3);
  });

  test('the exported name comes from the file name, or --name', () => {
    expect(cassetteToScript(weather, { source: 'fixtures/tool-loop.json' })).toContain('export const toolLoopModel = model()');
    expect(cassetteToScript(weather, { name: 'weatherScript', importFrom: '../src' })).toMatch(
      /^import \{ model \} from '\.\.\/src';[\s\S]*export const weatherScript = model\(\)/,
    );
    expect(cassetteToScript(weather)).toContain('export const recordedModel = model()');
  });

  test('a file of several conversations needs the one to print; a version 1 file has one', () => {
    const [only] = Object.values(weather.conversations);
    const several: Cassette = { version: 2, conversations: { first: only!, 'second test': { calls: only!.calls.slice(0, 1) } } };

    expect(() => cassetteToScript(several)).toThrow('the cassette holds 2 conversations ("first", "second test"); name the one to turn into a script');
    expect(() => cassetteToScript(several, { conversation: 'third' })).toThrow('the cassette holds no conversation "third" (it holds "first", "second test")');
    expect(cassetteToScript(several, { conversation: 'second test', source: 'w.json' })).toContain('from w.json (1 model call, conversation "second test").');
    expect(cassetteToScript({ version: 1, calls: only!.calls })).toBe(cassetteToScript(weather));
  });
});

describe('npx agents-testkit codegen', () => {
  test('prints the script of a cassette', () => {
    const { code, stdout, stderr } = cli('codegen', FIXTURE, '--name', 'weatherModel');

    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe(cassetteToScript(weather, { source: FIXTURE, name: 'weatherModel' }));
  });

  test('a missing or broken cassette is exit code 1, with the reason', () => {
    expect(cli('codegen', 'test/fixtures/nope.json')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'agents-testkit codegen: cannot read the cassette test/fixtures/nope.json: the file does not exist.\n',
    });
    const broken = join(makeTempDir(), 'broken.json');
    writeFileSync(broken, '{ "version": 1 }');
    expect(cli('codegen', broken)).toMatchObject({ code: 1, stderr: expect.stringContaining(`cannot read the cassette ${broken}: calls: missing.`) });
  });

  test('--conversation picks one of several conversations', () => {
    const path = join(makeTempDir(), 'two.json');
    const [only] = Object.values(weather.conversations);
    writeFileSync(path, JSON.stringify({ version: 2, conversations: { first: only, second: only } }));

    expect(cli('codegen', path)).toEqual({
      code: 1,
      stdout: '',
      stderr: `agents-testkit codegen: ${path}: the cassette holds 2 conversations ("first", "second"); name the one to turn into a script; pass --conversation <name>.\n`,
    });
    expect(cli('codegen', path, '--conversation', 'second')).toMatchObject({ code: 0, stdout: expect.stringContaining('(2 model calls, conversation "second")') });
    expect(cli('codegen', path, '--conversation')).toMatchObject({ code: 2, stderr: expect.stringContaining('--conversation needs a value') });
  });

  test('bad usage is exit code 2, with the usage', () => {
    expect(cli()).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: agents-testkit codegen <cassette.json>') });
    expect(cli('record')).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command "record"') });
    expect(cli('codegen')).toMatchObject({ code: 2, stderr: expect.stringContaining('codegen takes one cassette file; got 0') });
    expect(cli('codegen', FIXTURE, '--nmae', 'x')).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown option "--nmae"') });
    expect(cli('codegen', FIXTURE, '--name')).toMatchObject({ code: 2, stderr: expect.stringContaining('--name needs a value') });
    expect(cli('codegen', FIXTURE, '--name', 'my-model')).toMatchObject({ code: 2, stderr: expect.stringContaining('--name must be a JavaScript identifier') });
  });

  test('--help prints the usage', () => {
    expect(cli('--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage:') });
    expect(cli('codegen', '--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage:') });
  });
});

test('the record-and-replay guide shows what the command prints for the recipe cassette', () => {
  const readme = readFileSync('docs/record-and-replay.md', 'utf8');
  const command = 'npx agents-testkit codegen examples/fixtures/weather.json --name weatherModel';
  const shown = readme.slice(readme.indexOf(command)).match(/```ts\n([\s\S]*?)```/)?.[1];
  const printed = { code: 0, stdout: '' };
  printed.code = main(['codegen', 'examples/fixtures/weather.json', '--name', 'weatherModel'], {
    stdout: { write: (text: string) => (printed.stdout += text) },
    stderr: { write: () => undefined },
  });

  expect(readme).toContain(command);
  expect(printed.code).toBe(0);
  expect(shown).toBe(printed.stdout);
});
