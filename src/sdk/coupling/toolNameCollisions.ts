/**
 * Where the SDK hides a tool name collision. Part of the SDK coupling (see index.ts).
 *
 * Two enabled function tools of one agent that share a name (a tool list merged twice, an MCP
 * server's tool named like one of the app's): under the default `toolNameCollisionPolicy: 'warn'`
 * the SDK exposes the last of them only, runs it for every call of that name, and goes on after a
 * console warning, which fails no test (runner/modelPreparation.ts, `resolveModelVisibleToolNameCollisions`). Namespaced and deferred tools are kept apart there, and
 * their collisions throw. Every tool a run offers comes from its agent's `getAllTools()` each turn
 * (toolsOffered.ts), which tells the kit of the names offered more than once.
 */
import { onToolsOffered } from './toolsOffered';

const KEY = Symbol.for('agents-testkit.tool-name-collisions');

/**
 * Has `onCollision` told, in the run's own context, of the top-level function tool names one copy
 * of the SDK's `Agent` class offers more than once in a turn, with how many tools share each. For
 * the rest of the process.
 */
export function watchToolNameCollisions(Agent: unknown, onCollision: (collisions: ReadonlyMap<string, number>) => void): void {
  onToolsOffered(Agent, KEY, (tools) => {
    const collisions = topLevelCollisions(tools);
    if (collisions !== undefined) onCollision(collisions);
  });
}

/** The names more than one top-level function tool has, with how many have each; `undefined` for none. */
export function topLevelCollisions(tools: readonly unknown[]): ReadonlyMap<string, number> | undefined {
  const counts = new Map<string, number>();
  for (const tool of tools) {
    const own = tool as { type?: unknown; name?: unknown; deferLoading?: unknown } | null;
    if (own?.type !== 'function' || typeof own.name !== 'string' || own.deferLoading === true || hasNamespace(own)) continue;
    counts.set(own.name, (counts.get(own.name) ?? 0) + 1);
  }
  const shared = new Map([...counts].filter(([, count]) => count > 1));
  return shared.size === 0 ? undefined : shared;
}

/** `toolNamespace()` keeps a tool's namespace under a symbol of its own module (tool.ts, `FUNCTION_TOOL_NAMESPACE`). */
function hasNamespace(tool: object): boolean {
  return Object.getOwnPropertySymbols(tool).some((key) => key.description === 'functionToolNamespace' && typeof (tool as Record<symbol, unknown>)[key] === 'string');
}
