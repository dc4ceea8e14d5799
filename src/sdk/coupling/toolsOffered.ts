/**
 * The tools an agent offers, each time the SDK asks for them. Part of the SDK coupling (see index.ts).
 *
 * Every tool a run offers the model, and a Realtime session its model, comes from the agent's
 * `getAllTools()` (asked each turn; `RealtimeAgent` extends `Agent`). The SDK gives no hook there:
 * the method is wrapped on one copy's `Agent` class once, and tells each listener what it returned,
 * in the caller's own context (a run's), before the caller sees it.
 */

const LISTENERS = Symbol.for('agents-testkit.tools-offered');

type GetAllTools = ((this: unknown, ...args: unknown[]) => Promise<unknown>) & { [LISTENERS]?: Map<symbol, (tools: readonly unknown[]) => void> };

/**
 * Has `listener` told of the tools each `getAllTools()` of one copy's `Agent` class returns, for the
 * rest of the process. One listener per `key`: a later one of the same key takes its place, so a
 * setup entry that runs again (each file of a shared module graph) leaves one.
 */
export function onToolsOffered(Agent: unknown, key: symbol, listener: (tools: readonly unknown[]) => void): void {
  if (typeof Agent !== 'function') return;
  const proto = Agent.prototype as { getAllTools?: GetAllTools };
  const original = proto.getAllTools;
  if (typeof original !== 'function') return;
  let listeners = original[LISTENERS];
  if (listeners === undefined) {
    const told = new Map<symbol, (tools: readonly unknown[]) => void>();
    const wrapped: GetAllTools = async function (this: unknown, ...args: unknown[]) {
      const tools = await original.apply(this, args);
      if (Array.isArray(tools)) for (const tell of told.values()) tell(tools);
      return tools;
    };
    wrapped[LISTENERS] = told;
    proto.getAllTools = wrapped;
    listeners = told;
  }
  listeners.set(key, listener);
}
