import { watchToolFailureSpans, watchToolTimeouts, type SpanClasses, type ToolFailureSpan } from '../../sdk/coupling';
import { currentRun } from '../../sdk/runnerHook';
import { readAtRunEnd, type RunEnd, type RunEndReader } from './runEnd';

/**
 * The tool failures the SDK turned into text for the model, by the run they happened in. A tool
 * with its own `errorFunction` hands the model whatever text that returns, so its output cannot
 * tell that it failed; the SDK's function span still notes it (src/sdk/coupling/toolFailureSpans.ts).
 * A double reads the notes of its run for the calls it emitted, a matcher the call ids they came to
 * in a run's result (read when the run ends, as the doubles read theirs). Kept on `globalThis`: the
 * kit's CJS and ESM builds note and read one list.
 */
interface Note extends ToolFailureSpan {
  /** A double's call took this failure for its own. */
  claimed: boolean;
  how: ToolFailureKind;
}

interface ToolFailuresState {
  notes: WeakMap<object, Note[]>;
  /** Spans a double made for one tool call outside any run (a Realtime session's), told of its failure. */
  watched: WeakMap<object, (how: ToolFailureKind) => void>;
  /** A run's result: the ids of its calls whose tool failed (by the notes of the run that made it), each with whether it timed out. */
  failedCalls: WeakMap<object, ReadonlyMap<string, boolean>>;
  /**
   * Failures noted in the test running now outside any run the kit follows: the run of a copy of
   * the SDK the test loaded itself (after `jest.resetModules()`), whose runs the kit hooks only once
   * it meets the copy. Its spans still come from the one trace provider every copy shares, whose
   * classes are the kit's. A model call made outside any followed run reads these.
   */
  outsideRuns: Note[];
}

const KEY = Symbol.for('agents-testkit.tool-failures');
const scope = globalThis as typeof globalThis & { [KEY]?: ToolFailuresState };
const state: ToolFailuresState = (scope[KEY] ??= { notes: new WeakMap(), failedCalls: new WeakMap(), watched: new WeakMap(), outsideRuns: [] });
// A kit of a version before `watched` or `outsideRuns` may have made the shared state without them.
state.watched ??= new WeakMap();
state.outsideRuns ??= [];

const NONE: ReadonlyMap<string, boolean> = new Map();

/** How a tool failed: it threw (its `errorFunction` made the text), or it timed out (its `timeoutErrorFunction` did). */
export type ToolFailureKind = 'threw' | 'timed out';

/**
 * Notes the tool failures of one copy of the SDK, for the rest of the process: those its spans mark,
 * and the timeouts a tool's own `timeoutErrorFunction` answers (its `Agent` class offers the tools).
 */
export function noteToolFailuresOf(copy: SpanClasses & { Agent?: unknown }): void {
  watchToolFailureSpans(copy, noteFailure);
  watchToolTimeouts(copy.Agent, (failure, span) => noteFailure(failure, span, 'timed out'));
}

/** The run's end gives each failure noted in it a call of its result. */
const resultReader: RunEndReader = { readRunEnd: markResult };

/** Has `onFailure` told when the tool run under `span` (a span of `inToolSpan`) fails. */
export function watchToolSpan(span: object, onFailure: (how: ToolFailureKind) => void): void {
  state.watched.set(span, onFailure);
}

function noteFailure(failure: ToolFailureSpan, span: object | null, how: ToolFailureKind = 'threw'): void {
  const watcher = span === null ? undefined : state.watched.get(span);
  if (watcher !== undefined) return watcher(how);
  const run = readAtRunEnd(resultReader);
  const note = { ...failure, how, claimed: false };
  // Outside a followed run: a run of a copy of the SDK the kit met late, or a test's own `tool.invoke`.
  if (run === undefined) return void state.outsideRuns.push(note);
  const notes = state.notes.get(run);
  if (notes === undefined) state.notes.set(run, [note]);
  else notes.push(note);
}

/**
 * How a call of `name` with `argumentsText` failed in `run` (the run calling, by default), if a
 * failure noted there that no other call took says it did; the failure is then this call's. A span without the
 * arguments (the runner's `traceIncludeSensitiveData` off) fits any call of its tool.
 */
export function claimToolFailure(run: object | undefined, name: string, argumentsText: string): ToolFailureKind | undefined {
  const of = run ?? currentRun();
  const notes = of === undefined ? state.outsideRuns : state.notes.get(of);
  if (notes === undefined) return undefined;
  for (const note of notes) {
    if (note.claimed || note.tool !== name || (note.input !== '' && note.input !== argumentsText)) continue;
    note.claimed = true;
    return note.how;
  }
  return undefined;
}

/**
 * The ids of a run result's calls whose tool failed in that run, the SDK's text given to the model or
 * the app's own, each with whether it timed out (the tool's own `timeoutErrorFunction` wrote the text).
 */
export function failedToolCalls(result: unknown): ReadonlyMap<string, boolean> {
  const failed: ReadonlyMap<string, boolean> | ReadonlySet<string> | undefined = typeof result === 'object' && result !== null ? state.failedCalls.get(result) : undefined;
  // A kit of a version before timeouts kept a set of ids in the shared state.
  if (failed instanceof Set) return new Map([...failed].map((id) => [id, false]));
  return (failed as ReadonlyMap<string, boolean> | undefined) ?? NONE;
}

/**
 * Gives each failure of the run that ended a call of its result: the latest call of that tool with
 * those arguments not given one yet (a resumed run's history starts with the calls of the runs before it).
 */
function markResult({ run, result, history }: RunEnd): void {
  const notes = state.notes.get(run);
  if (notes === undefined || typeof result !== 'object' || result === null) return;
  const failed = new Map<string, boolean>();
  for (const note of notes) {
    for (let index = history.length - 1; index >= 0; index -= 1) {
      const item = history[index] as { type?: unknown; name?: unknown; callId?: unknown; arguments?: unknown };
      if (item?.type !== 'function_call' || item.name !== note.tool || typeof item.callId !== 'string' || failed.has(item.callId)) continue;
      if (note.input !== '' && item.arguments !== note.input) continue;
      failed.set(item.callId, note.how === 'timed out');
      break;
    }
  }
  if (failed.size > 0) state.failedCalls.set(result, failed);
}

/** Forgets the failures noted outside any followed run; the setup entries call it when a test ends. */
export function forgetToolFailuresOutsideRuns(): void {
  state.outsideRuns = [];
}
