// Matchers on what a workflow did beyond its tool calls: tool outputs, guardrails, stream events,
// lifecycle events. Typed on `expect(…)`, under `.not`, and in the asymmetric form.
import { lifecycle, model } from 'agents-testkit';
import { expect } from 'runner-expect';
import { getWeather, result } from './fixtures';

const script = model();

// toHaveToolOutput: on a run or a model() script; the text, a RegExp, an asymmetric matcher or a partial value
expect(result).toHaveToolOutput(getWeather);
expect(result).toHaveToolOutput(getWeather, 'Sunny in Tokyo.');
expect(result).toHaveToolOutput('get_weather', /Sunny/);
expect(result).toHaveToolOutput(getWeather, expect.stringContaining('Sunny'));
expect(result).toHaveToolOutput(getWeather, { status: 'ok' });
expect(script).not.toHaveToolOutput(getWeather, 'Rainy.');
expect([result]).toEqual([expect.toHaveToolOutput(getWeather, 'Sunny in Tokyo.')]);
// @ts-expect-error the expected output is text, a RegExp, an asymmetric matcher or an object
expect(result).toHaveToolOutput(getWeather, 42);
// @ts-expect-error not a tool
expect(result).toHaveToolOutput(7);

// Guardrails: by definition or name, on a run or on the tripwire error
declare const noSecrets: import('@openai/agents').InputGuardrail;
declare const tripwire: Error;
expect(result).toHaveTrippedGuardrail();
expect(result).toHaveTrippedGuardrail(noSecrets);
expect(tripwire).toHaveTrippedGuardrail('no_secrets');
expect(result).toHavePassedGuardrail(noSecrets);
expect(result).not.toHavePassedGuardrail('polite');
expect({ result }).toEqual({ result: expect.toHavePassedGuardrail('polite') });
// @ts-expect-error a guardrail or its name
expect(result).toHavePassedGuardrail(42);
// @ts-expect-error toHavePassedGuardrail names the guardrail
expect(result).toHavePassedGuardrail();

// Stream events: names or partial events, in order
declare const events: readonly import('@openai/agents').RunStreamEvent[];
expect(events).toHaveStreamedEvents(['handoff_requested', 'agent_updated_stream_event']);
expect(events).toHaveStreamedEvents([{ type: 'agent_updated_stream_event' }, expect.objectContaining({ name: 'tool_called' })]);
expect(events).not.toHaveStreamedEvents(['tool_called']);
// @ts-expect-error a list of events
expect(events).toHaveStreamedEvents('tool_called');

// Lifecycle: a recorder of agents (or a runner); the tool matchers read it too
declare const agent: import('@openai/agents').Agent;
const life = lifecycle(agent, { name: 'graph' });
expect(life).toHaveLifecycle(['Triage: agent_start', { agent: 'Expert', type: 'tool_end' }]);
expect(life).toHaveCalledTool(getWeather, { city: 'Tokyo' });
// @ts-expect-error a list of events
expect(life).toHaveLifecycle('Triage: agent_start');
