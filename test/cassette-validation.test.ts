/**
 * A cassette file is checked entirely when it is loaded: a hand-edited file that replay could not
 * read is refused at the line that names it, with the JSON path of the first problem, never with
 * a bare TypeError in the middle of a run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '@openai/agents';
import { cassette, ScriptError } from 'agents-testkit';
import { main } from '../src/cli/main';
import { afterAll, agentWith, describe, expect, makeTempDir, removeTempDirs, test, thrownBy } from './support';

afterAll(removeTempDirs);

type Json = Record<string, any>;

/** The calls of test/fixtures/weather-v1.json (a tool call, then a reply), as a version 1 file holds them. */
const v1 = (): Json => JSON.parse(readFileSync('test/fixtures/weather-v1.json', 'utf8'));
const v2 = (): Json => JSON.parse(readFileSync('test/fixtures/weather.json', 'utf8'));

/** Writes `cassette` and returns the problem replaying it is refused with. */
function problemOf(cassette: Json | string): string {
  const path = join(makeTempDir(), 'edited.json');
  writeFileSync(path, typeof cassette === 'string' ? cassette : JSON.stringify(cassette));
  const error = thrownBy(() => cassette$(path)) as ScriptError;
  expect(error).toBeInstanceOf(ScriptError);
  expect(error.reason).toBe('invalid_cassette');
  const match = error.message.match(/cannot be replayed: (.*)\. Fix it, or record it again/);
  expect(match).not.toBeNull();
  return match![1] as string;
}
const cassette$ = (path: string) => cassette(path, { verify: false });

/** `edit` applied to a fresh copy of the version 1 fixture. */
function edited(edit: (file: Json) => void): Json {
  const file = v1();
  edit(file);
  return file;
}

describe('hand-edited cassettes are refused with the JSON path of the first problem', () => {
  test.each([
    ['a message without content', (file: Json) => delete file.calls[1].response.output[0].content, 'calls[1].response.output[0].content: missing'],
    ['message content that is not a list', (file: Json) => (file.calls[1].response.output[0].content = 'Sunny.'), 'calls[1].response.output[0].content: expected an array of content parts, got the string "Sunny."'],
    ['an output_text part without text', (file: Json) => delete file.calls[1].response.output[0].content[0].text, 'calls[1].response.output[0].content[0].text: missing'],
    ['deltas that are not a list', (file: Json) => (file.calls[1].deltas = 'Sunny'), 'calls[1].deltas: expected an array of text deltas, got the string "Sunny"'],
    ['a delta that is not text', (file: Json) => (file.calls[1].deltas = ['Sunny', 7]), 'calls[1].deltas[1]: expected a string, got number 7'],
    ['tools that are not a list', (file: Json) => (file.calls[0].request.tools = { get_weather: {} }), 'calls[0].request.tools: expected an array of tools, got an object'],
    ['a tool without a type', (file: Json) => delete file.calls[0].request.tools[0].type, 'calls[0].request.tools[0].type: missing'],
    ['handoffs missing', (file: Json) => delete file.calls[0].request.handoffs, 'calls[0].request.handoffs: missing'],
    ['input that is neither text nor items', (file: Json) => (file.calls[0].request.input = 42), 'calls[0].request.input: expected a string or an array of input items, got number 42'],
    ['an input message without a role', (file: Json) => delete file.calls[0].request.input[0].role, 'calls[0].request.input[0].role: missing'],
    ['a function call without arguments', (file: Json) => delete file.calls[0].response.output[0].arguments, 'calls[0].response.output[0].arguments: missing'],
    ['a function call whose arguments are an object', (file: Json) => (file.calls[0].response.output[0].arguments = { city: 'Tokyo' }), 'calls[0].response.output[0].arguments: expected a string of JSON arguments, got an object'],
    ['an output item without a type', (file: Json) => delete file.calls[0].response.output[0].type, 'calls[0].response.output[0].type: missing'],
    ['reasoning whose content is not a list', (file: Json) => file.calls[0].response.output.push({ type: 'reasoning', content: 'hmm' }), 'calls[0].response.output[1].content: expected an array of reasoning parts, got the string "hmm"'],
    ['usage without token counts', (file: Json) => delete file.calls[0].response.usage.totalTokens, 'calls[0].response.usage.totalTokens: missing'],
    ['streamed that is not a boolean', (file: Json) => (file.calls[0].streamed = 'no'), 'calls[0].streamed: expected true or false, got the string "no"'],
    ['a call that is not an object', (file: Json) => (file.calls[1] = null), 'calls[1]: expected an object with a request and a response, got null'],
    ['no calls', (file: Json) => delete file.calls, 'calls: missing'],
  ])('%s', (_what, edit, problem) => {
    expect(problemOf(edited(edit))).toBe(problem);
  });

  test('in a version 2 file the path starts at the conversation', () => {
    const file = v2();
    delete file.conversations['Weather in Tokyo'].calls[1].response.output[0].content;
    expect(problemOf(file)).toBe('conversations["Weather in Tokyo"].calls[1].response.output[0].content: missing');
    expect(problemOf({ version: 2, conversations: { weather: [] } })).toBe('conversations.weather: expected an object with "calls", got an array');
    expect(problemOf({ version: 2, conversations: [] })).toBe('conversations: expected an object of named conversations, got an array');
    expect(problemOf({ version: 2 })).toBe('conversations: missing');
  });

  test('the file as a whole: empty, not JSON, not an object, of an unknown version', () => {
    expect(problemOf('')).toBe('it is empty');
    expect(problemOf('{ "version": 2, ')).toMatch(/^it is not JSON \(/);
    expect(problemOf('[]')).toBe('the file is an array, not a cassette object');
    expect(problemOf({ calls: [] })).toBe('version: missing');
    expect(problemOf({ version: 3, conversations: {} })).toBe('version: expected 1 or 2, got number 3 (the file was written by a newer agents-testkit)');
  });

  test('a file that passes the check replays, however it was edited', async () => {
    const file = v1();
    // Fields the kit does not read may change freely: ids, provider data, extra keys.
    file.calls[1].response.output[0].id = 'msg_edited';
    file.calls[1].response.output[0].note = 'checked by hand';
    const path = join(makeTempDir(), 'edited.json');
    writeFileSync(path, JSON.stringify(file));

    expect((await run(agentWith(cassette(path)), 'Weather in Tokyo?')).finalOutput).toBe('Sunny in Tokyo today.');
  });

  test('codegen refuses the same files with the same path', () => {
    const path = join(makeTempDir(), 'edited.json');
    writeFileSync(path, JSON.stringify(edited((file) => delete file.calls[1].response.output[0].content)));
    let stderr = '';
    const code = main(['codegen', path], { stdout: { write: () => undefined }, stderr: { write: (text: string) => (stderr += text) } });

    expect(code).toBe(1);
    expect(stderr).toBe(`agents-testkit codegen: cannot read the cassette ${path}: calls[1].response.output[0].content: missing.\n`);
  });
});
