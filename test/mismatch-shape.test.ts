// Every double words every mismatch the same way, and carries the same structured fields:
// `<double> call #N, <what came>: expected <what the step wanted> (step S). <why>. <how to fix>`
// (or `<double> step S, …` for what happens when the script delivers a step, not at a call).
import { Agent, run, Runner } from '@openai/agents';
import { shell } from '@openai/agents/sandbox';
import { cassette, mcp, MismatchError, model, modelProvider, realtime, sandbox, type MismatchKind } from 'agents-testkit';
import { z } from 'zod';
import { agentWith, describe, expect, failureOf, getWeather, recorded, rejectionOf, sandboxAgent, test } from './support';

const FIXTURE = 'test/fixtures/weather.json';

interface Expected {
  kind: MismatchKind;
  double: string;
  callIndex: number;
  stepIndex: number | undefined;
  actual: string;
  expected: string | undefined;
}

/** Asserts the fields of `error`, and that its first line is the one sentence built from them. */
function expectShape(error: unknown, fields: Expected, anchor = `call #${fields.callIndex + 1}`): void {
  expect(error).toBeInstanceOf(MismatchError);
  expect(error).toMatchObject(fields);
  const first = (error as Error).message.split('\n')[0] as string;
  const step = fields.stepIndex === undefined || anchor.startsWith('step') ? '' : ` (step ${fields.stepIndex + 1})`;
  const head = `${fields.double} ${anchor}, ${fields.actual}${fields.expected === undefined ? '' : `: expected ${fields.expected}${step}`}`;
  expect(first.startsWith(head)).toBe(true);
  // What follows the head is whole sentences: why, then how to fix.
  expect(first.slice(head.length)).toMatch(/^(\.|\.\s[A-Z"(].*[.?!")])$/);
}

describe('model()', () => {
  test('not_offered: a turn that calls a tool the agent does not offer', async () => {
    const m = model({ name: 'weather', verify: false }).calls('get_wether', { city: 'Oslo' });
    const error = await rejectionOf(run(agentWith(m), 'Weather?'));
    expectShape(error, {
      kind: 'not_offered',
      double: 'model("weather")',
      callIndex: 0,
      stepIndex: 0,
      actual: 'a request offering "get_weather" and "lookup_order"',
      expected: 'calls(get_wether, {"city":"Oslo"})',
    });
    expect(recorded(m)).toEqual([error]);
  });

  test('unexpected_call: a call after every turn was used', async () => {
    const m = model({ verify: false }).calls(getWeather, { city: 'Oslo' });
    const error = await rejectionOf(run(agentWith(m), 'Weather?'));
    expectShape(error, {
      kind: 'unexpected_call',
      double: 'model() for agent "Assistant"',
      callIndex: 1,
      stepIndex: undefined,
      actual: 'a request whose newest input is tool output of get_weather: "Sunny in Oslo."',
      expected: 'no more calls',
    });
  });

  test('duplicate_call_id: a fixed call id the conversation already holds', async () => {
    const first = model({ verify: false }).calls(getWeather, { city: 'Oslo' }, { callId: 'same' }).thenCalls(getWeather, { city: 'Rome' }, { callId: 'same' });
    const error = await rejectionOf(run(agentWith(first), 'Weather?'));
    expectShape(error, {
      kind: 'duplicate_call_id',
      double: 'model() for agent "Assistant"',
      callIndex: 1,
      stepIndex: 1,
      actual: 'a conversation that already holds call id "same"',
      expected: 'thenCalls(get_weather, {"city":"Rome"})',
    });
  });

  test('invalid_step: a responder that returns no output, and a stream without response_done for a non-streamed run', async () => {
    const returning = model({ verify: false }).responds(() => 42 as never);
    const streaming = model({ verify: false }).streams([{ type: 'output_text_delta', delta: 'Hi' }]);
    expectShape(await rejectionOf(run(agentWith(returning), 'Hi')), {
      kind: 'invalid_step',
      double: 'model() for agent "Assistant"',
      callIndex: 0,
      stepIndex: 0,
      actual: 'a request whose newest input is user: "Hi"',
      expected: 'responds(fn)',
    });
    expectShape(await rejectionOf(run(agentWith(streaming), 'Hi')), {
      kind: 'invalid_step',
      double: 'model() for agent "Assistant"',
      callIndex: 0,
      stepIndex: 0,
      actual: 'a request that is not streamed',
      expected: 'streams(1 event)',
    });
  });
});

describe('sandbox()', () => {
  async function runCommands(sb: ReturnType<typeof sandbox>, ...commands: string[]) {
    const script = model({ verify: false });
    for (const cmd of commands) script.calls('exec_command', { cmd });
    script.replies('Done.');
    await run(sandboxAgent(script, [shell()]), 'Go.', { sandbox: { session: sb } });
    return recorded(sb);
  }

  test('wrong_arguments, unexpected_call and invalid_step, each with the call and the step', async () => {
    const [wrong] = await runCommands(sandbox({ name: 'ci', verify: false }).exec('pwd').returns('/w\n'), 'ls');
    expectShape(wrong, { kind: 'wrong_arguments', double: 'sandbox("ci")', callIndex: 0, stepIndex: 0, actual: 'exec "ls"', expected: 'exec "pwd"' });

    const [extra] = await runCommands(sandbox({ verify: false }), 'ls');
    expectShape(extra, { kind: 'unexpected_call', double: 'sandbox()', callIndex: 0, stepIndex: undefined, actual: 'exec "ls"', expected: 'no more calls' });

    const [invalid] = await runCommands(sandbox({ verify: false }).exec('ls').responds(() => 42 as never), 'ls');
    expectShape(invalid, { kind: 'invalid_step', double: 'sandbox()', callIndex: 0, stepIndex: 0, actual: 'exec "ls"', expected: 'exec("ls").responds(fn)' });
  });

  test('wrong_method: another session method than the step', async () => {
    const sb = sandbox({ verify: false }).readFile('notes.md').returns('# Notes');
    const [wrong] = await runCommands(sb, 'ls');
    expectShape(wrong, { kind: 'wrong_method', double: 'sandbox()', callIndex: 0, stepIndex: 0, actual: 'exec "ls"', expected: 'readFile "notes.md"' });
  });

  test('failed_assertion: a responder whose assertion fails', async () => {
    const sb = sandbox({ verify: false }).exec(/./).responds(({ cmd }) => {
      expect(cmd).toBe('pwd');
      return '';
    });
    const [failed] = await runCommands(sb, 'ls');
    expectShape(failed, { kind: 'failed_assertion', double: 'sandbox()', callIndex: 0, stepIndex: 0, actual: 'exec "ls"', expected: 'exec(/./).responds(fn)' });
  });
});

describe('cassette() and modelProvider()', () => {
  test('request_drift and unexpected_call of a cassette', async () => {
    const drifting = cassette(FIXTURE, { name: 'weather', verify: false });
    const drift = await rejectionOf(run(agentWith(drifting, { instructions: 'Be terse.' }), 'Weather in Tokyo?'));
    expectShape(drift, {
      kind: 'request_drift',
      double: 'cassette("weather")',
      callIndex: 0,
      stepIndex: 0,
      actual: 'a request whose newest input is user: "Weather in Tokyo?"',
      expected: 'the request recorded for calls(get_weather, {"city":"Tokyo"})',
    });

    const short = cassette(FIXTURE, { verify: false });
    await run(agentWith(short), 'Weather in Tokyo?');
    const extra = await rejectionOf(run(agentWith(short), 'And tomorrow?'));
    expectShape(extra, {
      kind: 'unexpected_call',
      double: `cassette("${FIXTURE}")`,
      callIndex: 2,
      stepIndex: undefined,
      actual: 'a request whose newest input is user: "And tomorrow?"',
      expected: 'no more calls',
    });
  });

  test('unrouted: a provider with no script for the agent that asks', async () => {
    const provider = modelProvider({ name: 'support', verify: false, agents: { Triage: model({ verify: false }).replies('Hi.') } });
    const error = await rejectionOf(new Runner({ modelProvider: provider }).run(new Agent({ name: 'Billing', model: 'gpt-5.4-mini' }), 'Hi'));
    expectShape(error, {
      kind: 'unrouted',
      double: 'modelProvider("support")',
      callIndex: 0,
      stepIndex: undefined,
      actual: 'agent "Billing" (model "gpt-5.4-mini")',
      expected: 'a route for it',
    });
  });
});

describe('realtime()', () => {
  test('wrong_arguments, wrong_method and unexpected_call', () => {
    const rt = realtime({ verify: false }).expect('sendMessage', { message: 'Hi' });
    rt.sendMessage('Hello', {});
    rt.mute(true);
    const [wrongArguments, wrongMethod] = recorded(rt);
    expectShape(wrongArguments, {
      kind: 'wrong_arguments',
      double: 'realtime()',
      callIndex: 0,
      stepIndex: 0,
      actual: 'sendMessage("Hello")',
      expected: 'expect(\'sendMessage\', {"message":"Hi"})',
    });
    expectShape(wrongMethod, {
      kind: 'wrong_method',
      double: 'realtime()',
      callIndex: 1,
      stepIndex: 0,
      actual: 'mute(true)',
      expected: 'a sendMessage call, expect(\'sendMessage\', {"message":"Hi"})',
    });

    const empty = realtime({ name: 'voice', verify: false });
    empty.interrupt();
    expectShape(recorded(empty)[0], {
      kind: 'unexpected_call',
      double: 'realtime("voice")',
      callIndex: 0,
      stepIndex: undefined,
      actual: 'interrupt()',
      expected: 'no more calls',
    });
  });
});

describe('labels', () => {
  test('an unnamed double is named after the agents it serves, in every message and report', async () => {
    const shared = model({ verify: false }).replies('One.').thenReplies('Two.').thenReplies('Left over.');
    await run(new Agent({ name: 'Triage', model: shared }), 'Hi');
    await run(new Agent({ name: 'Billing', model: shared }), 'Hi');
    expect(shared.label).toBe('model() for agent "Triage" and agent "Billing"');
    expect(failureOf(() => shared.assertComplete())).toContain('model() for agent "Triage" and agent "Billing" has 1 step not used');
    const named = model({ name: 'support', verify: false }).replies('Hi.');
    await run(new Agent({ name: 'Triage', model: named }), 'Hi');
    expect(named.label).toBe('model("support")');
  });
});

describe('mcp()', () => {
  test('wrong_arguments, wrong_method, not_offered and unexpected_call, each with the call and the step', async () => {
    const files = mcp({ name: 'files', verify: false, tools: { read_file: z.object({ path: z.string() }), list_directory: z.object({ path: z.string() }) } })
      .expectCall('read_file', { path: 'a.md' })
      .returns('A')
      .expectCall('list_directory')
      .returns('a.md');
    const wrong = await rejectionOf(files.callTool('read_file', { path: 'b.md' }));
    expectShape(wrong, { kind: 'wrong_arguments', double: 'mcp("files")', callIndex: 0, stepIndex: 0, actual: 'callTool read_file({"path":"b.md"})', expected: 'callTool read_file {"path":"a.md"}' });
    const other = await rejectionOf(files.callTool('read_file', { path: 'a.md' }));
    expectShape(other, { kind: 'wrong_method', double: 'mcp("files")', callIndex: 1, stepIndex: 1, actual: 'callTool read_file({"path":"a.md"})', expected: 'callTool list_directory' });
    const unlisted = await rejectionOf(files.callTool('write_file', {}));
    expectShape(unlisted, { kind: 'not_offered', double: 'mcp("files")', callIndex: 2, stepIndex: undefined, actual: 'callTool write_file()', expected: 'no more calls' });
    const extra = await rejectionOf(files.callTool('read_file', { path: 'a.md' }));
    expectShape(extra, { kind: 'unexpected_call', double: 'mcp("files")', callIndex: 3, stepIndex: undefined, actual: 'callTool read_file({"path":"a.md"})', expected: 'no more calls' });
    expect(recorded(files)).toEqual([wrong, other, unlisted, extra]);
  });
});
