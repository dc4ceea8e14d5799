import type { MismatchError, MismatchSpec } from '../../errors/MismatchError';
import { watchToolNameCollisions } from '../../sdk/coupling';
import { currentRun } from '../../sdk/runnerHook';

/**
 * The function tool names a run's agents offered more than once, which the SDK resolves by exposing
 * the last tool of each name and only warning (src/sdk/coupling/toolNameCollisions.ts): the
 * model double that run calls records each name once, so the test fails where a stale tool would
 * have answered the calls a script meant for another. Kept on `globalThis`: the kit's CJS and ESM
 * builds note and read one store.
 */
interface CollisionState {
  /** By run: each name offered more than once, and by how many tools at most. */
  byRun: WeakMap<object, Map<string, number>>;
  /** By double (its ledger): the names it recorded already. */
  recorded: WeakMap<object, Set<string>>;
}

const KEY = Symbol.for('agents-testkit.tool-name-collisions');
const scope = globalThis as typeof globalThis & { [KEY]?: CollisionState };
const state: CollisionState = (scope[KEY] ??= { byRun: new WeakMap(), recorded: new WeakMap() });

/** Notes the collisions the runs of one copy of the SDK meet (its `Agent` class offers the tools), for the rest of the process. */
export function noteToolNameCollisionsOf(copy: { Agent?: unknown }): void {
  watchToolNameCollisions(copy.Agent, (collisions) => {
    const run = currentRun();
    if (run === undefined) return;
    const noted = state.byRun.get(run) ?? new Map<string, number>();
    for (const [name, count] of collisions) noted.set(name, Math.max(count, noted.get(name) ?? 0));
    state.byRun.set(run, noted);
  });
}

/** What a double hands over to record a mismatch: its ledger. */
interface Recorder {
  mismatch(spec: Omit<MismatchSpec, 'double'>): MismatchError;
}

/** Records on `ledger`, as its call `callIndex`, each collision of the run calling that it has not recorded yet. */
export function recordToolNameCollisions(ledger: Recorder, callIndex: number): void {
  const run = currentRun();
  const noted = run === undefined ? undefined : state.byRun.get(run);
  if (noted === undefined) return;
  const recorded = state.recorded.get(ledger) ?? new Set<string>();
  for (const [name, count] of noted) {
    if (recorded.has(name)) continue;
    recorded.add(name);
    ledger.mismatch({
      kind: 'tool_name_collision',
      callIndex,
      actual: `a request of an agent that offers ${count} tools named ${name}`,
      expected: 'one tool per name',
      why: `The SDK exposes only the last of them, runs it for every call of ${name}, and only warns of the collision (toolNameCollisionPolicy "warn")`,
      fix: `Give each tool a name of its own (an MCP server's tools: its tool filter, or a tool name prefix), or run with toolNameCollisionPolicy: 'error'`,
    });
  }
  state.recorded.set(ledger, recorded);
}
