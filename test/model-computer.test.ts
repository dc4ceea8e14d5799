// A model that drives the agent's computer tool: usesComputer() sends the SDK's computer_call,
// which the SDK runs on the agent's computer and answers with a screenshot.
import { Agent, computerTool, run, type AgentInputItem, type Computer } from '@openai/agents';
import { model, ScriptError } from 'agents-testkit';
import { describe, expect, failureOf, test, thrownBy } from './support';

/** A computer that keeps the actions the SDK ran on it. */
function fakeComputer() {
  const actions: string[] = [];
  const computer: Computer = {
    environment: 'browser',
    dimensions: [800, 600],
    screenshot: () => 'aGk=',
    click: (x, y, button) => void actions.push(`click ${x},${y} ${button}`),
    doubleClick: (x, y) => void actions.push(`doubleClick ${x},${y}`),
    scroll: (x, y) => void actions.push(`scroll ${x},${y}`),
    type: (text) => void actions.push(`type ${text}`),
    wait: () => void actions.push('wait'),
    move: (x, y) => void actions.push(`move ${x},${y}`),
    keypress: (keys) => void actions.push(`keypress ${keys.join('+')}`),
    drag: () => void actions.push('drag'),
  };
  return { computer, actions };
}

function computerCalls(items: readonly AgentInputItem[] | string | undefined) {
  if (items === undefined || typeof items === 'string') return [];
  return items.flatMap((item) => (item.type === 'computer_call' ? [{ callId: item.callId, action: item.action }] : []));
}

describe('usesComputer', () => {
  test('the SDK runs the action on the agent’s computer; the action is the one written, even if the object changes later', async () => {
    const { computer, actions } = fakeComputer();
    const click = { type: 'click' as const, x: 10, y: 20, button: 'left' as const };
    const script = model().usesComputer(click).thenUsesComputer({ type: 'type', text: 'hello' }).thenReplies('Typed.');
    click.x = 99;
    const result = await run(new Agent({ name: 'Operator', model: script, tools: [computerTool({ computer })] }), 'Type hello');

    expect(result.finalOutput).toBe('Typed.');
    expect(actions).toEqual(['click 10,20 left', 'type hello']);
    expect(computerCalls(script.lastRequest?.input)).toEqual([
      { callId: 'call_1', action: { type: 'click', x: 10, y: 20, button: 'left' } },
      { callId: 'call_2', action: { type: 'type', text: 'hello' } },
    ]);
  });

  test('repeated with times(n), each copy gets its own call id, and the turns after it number on', async () => {
    const { computer, actions } = fakeComputer();
    const script = model().usesComputer({ type: 'wait' }).times(2).thenUsesComputer({ type: 'move', x: 1, y: 2 }).thenReplies('Done.');
    await run(new Agent({ name: 'Operator', model: script, tools: [computerTool({ computer })] }), 'Wait twice');

    expect(actions).toEqual(['wait', 'wait', 'move 1,2']);
    expect(computerCalls(script.lastRequest?.input).map((call) => call.callId)).toEqual(['call_1', 'call_2', 'call_3']);
  });

  test('a step shows the action it sends, then-twin included', () => {
    const script = model({ verify: false }).usesComputer({ type: 'screenshot' }).thenUsesComputer({ type: 'keypress', keys: ['ctrl', 'c'] });
    expect(failureOf(() => script.assertComplete())).toContain(
      ['  1. usesComputer({"type":"screenshot"})', '  2. thenUsesComputer({"type":"keypress","keys":["ctrl","c"]})'].join('\n'),
    );
  });

  test.each([
    ['null', () => model().usesComputer(null as never), "model() step 1, usesComputer(): expected a computer action like { type: 'screenshot' }; got null."],
    ['text', () => model().usesComputer('click' as never), "model() step 1, usesComputer(): expected a computer action like { type: 'screenshot' }; got the string \"click\"."],
    ['an object without a type', () => model().usesComputer({} as never), "model() step 1, usesComputer(): expected a computer action like { type: 'screenshot' }; got an object ({})."],
    ['an object whose type is a number', () => model().usesComputer({ type: 5 } as never), "model() step 1, usesComputer(): expected a computer action like { type: 'screenshot' }; got an object ({\"type\":5})."],
    ['null, written with the then-twin', () => model({ verify: false }).replies('a').thenUsesComputer(null as never), "model() step 2, thenUsesComputer(): expected a computer action like { type: 'screenshot' }; got null."],
    ['null, inside a turn', () => model().turn((t) => t.usesComputer(null as never)), "model() step 1, turn((t) => t.usesComputer()): expected a computer action like { type: 'screenshot' }; got null."],
  ])('an action that is %s is refused where it is written', (_name, write, message) => {
    const error = thrownBy(write);
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'invalid_arguments', message });
  });
});
