import { TraceRecorder } from '../../fakes/traces/TraceRecorder';
import { checkedOptions } from '../core/options';

/**
 * Records the traces and spans (agent, generation, function, handoff, guardrail, custom) of every
 * run from now until the test ends: `const trace = traces()`. Tracing is turned on for the kit's
 * own processor only, so nothing is exported; with a setup entry loaded, it is off again when the
 * test ends (made outside a test, when the file ends). Assert with `toHaveSpan`/`toHaveSpans`, or
 * snapshot `trace.tree()`.
 */
export function traces(options?: { name?: string }): TraceRecorder {
  const { options: checked } = checkedOptions('traces', options, { name: true }, "{ name: 'checkout' }");
  return new TraceRecorder(checked.name === undefined ? {} : { name: checked.name });
}
