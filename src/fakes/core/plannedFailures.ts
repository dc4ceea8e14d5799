/**
 * Failures a double's script planned, on their way to a model as a tool's failure. A sandbox that
 * fails a command (`sandbox().exec(cmd).fails(error)`) or a server that fails a call
 * (`mcp().expectCall(tool).fails(error)`) makes the tool that called it throw, and the SDK hands
 * the model only its error text. The test planned that failure once, on the double: the `model()`
 * call whose tool it failed needs no `{ toolFails: true }` too. Each planned failure explains one
 * failed output: of a call of that tool with those arguments, made before the failure and still
 * waiting for its output. Kept on `globalThis`, like the registry, for the kit's CJS and ESM builds
 * to share; forgotten when a test ends.
 */

/** How a model's call of a tool shows the call a double failed: the tool's names, and its arguments. */
export interface FailedToolCall {
  /** The names under which a model calls the tool (an MCP tool's own name, and its prefixed one). */
  readonly tools: readonly string[];
  /** Whether a model's call with these (parsed) arguments is the call that reached the double. */
  fits(args: unknown): boolean;
}

interface PlannedFailuresState {
  /** Counts the failures noted so far; a call remembers it when it is made. */
  clock: number;
  noted: (FailedToolCall & { at: number })[];
}

const KEY = Symbol.for('agents-testkit.plannedFailures');
const scope = globalThis as typeof globalThis & { [KEY]?: PlannedFailuresState };
const state: PlannedFailuresState = (scope[KEY] ??= { clock: 0, noted: [] });

/** The moment a model makes a call: only failures noted after it can be that call's. */
export function plannedFailureMark(): number {
  return state.clock;
}

/** A double's script failed a tool's call on purpose. */
export function notePlannedFailure(failure: FailedToolCall): void {
  state.clock += 1;
  state.noted.push({ ...failure, at: state.clock });
}

/**
 * Whether a failure a double planned explains the failed output of a model's call of `name`
 * with `args`, made at `since`; the failure that explains it is used up.
 */
export function claimPlannedFailure(name: string, args: unknown, since: number): boolean {
  const index = state.noted.findIndex((failure) => failure.at > since && failure.tools.includes(name) && failure.fits(args));
  if (index === -1) return false;
  state.noted.splice(index, 1);
  return true;
}

/** Forgets every planned failure; the setup entries call it when a test ends. */
export function forgetPlannedFailures(): void {
  state.noted = [];
}
