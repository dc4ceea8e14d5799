import {
  Agent,
  defineToolInputGuardrail,
  run,
  Runner,
  tool,
  ToolGuardrailFunctionOutputFactory,
  type InputGuardrail,
  type OutputGuardrail,
} from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';
import { describe, expect, failureOf, rejectionOf, test } from './support';

const noSecrets: InputGuardrail = {
  name: 'no_secrets',
  execute: async ({ input }) => ({ tripwireTriggered: JSON.stringify(input).includes('secret'), outputInfo: { reason: 'secret' } }),
};
const polite: OutputGuardrail = {
  name: 'polite',
  execute: async ({ agentOutput }) => ({ tripwireTriggered: String(agentOutput).includes('stupid'), outputInfo: {} }),
};
const noDelete = defineToolInputGuardrail({
  name: 'no_delete',
  run: async ({ toolCall }) =>
    toolCall.arguments.includes('prod') ? ToolGuardrailFunctionOutputFactory.rejectContent('Not on prod.') : ToolGuardrailFunctionOutputFactory.allow(),
});
const remove = tool({ name: 'remove', description: 'Removes', parameters: z.object({ id: z.string() }), inputGuardrails: [noDelete], execute: async () => 'removed' });

const guarded = (script: ReturnType<typeof model>) => new Agent({ name: 'Guarded', model: script, inputGuardrails: [noSecrets], outputGuardrails: [polite], tools: [remove] });

describe('toHaveTrippedGuardrail and toHavePassedGuardrail', () => {
  test('on a run whose guardrails passed', async () => {
    const result = await run(guarded(model().replies('Hello.')), 'Hi');
    expect(result).toHavePassedGuardrail(noSecrets);
    expect(result).toHavePassedGuardrail('polite');
    expect(result).not.toHaveTrippedGuardrail();
    expect(result).not.toHaveTrippedGuardrail(noSecrets);
    expect(failureOf(() => expect(result).toHaveTrippedGuardrail(noSecrets))).toMatchSnapshot();
  });

  test('on the tripwire error an input guardrail made the run reject with', async () => {
    const error = await rejectionOf(run(guarded(model({ verify: false }).replies('Hello.')), 'my secret is 42'));
    expect(error).toHaveTrippedGuardrail(noSecrets);
    expect(error).toHaveTrippedGuardrail();
    expect(error).not.toHaveTrippedGuardrail(polite);
    await expect(run(guarded(model({ verify: false }).replies('Hello.')), 'secret')).rejects.toHaveTrippedGuardrail('no_secrets');
  });

  test('an output guardrail', async () => {
    const error = await rejectionOf(run(guarded(model().replies('That is stupid.')), 'Hi'));
    expect(error).toHaveTrippedGuardrail(polite);
    expect(failureOf(() => expect(error).not.toHaveTrippedGuardrail(polite))).toContain('Received: "polite" tripped');
  });

  test('a tool guardrail that rejected content: the run goes on, the guardrail tripped', async () => {
    const result = await run(guarded(model().calls(remove, { id: 'prod-1' }, { toolFails: 'Not on prod.' }).thenReplies('Could not.')), 'Remove prod-1');
    expect(result).toHaveTrippedGuardrail(noDelete);
    expect(result).not.toHavePassedGuardrail(noDelete);
    expect(failureOf(() => expect(result).toHavePassedGuardrail(noDelete))).toContain('tool input guardrail "no_delete": rejectContent: "Not on prod."');
  });

  test('a call a tool input guardrail rejected did not run: the tool matchers do not count it, and list it apart', async () => {
    const result = await run(guarded(model().calls(remove, { id: 'a-1' }).calls(remove, { id: 'prod-1' }, { toolFails: 'Not on prod.' }).thenReplies('Done.')), 'Remove both');
    expect(result).toHaveCalledTool(remove, { id: 'a-1' });
    expect(result).not.toHaveCalledTool(remove, { id: 'prod-1' });
    expect(result).toHaveCalledToolTimes(remove, 1);
    expect(failureOf(() => expect(result).toHaveCalledTool(remove, { id: 'prod-1' }))).toContain('remove({"id":"prod-1"})  (Guarded)  — rejected by a tool input guardrail');
  });

  test('a guardrail that did not run, and values of the wrong kind', async () => {
    const result = await run(new Agent({ name: 'Plain', model: model().replies('Hi.') }), 'Hi');
    expect(failureOf(() => expect(result).toHavePassedGuardrail(noSecrets))).toContain('Received: no guardrail named "no_secrets" ran');
    expect(failureOf(() => expect(result).toHaveTrippedGuardrail())).toContain('No guardrail ran in the run.');
    expect(failureOf(() => expect(result).toHavePassedGuardrail(42 as never))).toContain('Matcher error: guardrail value must be a guardrail or its name');
    expect(failureOf(() => expect(new Error('plain')).toHaveTrippedGuardrail())).toContain('a RunResult, or the tripwire error a run rejected with');
  });
});

describe('a guardrail object is that object, never another one of the same name', () => {
  /** The guardrails of one owner, each named like the other owners' (no_secrets, polite, no_delete). */
  function guardrailsOf(owner: string) {
    const input: InputGuardrail = { name: 'no_secrets', runInParallel: false, execute: async ({ input: text }) => ({ tripwireTriggered: JSON.stringify(text).includes('secret'), outputInfo: { owner } }) };
    const output: OutputGuardrail = { name: 'polite', execute: async ({ agentOutput }) => ({ tripwireTriggered: String(agentOutput).includes('stupid'), outputInfo: { owner } }) };
    return { input, output };
  }
  const support = guardrailsOf('Support');
  const billing = guardrailsOf('Billing');
  const supportAgent = (script: ReturnType<typeof model>, handoffs: Agent[] = []) =>
    new Agent({ name: 'Support', model: script, inputGuardrails: [support.input], outputGuardrails: [support.output], handoffs });

  test("another agent's input and output guardrails of the same names do not count; the names still do", async () => {
    const result = await run(supportAgent(model().replies('Hello.')), 'Hi');

    expect(result).toHavePassedGuardrail(support.input);
    expect(result).toHavePassedGuardrail(support.output);
    expect(result).toHavePassedGuardrail('no_secrets');
    expect(result).not.toHavePassedGuardrail(billing.input);
    expect(result).not.toHavePassedGuardrail(billing.output);
    expect(failureOf(() => expect(result).toHavePassedGuardrail(billing.input))).toBe(
      [
        'expect(received).toHavePassedGuardrail(guardrail)',
        '',
        'Expected: guardrail "no_secrets" to run and pass',
        'Received: another guardrail named "no_secrets" ran (the one of agent "Support"), not this guardrail object',
        '',
        'Guardrails of the run:',
        '→ 1. input guardrail "no_secrets": passed {"owner":"Support"}',
        '  2. output guardrail "polite": passed {"owner":"Support"}',
      ].join('\n'),
    );
  });

  test('on a tripwire error: the object that tripped, not the same-named one of another agent; .not reads as ever', async () => {
    const inputError = await rejectionOf(run(supportAgent(model()), 'my secret'));
    expect(inputError).toHaveTrippedGuardrail(support.input);
    expect(inputError).not.toHaveTrippedGuardrail(billing.input);
    expect(failureOf(() => expect(inputError).toHaveTrippedGuardrail(billing.input))).toBe(
      [
        'expect(received).toHaveTrippedGuardrail(guardrail)',
        '',
        'Expected: guardrail "no_secrets" to trip',
        'Received: another guardrail named "no_secrets" ran (the one of agent "Support"), not this guardrail object',
        '',
        'Guardrails of the InputGuardrailTripwireTriggered:',
        '→ 1. input guardrail "no_secrets": tripped {"owner":"Support"}',
      ].join('\n'),
    );
    expect(failureOf(() => expect(inputError).not.toHaveTrippedGuardrail(support.input)).split('\n').slice(2, 4)).toEqual([
      'Expected: guardrail "no_secrets" not to trip',
      'Received: "no_secrets" tripped',
    ]);

    const outputError = await rejectionOf(run(supportAgent(model().replies('That is stupid.')), 'Hi'));
    expect(outputError).toHaveTrippedGuardrail(support.output);
    expect(outputError).not.toHaveTrippedGuardrail(billing.output);
    expect(failureOf(() => expect(outputError).toHaveTrippedGuardrail(billing.output))).toContain(
      'Received: another guardrail named "polite" ran (the one of agent "Support"), not this guardrail object',
    );
  });

  test("after a handoff: the input guardrails are the starting agent's, the output guardrails the last agent's", async () => {
    const billingAgent = new Agent({ name: 'Billing', model: model().replies('Invoice sent.'), inputGuardrails: [billing.input], outputGuardrails: [billing.output] });
    const result = await run(supportAgent(model().handsOffTo(billingAgent), [billingAgent]), 'Invoice?');

    expect(result).toHavePassedGuardrail(support.input);
    expect(result).not.toHavePassedGuardrail(billing.input);
    expect(result).toHavePassedGuardrail(billing.output);
    expect(result).not.toHavePassedGuardrail(support.output);
    expect(failureOf(() => expect(result).toHavePassedGuardrail(support.output))).toContain(
      'Received: another guardrail named "polite" ran (the one of agent "Billing"), not this guardrail object',
    );
  });

  test("another tool's guardrail of the same name does not count; one given as { name, run } is the object the app gave", async () => {
    const rejecting = { name: 'no_delete', run: async () => ToolGuardrailFunctionOutputFactory.rejectContent('Not on prod.') };
    const archive = tool({ name: 'archive', description: 'Archives', parameters: z.object({ id: z.string() }), inputGuardrails: [rejecting], execute: async () => 'archived' });
    const result = await run(new Agent({ name: 'Ops', model: model().calls(archive, { id: 'prod-1' }, { toolFails: 'Not on prod.' }).thenReplies('Could not.'), tools: [archive, remove] }), 'Archive prod-1');

    expect(result).toHaveTrippedGuardrail(rejecting);
    expect(result).not.toHaveTrippedGuardrail(noDelete);
    expect(failureOf(() => expect(result).toHaveTrippedGuardrail(noDelete))).toContain(
      'Received: another guardrail named "no_delete" ran (the one of tool "archive"), not this guardrail object',
    );
  });

  test("a runner's guardrail, which no agent holds, matches by name: the result names no more", async () => {
    const runner = new Runner({ inputGuardrails: [support.input] });
    const result = await runner.run(new Agent({ name: 'Plain', model: model().replies('Hi.') }), 'Hi');

    expect(result).toHavePassedGuardrail(support.input);
    expect(result).toHavePassedGuardrail(billing.input);

    // An agent holding input guardrails of other names only holds none of that name either.
    const onTopic: InputGuardrail = { name: 'on_topic', execute: async () => ({ tripwireTriggered: false, outputInfo: {} }) };
    const guardedRun = await runner.run(new Agent({ name: 'Guarded', model: model().replies('Hi.'), inputGuardrails: [onTopic] }), 'Hi');
    expect(guardedRun).toHavePassedGuardrail(onTopic);
    expect(guardedRun).toHavePassedGuardrail(billing.input);
  });
});

/** A value the matchers read as a RunResult, carrying these guardrail result lists (records the SDK would not make, too). */
const runResultWith = (lists: Record<string, unknown>) => ({ newItems: [], finalOutput: 'Done.', ...lists });

describe('toHaveTrippedGuardrail and toHavePassedGuardrail: every branch of the messages', () => {
  test('toHaveTrippedGuardrail() without a guardrail: every guardrail passed, no guardrail ran, and .not names the one that tripped', async () => {
    const passed = await run(guarded(model().replies('Hello.')), 'Hi');
    expect(failureOf(() => expect(passed).toHaveTrippedGuardrail())).toBe(
      [
        'expect(received).toHaveTrippedGuardrail()',
        '',
        'Expected: a guardrail to trip',
        'Received: every guardrail passed',
        '',
        'Guardrails of the run:',
        '→ 1. input guardrail "no_secrets": passed {"reason":"secret"}',
        '→ 2. output guardrail "polite": passed {}',
      ].join('\n'),
    );

    const plain = await run(new Agent({ name: 'Plain', model: model().replies('Hi.') }), 'Hi');
    expect(plain).not.toHaveTrippedGuardrail();
    expect(failureOf(() => expect(plain).toHaveTrippedGuardrail())).toBe(
      ['expect(received).toHaveTrippedGuardrail()', '', 'Expected: a guardrail to trip', 'Received: no guardrail ran', '', 'No guardrail ran in the run.'].join('\n'),
    );

    const error = await rejectionOf(run(guarded(model({ verify: false }).replies('Hello.')), 'my secret is 42'));
    expect(failureOf(() => expect(error).not.toHaveTrippedGuardrail())).toBe(
      [
        'expect(received).not.toHaveTrippedGuardrail()',
        '',
        'Expected: a guardrail not to trip',
        'Received: "no_secrets" tripped',
        '',
        'Guardrails of the InputGuardrailTripwireTriggered:',
        '→ 1. input guardrail "no_secrets": tripped {"reason":"secret"}',
      ].join('\n'),
    );
  });

  test('toHaveTrippedGuardrail(guardrail): no guardrail of that name ran, it passed, and .not marks only the calls it tripped on', async () => {
    const plain = await run(new Agent({ name: 'Plain', model: model().replies('Hi.') }), 'Hi');
    expect(plain).not.toHaveTrippedGuardrail(noSecrets);
    expect(failureOf(() => expect(plain).toHaveTrippedGuardrail(noSecrets))).toBe(
      [
        'expect(received).toHaveTrippedGuardrail(guardrail)',
        '',
        'Expected: guardrail "no_secrets" to trip',
        'Received: no guardrail named "no_secrets" ran',
        '',
        'No guardrail ran in the run.',
      ].join('\n'),
    );

    const passed = await run(guarded(model().replies('Hello.')), 'Hi');
    expect(failureOf(() => expect(passed).toHaveTrippedGuardrail('polite'))).toBe(
      [
        'expect(received).toHaveTrippedGuardrail(guardrail)',
        '',
        'Expected: guardrail "polite" to trip',
        'Received: "polite" passed',
        '',
        'Guardrails of the run:',
        '  1. input guardrail "no_secrets": passed {"reason":"secret"}',
        '→ 2. output guardrail "polite": passed {}',
      ].join('\n'),
    );

    // The tool guardrail let one call through and rejected the other: it tripped, on the second.
    const mixed = await run(guarded(model().calls(remove, { id: 'a-1' }).calls(remove, { id: 'prod-1' }, { toolFails: 'Not on prod.' }).thenReplies('Done.')), 'Remove both');
    expect(mixed).toHaveTrippedGuardrail(noDelete);
    expect(mixed).toHaveTrippedGuardrail();
    expect(mixed).not.toHaveTrippedGuardrail(noSecrets);
    expect(failureOf(() => expect(mixed).not.toHaveTrippedGuardrail(noDelete))).toBe(
      [
        'expect(received).not.toHaveTrippedGuardrail(guardrail)',
        '',
        'Expected: guardrail "no_delete" not to trip',
        'Received: "no_delete" tripped',
        '',
        'Guardrails of the run:',
        '  1. input guardrail "no_secrets": passed {"reason":"secret"}',
        '  2. output guardrail "polite": passed {}',
        '  3. tool input guardrail "no_delete": allow',
        '→ 4. tool input guardrail "no_delete": rejectContent: "Not on prod."',
      ].join('\n'),
    );
  });

  test('toHavePassedGuardrail: it ran once or N times and passed (.not), it tripped on one call of several, no guardrail of that name ran', async () => {
    const passed = await run(guarded(model().replies('Hello.')), 'Hi');
    expect(failureOf(() => expect(passed).not.toHavePassedGuardrail(noSecrets))).toBe(
      [
        'expect(received).not.toHavePassedGuardrail(guardrail)',
        '',
        'Expected: guardrail "no_secrets" not to run and pass',
        'Received: it ran once and passed',
        '',
        'Guardrails of the run:',
        '→ 1. input guardrail "no_secrets": passed {"reason":"secret"}',
        '  2. output guardrail "polite": passed {}',
      ].join('\n'),
    );

    const twice = await run(guarded(model().calls(remove, { id: 'a-1' }).calls(remove, { id: 'b-2' }).thenReplies('Done.')), 'Remove both');
    expect(twice).toHavePassedGuardrail(noDelete);
    expect(twice).not.toHaveTrippedGuardrail(noDelete);
    expect(failureOf(() => expect(twice).not.toHavePassedGuardrail(noDelete))).toBe(
      [
        'expect(received).not.toHavePassedGuardrail(guardrail)',
        '',
        'Expected: guardrail "no_delete" not to run and pass',
        'Received: it ran 2 times and passed',
        '',
        'Guardrails of the run:',
        '  1. input guardrail "no_secrets": passed {"reason":"secret"}',
        '  2. output guardrail "polite": passed {}',
        '→ 3. tool input guardrail "no_delete": allow',
        '→ 4. tool input guardrail "no_delete": allow',
      ].join('\n'),
    );

    // Passing on one call does not make up for tripping on another; other guardrails' verdicts do not count.
    const mixed = await run(guarded(model().calls(remove, { id: 'a-1' }).calls(remove, { id: 'prod-1' }, { toolFails: 'Not on prod.' }).thenReplies('Done.')), 'Remove both');
    expect(mixed).toHavePassedGuardrail(noSecrets);
    expect(mixed).not.toHavePassedGuardrail(noDelete);
    expect(failureOf(() => expect(mixed).toHavePassedGuardrail(noDelete))).toBe(
      [
        'expect(received).toHavePassedGuardrail(guardrail)',
        '',
        'Expected: guardrail "no_delete" to run and pass',
        'Received: "no_delete" tripped',
        '',
        'Guardrails of the run:',
        '  1. input guardrail "no_secrets": passed {"reason":"secret"}',
        '  2. output guardrail "polite": passed {}',
        '→ 3. tool input guardrail "no_delete": allow',
        '→ 4. tool input guardrail "no_delete": rejectContent: "Not on prod."',
      ].join('\n'),
    );

    const plain = await run(new Agent({ name: 'Plain', model: model().replies('Hi.') }), 'Hi');
    expect(plain).not.toHavePassedGuardrail('no_secrets');
    expect(failureOf(() => expect(plain).toHavePassedGuardrail('no_secrets'))).toBe(
      [
        'expect(received).toHavePassedGuardrail(guardrail)',
        '',
        'Expected: guardrail "no_secrets" to run and pass',
        'Received: no guardrail named "no_secrets" ran',
        '',
        'No guardrail ran in the run.',
      ].join('\n'),
    );

    const error = await rejectionOf(run(guarded(model({ verify: false }).replies('Hello.')), 'my secret is 42'));
    expect(error).not.toHavePassedGuardrail(noSecrets);
    expect(failureOf(() => expect(error).toHavePassedGuardrail(noSecrets))).toBe(
      [
        'expect(received).toHavePassedGuardrail(guardrail)',
        '',
        'Expected: guardrail "no_secrets" to run and pass',
        'Received: "no_secrets" tripped',
        '',
        'Guardrails of the InputGuardrailTripwireTriggered:',
        '→ 1. input guardrail "no_secrets": tripped {"reason":"secret"}',
      ].join('\n'),
    );
  });

  test('a guardrail is its definition or its name; anything else fails with a matcher error naming what was expected', async () => {
    const passed = await run(guarded(model().replies('Hello.')), 'Hi');
    // Any object with a name is taken as a guardrail, and matched as that object: this one did not run.
    expect(passed).not.toHavePassedGuardrail({ name: 'no_secrets' });
    expect(passed).not.toHaveTrippedGuardrail({ name: 'no_secrets' });

    expect(failureOf(() => expect(passed).toHavePassedGuardrail(42 as never))).toBe(
      [
        'expect(received).toHavePassedGuardrail(guardrail)',
        '',
        'Matcher error: guardrail value must be a guardrail or its name',
        '',
        'Guardrail has type:  number',
        'Guardrail has value: 42',
      ].join('\n'),
    );
    expect(failureOf(() => expect(passed).not.toHaveTrippedGuardrail(42 as never))).toBe(
      [
        'expect(received).not.toHaveTrippedGuardrail(guardrail)',
        '',
        'Matcher error: guardrail value must be a guardrail or its name',
        '',
        'Guardrail has type:  number',
        'Guardrail has value: 42',
      ].join('\n'),
    );
    expect(failureOf(() => expect(passed).toHaveTrippedGuardrail(''))).toBe(
      [
        'expect(received).toHaveTrippedGuardrail(guardrail)',
        '',
        'Matcher error: guardrail value must be a guardrail or its name',
        '',
        'Guardrail has type:  string',
        'Guardrail has value: ""',
      ].join('\n'),
    );
    expect(failureOf(() => expect(passed).toHavePassedGuardrail(null as never))).toBe(
      ['expect(received).toHavePassedGuardrail(guardrail)', '', 'Matcher error: guardrail value must be a guardrail or its name', '', 'Guardrail has value: null'].join('\n'),
    );

    // An object without a string name, or a function (whose `name` is the function's), is not a guardrail definition.
    function no_secrets(): void {}
    const invalid: unknown[] = [42, '', null, {}, { name: 42 }, { title: 'no_secrets' }, no_secrets];
    for (const value of invalid) {
      for (const failure of [
        failureOf(() => expect(passed).toHavePassedGuardrail(value as never)),
        failureOf(() => expect(passed).not.toHavePassedGuardrail(value as never)),
        failureOf(() => expect(passed).toHaveTrippedGuardrail(value as never)),
        failureOf(() => expect(passed).not.toHaveTrippedGuardrail(value as never)),
      ]) {
        expect(failure).toContain('\n\nMatcher error: guardrail value must be a guardrail or its name\n\n');
        expect(failure).toContain('Guardrail has value: ');
      }
    }
  });

  test('a received value that is neither a RunResult nor a tripwire error fails with a matcher error', () => {
    expect(failureOf(() => expect(null).toHaveTrippedGuardrail())).toBe(
      [
        'expect(received).toHaveTrippedGuardrail()',
        '',
        'Matcher error: received value must be a RunResult, or the tripwire error a run rejected with (e.g. InputGuardrailTripwireTriggered)',
        '',
        'Received has value: null',
      ].join('\n'),
    );
    const tripwire = { guardrail: { type: 'input', name: 'no_secrets' }, output: { tripwireTriggered: true } };
    const received: unknown[] = [
      null,
      undefined,
      'Hello.',
      new Error('plain'),
      // An error whose result names no guardrail, and an object that carries a result but is no error.
      Object.assign(new Error('odd'), { result: {} }),
      Object.assign(new Error('odd'), { result: { guardrail: { type: 'input' }, output: { tripwireTriggered: true } } }),
      { result: tripwire },
    ];
    for (const value of received) {
      for (const failure of [
        failureOf(() => expect(value).toHaveTrippedGuardrail()),
        failureOf(() => expect(value).not.toHaveTrippedGuardrail('no_secrets')),
        failureOf(() => expect(value).toHavePassedGuardrail('no_secrets')),
        failureOf(() => expect(value).not.toHavePassedGuardrail('no_secrets')),
      ]) {
        expect(failure).toContain(
          '\n\nMatcher error: received value must be a RunResult, or the tripwire error a run rejected with (e.g. InputGuardrailTripwireTriggered)\n\n',
        );
      }
    }
    expect(Object.assign(new Error('tripped'), { name: 'InputGuardrailTripwireTriggered', result: tripwire })).toHaveTrippedGuardrail('no_secrets');
  });

  test('the listed guardrails: each kind of verdict, outputInfo cut short, and records with no type or no name left out', () => {
    const result = runResultWith({
      inputGuardrailResults: [
        { guardrail: { type: 'input', name: 'bare' }, output: { tripwireTriggered: false } },
        { guardrail: { type: 'input', name: 'wordy' }, output: { tripwireTriggered: true, outputInfo: { reason: 'x'.repeat(100) } } },
        { guardrail: { type: 'input', name: 'truthy' }, output: { tripwireTriggered: 'yes', outputInfo: null } },
        { guardrail: { name: 'untyped' }, output: { tripwireTriggered: true } },
        { guardrail: { type: 'input' }, output: { tripwireTriggered: true } },
        { guardrail: { type: 'input', name: 42 }, output: { tripwireTriggered: true } },
        { output: { tripwireTriggered: true } },
      ],
      outputGuardrailResults: 'not a list',
      toolInputGuardrailResults: [
        { guardrail: { type: 'tool_input', name: 'letting' }, output: { behavior: { type: 'allow' } } },
        { guardrail: { type: 'tool_input', name: 'throwing' }, output: { behavior: { type: 'throwException' } } },
      ],
      toolOutputGuardrailResults: [{ guardrail: { type: 'tool_output', name: 'redacting' }, output: { behavior: { type: 'rejectContent', message: 'Redacted.' } } }],
    });
    expect(result).toHavePassedGuardrail('bare');
    expect(result).toHavePassedGuardrail('truthy');
    expect(result).toHavePassedGuardrail('letting');
    expect(result).not.toHavePassedGuardrail('untyped');
    expect(result).not.toHaveTrippedGuardrail('untyped');
    expect(result).toHaveTrippedGuardrail('throwing');
    expect(result).toHaveTrippedGuardrail('redacting');
    expect(failureOf(() => expect(result).not.toHaveTrippedGuardrail())).toBe(
      [
        'expect(received).not.toHaveTrippedGuardrail()',
        '',
        'Expected: a guardrail not to trip',
        'Received: "wordy" tripped',
        '',
        'Guardrails of the run:',
        '  1. input guardrail "bare": passed',
        `→ 2. input guardrail "wordy": tripped {"reason":"${'x'.repeat(48)}…`,
        '  3. input guardrail "truthy": passed null',
        '  4. tool input guardrail "letting": allow',
        '→ 5. tool input guardrail "throwing": throwException',
        '→ 6. tool output guardrail "redacting": rejectContent: "Redacted."',
      ].join('\n'),
    );
  });
});

/**
 * Whose guardrails a record names, read off a run's items: records and items the SDK would not
 * make (names repeated across tools, items of other kinds naming a tool, owners that are no
 * objects) so that each rule of that reading shows in what the matchers accept and say.
 */
describe('toHaveTrippedGuardrail and toHavePassedGuardrail: whose guardrail of that name ran', () => {
  const allowed = (type: string, name = 'check') => ({ guardrail: { type, name }, output: { behavior: { type: 'allow' } } });
  const passed = (type: string, name = 'check') => ({ guardrail: { type, name }, output: { tripwireTriggered: false } });
  /** A tool guardrail's definition; `run` tells it from another of the same name. */
  const toolGuardrail = (label: string) => ({ name: 'check', run: async () => label });
  const stranger = toolGuardrail('stranger');
  const another = (owners: string) => `Received: another guardrail named "check" ran${owners}, not this guardrail object`;
  const receivedLine = (failure: string) => failure.split('\n')[3];

  test('the tools the run called: only function calls count, and only tools that hold a guardrail of that name', () => {
    const [archiveCheck, removeCheck, unnamedCheck] = [toolGuardrail('archive'), toolGuardrail('remove'), toolGuardrail('unnamed')];
    const agent = {
      name: 'Ops',
      tools: [
        { name: 'archive', inputGuardrails: [archiveCheck] },
        { name: 'remove', inputGuardrails: [removeCheck] },
        { name: 'plain', inputGuardrails: [] },
        { inputGuardrails: [unnamedCheck] },
      ],
    };
    const item = (type: string, rawItem: object) => ({ type, rawItem, agent });
    const result = runResultWith({
      newItems: [
        item('tool_call_item', { type: 'function_call', name: 'archive' }),
        // Called, but holds no guardrail of that name: not an owner.
        item('tool_call_item', { type: 'function_call', name: 'plain' }),
        // A call of a tool the agent does not hold (an MCP server's): no owner, and no error.
        item('tool_call_item', { type: 'function_call', name: 'ghost' }),
        // A handoff's function call, a hosted call and a call without a name name no function tool the run called.
        item('handoff_call_item', { type: 'function_call', name: 'remove' }),
        item('tool_call_item', { type: 'hosted_tool_call', name: 'remove' }),
        item('tool_call_item', { type: 'function_call' }),
      ],
      toolInputGuardrailResults: [allowed('tool_input')],
    });

    expect(result).toHavePassedGuardrail(archiveCheck);
    expect(result).toHavePassedGuardrail('check');
    expect(result).not.toHavePassedGuardrail(removeCheck);
    expect(result).not.toHavePassedGuardrail(unnamedCheck);
    expect(receivedLine(failureOf(() => expect(result).toHavePassedGuardrail(removeCheck)))).toBe(another(' (the one of tool "archive")'));
  });

  test('several owners of that name: any of their guardrails is the one that ran, and the message names every owner', () => {
    const [archiveCheck, removeCheck] = [toolGuardrail('archive'), toolGuardrail('remove')];
    const removeScrub = { name: 'scrub', run: async () => 'remove' };
    const agentScrub = { name: 'scrub', run: async () => 'agent' };
    // The agent's own guardrail shares its `run` with the stranger below: an agent's guardrail is matched as that object only.
    const agentCheck = { name: 'check', run: stranger.run };
    const agent = {
      name: 'Ops',
      inputGuardrails: [agentCheck],
      outputGuardrails: [agentScrub],
      tools: [
        { name: 'archive', inputGuardrails: [archiveCheck] },
        { name: 'remove', inputGuardrails: [removeCheck], outputGuardrails: [removeScrub] },
      ],
    };
    const result = runResultWith({
      newItems: ['archive', 'remove'].map((name) => ({ type: 'tool_call_item', rawItem: { type: 'function_call', name }, agent })),
      inputGuardrailResults: [passed('input')],
      toolInputGuardrailResults: [allowed('tool_input')],
      toolOutputGuardrailResults: [allowed('tool_output', 'scrub')],
    });

    expect(result).toHavePassedGuardrail(archiveCheck);
    expect(result).toHavePassedGuardrail(removeCheck);
    expect(result).toHavePassedGuardrail(agentCheck);
    const sameRun = { name: 'check', run: stranger.run };
    expect(result).not.toHavePassedGuardrail(sameRun);
    // A tool output guardrail is its tool's, not the agent's output guardrail of the same name.
    expect(result).toHavePassedGuardrail(removeScrub);
    expect(result).not.toHavePassedGuardrail(agentScrub);
    expect(receivedLine(failureOf(() => expect(result).toHavePassedGuardrail(stranger)))).toBe(
      another(' (the one of agent "Ops", tool "archive", tool "remove")'),
    );
    expect(receivedLine(failureOf(() => expect(result).toHavePassedGuardrail(agentScrub)))).toBe(
      'Received: another guardrail named "scrub" ran (the one of tool "remove"), not this guardrail object',
    );
  });

  test('an agent without a name owns its guardrails, and the message names no owner', () => {
    const own = toolGuardrail('own');
    const result = runResultWith({ lastAgent: { inputGuardrails: [own] }, inputGuardrailResults: [passed('input')] });
    expect(result).toHavePassedGuardrail(own);
    expect(result).not.toHavePassedGuardrail(stranger);
    expect(receivedLine(failureOf(() => expect(result).toHavePassedGuardrail(stranger)))).toBe(another(''));
  });

  test('no agent to own it (none, null, a function, a tripwire error without its run): the name alone tells', () => {
    const holder = Object.assign(function Ops() {}, { inputGuardrails: [toolGuardrail('own')] });
    for (const lastAgent of [undefined, null, holder]) {
      const result = runResultWith({ lastAgent, inputGuardrailResults: [passed('input')] });
      expect(result).toHavePassedGuardrail(stranger);
      expect(result).not.toHaveTrippedGuardrail(stranger);
    }
    const error = Object.assign(new Error('tripped'), {
      name: 'InputGuardrailTripwireTriggered',
      result: { guardrail: { type: 'input', name: 'check' }, output: { tripwireTriggered: true } },
    });
    expect(error).toHaveTrippedGuardrail(stranger);
    expect(error).not.toHavePassedGuardrail(stranger);
  });

  test("an agent's guardrails of other names, and entries that are no guardrail objects, are not that guardrail's definitions", () => {
    function check(): void {}
    const result = runResultWith({ lastAgent: { name: 'Ops', inputGuardrails: [null, check, 'check', { name: 'other' }] }, inputGuardrailResults: [passed('input')] });
    expect(result).toHavePassedGuardrail(stranger);
    expect(result).toHavePassedGuardrail({ name: 'check' });
  });

  test('a value that is no tripwire error is read no further than its result: its state is never touched', () => {
    const touchy = (value: object) =>
      Object.defineProperty(value, 'state', {
        get() {
          throw new Error('state was read');
        },
      });
    for (const value of [touchy({ result: { guardrail: { type: 'input', name: 'check' }, output: { tripwireTriggered: true } } }), touchy(new Error('odd'))]) {
      expect(failureOf(() => expect(value).toHaveTrippedGuardrail())).toContain('Matcher error: received value must be a RunResult, or the tripwire error');
    }
  });

  test('a list of more than 30 guardrails shows its head and its tail, and counts the guardrails between', () => {
    const result = runResultWith({ inputGuardrailResults: Array.from({ length: 40 }, (_, index) => passed('input', `g${index + 1}`)) });
    const lines = failureOf(() => expect(result).toHavePassedGuardrail('absent')).split('\n');
    expect(lines.slice(5, 8)).toEqual(['Guardrails of the run:', '  1. input guardrail "g1": passed', '  2. input guardrail "g2": passed']);
    expect(lines.slice(15, 18)).toEqual(['  10. input guardrail "g10": passed', '  … 25 more guardrails', '  36. input guardrail "g36": passed']);
    expect(lines).toHaveLength(22);
  });
});
