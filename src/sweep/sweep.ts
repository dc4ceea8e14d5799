import { IncompleteScriptError } from '../errors/IncompleteScriptError';
import { SweepError, type SweepPoint } from '../errors/SweepError';
import { UnknownPointError } from '../errors/UnknownPointError';
import { bounded } from '../fakes/core/bounded';
import { endPlan, startPlan, type FaultPlan } from '../fakes/core/faults';
import type { Ledger } from '../fakes/core/ledger';
import { mark, takeCreated, type Verifiable } from '../fakes/core/registry';
import { brief } from '../format/brief';
import { byCloseness } from '../format/closest';
import { kindOf } from '../format/kindOf';
import { unknownKeyProblem } from '../format/unknownKey';
import { onEveryRun } from '../sdk/runnerHook';
import { isComplete } from '../vocabulary';
import { SweepRejections } from './rejections';
import { ToolFaults } from './toolFaults';

/** Where faults are injected: model calls, tools, sandbox calls, Realtime sends and connections. */
export type FaultKind = 'model' | 'tool' | 'sandbox' | 'realtime';

const KINDS: readonly FaultKind[] = ['model', 'tool', 'sandbox', 'realtime'];

export interface SweepOptions {
  /** Run only this point (a name from a sweep's report), to reproduce it on its own; a name no run reaches fails with `UnknownPointError`. */
  only?: string;
  /** The kinds of point to sweep; all of them unless given. */
  kinds?: readonly FaultKind[];
  /** How long one run of the body may take. Default 5000 ms. */
  timeoutMs?: number;
}

export interface SweepReport {
  /** Every point, in the order the run without faults passed them, with its outcome. */
  readonly points: readonly SweepPoint[];
}

/**
 * Runs a test body once without faults, to learn every point where one can be injected — each
 * model call failing (with and without retry advice), each tool throwing, each sandbox call
 * failing, each Realtime send failing or the connection dropping there — then once per point with
 * that one fault, deterministically. The body states what must hold under faults (its own
 * assertions; no unhandled rejection, which breaks the run whose code made its promise; no tool
 * call run twice, when it keeps a `lifecycle()` recorder). Resolves with the table of points when
 * every one held; rejects with a `SweepError` naming the points that broke, and the line that
 * runs the first on its own.
 */
export async function sweep(body: () => unknown, options: SweepOptions = {}): Promise<SweepReport> {
  checkOptions(body, options);
  const timeoutMs = options.timeoutMs ?? 5000;
  const rejections = new SweepRejections();
  try {
    return options.only === undefined
      ? await sweepAll(body, options.kinds ?? KINDS, timeoutMs, rejections)
      : await sweepOne(body, options.only, timeoutMs, rejections);
  } finally {
    rejections.stop();
  }
}

async function sweepAll(body: () => unknown, kinds: readonly FaultKind[], timeoutMs: number, rejections: SweepRejections): Promise<SweepReport> {
  const clean = await runOnce(body, undefined, timeoutMs, rejections);
  passesWithoutFaults(clean);
  const names = [...new Set(clean.plan.seen)].filter((name) => kinds.some((kind) => name.startsWith(kind)));
  const runs: [string, Outcome][] = [];
  for (const name of names) runs.push([name, await runOnce(body, name, timeoutMs, rejections)]);
  // Judged once every run is over: a rejection that surfaced during a later run is its own run's.
  passesWithoutFaults(clean);
  const points = runs.map(([name, outcome]) => judge(name, outcome));
  if (points.some((point) => point.outcome === 'broke')) throw new SweepError(points, table(points));
  return { points };
}

async function sweepOne(body: () => unknown, only: string, timeoutMs: number, rejections: SweepRejections): Promise<SweepReport> {
  const outcome = await runOnce(body, only, timeoutMs, rejections);
  if (!outcome.plan.hit) throw new UnknownPointError(only, byCloseness(only, [...new Set(outcome.plan.seen)]), outcome.error);
  const point = judge(only, outcome);
  if (point.outcome === 'broke') throw new SweepError([point], table([point]));
  return { points: [point] };
}

interface Outcome {
  plan: FaultPlan;
  error: unknown;
  /** The run's unhandled rejections; one may still come in while later runs go on. */
  rejections: readonly unknown[];
  /** Why the doubles of the run were not complete (judged only for the run without faults). */
  incomplete: IncompleteScriptError | undefined;
  /** What a `lifecycle()` recorder of the run found: a tool call run twice, or left unended. */
  lifecycle: string | undefined;
}

async function runOnce(body: () => unknown, target: string | undefined, timeoutMs: number, rejections: SweepRejections): Promise<Outcome> {
  const plan = startPlan(target);
  const since = mark();
  const tools = new ToolFaults();
  const stopHook = onEveryRun((agent) => tools.reach(agent));
  const ran = await rejections.run(() =>
    bounded(Promise.resolve().then(body), timeoutMs, () => new Error(`the body did not finish within ${timeoutMs} ms`)),
  );
  stopHook();
  tools.restore();
  endPlan();
  // The run's doubles belong to the sweep, not to the test: a fault leaves scripts unplayed on purpose.
  const doubles = takeCreated(since);
  return {
    plan,
    error: ran.error,
    rejections: ran.rejections.reasons,
    incomplete: target === undefined ? incompleteOf(doubles) : undefined,
    lifecycle: lifecycleProblem(doubles),
  };
}

function passesWithoutFaults(clean: Outcome): void {
  const trouble = clean.error ?? clean.rejections[0] ?? clean.incomplete;
  if (trouble !== undefined) {
    throw new Error(`sweep(): the body does not pass without faults, so no fault can be judged against it: ${brief(trouble, 400)}`, { cause: trouble });
  }
}

function judge(name: string, outcome: Outcome): SweepPoint {
  if (!outcome.plan.hit) return { name, outcome: 'not reached' };
  const error = outcome.error ?? outcome.rejections[0] ?? outcome.lifecycle;
  return error === undefined ? { name, outcome: 'held' } : { name, outcome: 'broke', error };
}

function incompleteOf(doubles: readonly Verifiable[]): IncompleteScriptError | undefined {
  const reports = doubles.map((double) => double.report()).filter((report) => !isComplete(report));
  return reports.length === 0 ? undefined : new IncompleteScriptError(reports, 'in the run without faults');
}

function lifecycleProblem(doubles: readonly Verifiable[]): string | undefined {
  // The registry keeps ledgers; a recorder's mismatches are broken invariants, faults or not.
  for (const double of doubles as Partial<Ledger>[]) {
    const mismatch = double.kind === 'lifecycle' ? double.mismatches?.[0] : undefined;
    if (mismatch) return mismatch.message.split('\n')[0];
  }
  return undefined;
}

/** `held    model call 1 fails`, one line a point, why a point broke after it. */
function table(points: readonly SweepPoint[]): string {
  return points
    .map((point) => {
      const status = point.outcome === 'broke' ? 'BROKE' : point.outcome;
      return `  ${status.padEnd(11)} ${point.name}${point.error === undefined ? '' : `\n${' '.repeat(14)}${brief(point.error, 160)}`}`;
    })
    .join('\n');
}

function checkOptions(body: unknown, options: SweepOptions): void {
  if (typeof body !== 'function') throw new TypeError(`sweep() takes the test body, a function; got ${kindOf(body)}.`);
  if (typeof options !== 'object' || options === null) throw new TypeError(`sweep() options are an object like { kinds: ['tool'] }; got ${kindOf(options)}.`);
  const unknown = unknownKeyProblem(options, { only: true, kinds: true, timeoutMs: true } satisfies Record<keyof SweepOptions, true>);
  if (unknown !== undefined) throw new TypeError(`sweep(): ${unknown}`);
  const { only, kinds, timeoutMs } = options;
  if (only !== undefined && (typeof only !== 'string' || only === '')) throw new TypeError(`sweep({ only }) names one point, as a report names it; got ${kindOf(only)}.`);
  if (kinds !== undefined && (!Array.isArray(kinds) || kinds.length === 0 || !kinds.every((kind) => KINDS.includes(kind)))) {
    throw new TypeError(`sweep({ kinds }) lists some of ${KINDS.map((kind) => `'${kind}'`).join(', ')}; got ${kindOf(kinds)}.`);
  }
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && timeoutMs <= 2 ** 31 - 1)) {
    throw new TypeError(`sweep({ timeoutMs }) is a positive number of milliseconds; got ${kindOf(timeoutMs)}.`);
  }
}
