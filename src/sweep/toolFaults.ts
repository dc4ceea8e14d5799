import { injectFault } from '../fakes/core/faults';
import { DEFAULT_TOOL_ERROR_TEXT } from '../sdk/coupling';

type Invoke = (...args: unknown[]) => unknown;
interface FunctionToolLike {
  type: 'function';
  name: string;
  invoke: Invoke;
  /** Shown on the tool only when it has an output schema: `null` rethrows, a function words the failure. */
  errorFunction?: ((context: unknown, error: unknown, details?: unknown) => unknown) | null;
}

/**
 * Makes the function tools of the agents a run reaches (their own tools, and the agents they hand
 * off to) points where a sweep can inject a throw: `tool get_weather throws on call 1`. Agents
 * used as tools are reached when their own run starts. `restore()` puts every tool back. A tool
 * given an `errorFunction` without an output schema keeps it hidden from everyone but the SDK, so
 * its fault gets the default error function's text.
 */
export class ToolFaults {
  readonly #originals = new Map<FunctionToolLike, Invoke>();
  readonly #visited = new WeakSet<object>();

  /** Wraps the tools of `agent` and of every agent it can hand off to, once each. */
  reach(agent: unknown): void {
    if (typeof agent !== 'object' || agent === null || this.#visited.has(agent)) return;
    this.#visited.add(agent);
    const { tools, handoffs } = agent as { tools?: unknown; handoffs?: unknown };
    if (Array.isArray(tools)) for (const tool of tools) if (isFunctionTool(tool)) this.#wrap(tool);
    if (Array.isArray(handoffs)) for (const target of handoffs) this.reach((target as { agent?: unknown }).agent ?? target);
  }

  restore(): void {
    for (const [tool, invoke] of this.#originals) tool.invoke = invoke;
    this.#originals.clear();
  }

  #wrap(tool: FunctionToolLike): void {
    if (this.#originals.has(tool)) return;
    const original = tool.invoke;
    this.#originals.set(tool, original);
    tool.invoke = (...args: unknown[]) => {
      const fault = injectFault(`tool:${tool.name}`, (n) => [`tool ${tool.name} throws on call ${n}`]);
      if (!fault) return original.apply(tool, args);
      // The tool's execute is out of reach, so its failure is answered the way the SDK answers one:
      // the tool's own error function where the tool shows it, the default one's text otherwise.
      if (tool.errorFunction === null) return Promise.reject(fault.error);
      if (typeof tool.errorFunction === 'function') return Promise.resolve(tool.errorFunction(args[0], fault.error, args[2]));
      return Promise.resolve(DEFAULT_TOOL_ERROR_TEXT);
    };
  }
}

function isFunctionTool(value: unknown): value is FunctionToolLike {
  const tool = value as Partial<FunctionToolLike> | null;
  return typeof tool === 'object' && tool !== null && tool.type === 'function' && typeof tool.name === 'string' && typeof tool.invoke === 'function';
}
