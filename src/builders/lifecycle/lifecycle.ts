import { LifecycleRecorder, type LifecycleSource } from '../../fakes/lifecycle/LifecycleRecorder';
import type { DoubleOptions } from '../../vocabulary';
import { checkedOptions } from '../core/options';
import { kindOf } from '../core/stepContext';

/**
 * Records the lifecycle events (`agent_start`, `agent_end`, handoffs, `tool_start`, `tool_end`) of
 * these agents, or of every agent a runner runs, in one ordered list — nested runs of agents used
 * as tools included, when their agent is passed too — and fails the test when a tool call starts
 * twice or never ends: `const life = lifecycle(triage, expert)`. With a setup entry loaded, it
 * stops recording when its test ends (made outside a test, when the file ends).
 */
export function lifecycle(...sources: (LifecycleSource | DoubleOptions)[]): LifecycleRecorder {
  const last = sources.at(-1);
  const hasOptions = last !== undefined && !isSource(last);
  const { options, fail } = checkedOptions('lifecycle', hasOptions ? (last as DoubleOptions) : undefined, { name: true, verify: true }, "{ name: 'support' }");
  const emitters = (hasOptions ? sources.slice(0, -1) : sources) as unknown[];
  if (emitters.length === 0) throw fail('pass the agents (or a Runner) whose events to record, e.g. lifecycle(triage, expert).');
  const bad = emitters.find((source) => !isSource(source));
  if (bad !== undefined) throw fail(`expected agents or Runners (anything with on() and off()); got ${kindOf(bad)}.`);
  return new LifecycleRecorder(emitters as LifecycleSource[], options);
}

function isSource(value: unknown): value is LifecycleSource {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as LifecycleSource).on === 'function' &&
    typeof (value as LifecycleSource).off === 'function'
  );
}
