import type { AgentInputItem } from '@openai/agents';
import { toolGuardrailRejections } from '../../sdk/coupling';
import { currentRun, onEveryRun, type RunOutcome } from '../../sdk/runnerHook';

/**
 * What reads a run's history when the run ends: a double whose emitted tool calls may have their
 * outputs only there. A script learns what its call came to from its next request, and some calls
 * have none: the run stops at the tool (`toolUseBehavior`), hands off in the same turn to an agent
 * with another model, or pauses for an approval. The SDK turns a tool that threw into text for the
 * model either way, so without this read a failed tool at the end of a run would pass unseen.
 */
export interface RunEndReader {
  readRunEnd(end: RunEnd): void;
}

/** What a run left for its doubles to read: its history, and the texts its tool guardrails put in place of a call or an output. */
export interface RunEnd {
  /** The run itself (`currentRun()` while it ran). */
  readonly run: object;
  /** What the run resolved to (a streamed run's result once its stream completed). */
  readonly result: unknown;
  readonly history: readonly AgentInputItem[];
  /** The run paused for approvals: the calls waiting on them run in the run resumed from its state. */
  readonly paused: boolean;
  /** The messages of its tool input guardrails that rejected a call (`rejectContent`): the tool did not run, the model got the message. */
  readonly rejectedCalls: readonly string[];
  /** The messages of its tool output guardrails that rejected an output: the tool ran, the model got the message instead. */
  readonly rejectedOutputs: readonly string[];
}

/**
 * The readers waiting on each run, by the run (`currentRun()`). Kept on `globalThis`: a run one
 * build of the kit follows may end up told to the other's doubles (Jest native ESM loads both).
 */
interface RunEndState {
  waiting: WeakMap<object, Set<RunEndReader>>;
  followed: WeakSet<object>;
  /** Readers whose calls wait on an approval: they read the end of every run after it, until the test ends. */
  parked: Set<RunEndReader>;
}

const KEY = Symbol.for('agents-testkit.run-end');
const scope = globalThis as typeof globalThis & { [KEY]?: RunEndState };
const state: RunEndState = (scope[KEY] ??= { waiting: new WeakMap(), followed: new WeakSet(), parked: new Set() });
state.parked ??= new Set();

/**
 * Has `reader` read the history of the run calling it when that run ends, and returns that run;
 * `undefined` (and nothing read) outside a followed run.
 */
export function readAtRunEnd(reader: RunEndReader): object | undefined {
  const run = currentRun();
  if (run === undefined) return undefined;
  let readers = state.waiting.get(run);
  if (readers === undefined) state.waiting.set(run, (readers = new Set()));
  readers.add(reader);
  return run;
}

/**
 * Has `reader` read the end of every run that ends from now on, until the test ends: its calls wait
 * on an approval, and the run resumed from the paused one's state (a new run, which may never call
 * the reader again, as when it stops at the approved tool) is where their outputs come.
 */
export function readLaterRunEnds(reader: RunEndReader): void {
  state.parked.add(reader);
}

/** Forgets the readers waiting on later runs; the setup entries call it when a test ends. */
export function forgetParkedReaders(): void {
  state.parked.clear();
}

/** Tells the readers of every run one copy of the SDK (its `Runner` class) starts when it ends, for the rest of the process. */
export function followRunEndsOf(RunnerClass: abstract new (...args: never[]) => unknown): void {
  if (state.followed.has(RunnerClass)) return;
  state.followed.add(RunnerClass);
  onEveryRun((_agent, _runner, run) => (outcome) => runEnded(run, outcome), RunnerClass);
}

function runEnded(run: object, outcome: RunOutcome): void {
  const own = state.waiting.get(run);
  if (own === undefined && state.parked.size === 0) return;
  state.waiting.delete(run);
  // Each reads once; a parked reader whose calls still wait parks again.
  const readers = new Set([...state.parked, ...(own ?? [])]);
  state.parked.clear();
  const history = historyOf(outcome.result);
  // A run that failed before it had a result has nothing to read: its error fails the test, or the test expects it.
  if (history === undefined) {
    for (const reader of readers) if (own?.has(reader) !== true) state.parked.add(reader);
    return;
  }
  const paused = pausedRun(outcome.result);
  const end = { run, result: outcome.result, history, paused, rejectedCalls: toolGuardrailRejections(outcome.result, 'input'), rejectedOutputs: toolGuardrailRejections(outcome.result, 'output') };
  for (const reader of readers) reader.readRunEnd(end);
}

function pausedRun(result: unknown): boolean {
  try {
    const interruptions = (result as { interruptions?: unknown } | undefined)?.interruptions;
    return Array.isArray(interruptions) && interruptions.length > 0;
  } catch {
    return false;
  }
}

/** A run result's `history` (its input and every item it made, as the next run's input): a paused run's included. */
function historyOf(result: unknown): readonly AgentInputItem[] | undefined {
  try {
    const history = (result as { history?: unknown } | undefined)?.history;
    return Array.isArray(history) ? (history as AgentInputItem[]) : undefined;
  } catch {
    // A streamed result whose stream broke may not build its history.
    return undefined;
  }
}
