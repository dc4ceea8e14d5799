/**
 * The faults a sweep injects, one per run, at the boundaries the kit's doubles and the tools of a
 * run stand at. Each boundary asks `injectFault` whether to fail here; outside a sweep the answer
 * is always no and the question costs a property read. Kept on `globalThis`, because the kit may
 * be loaded twice in one test file (its CJS and ESM builds).
 */

/** The error a sweep injects; its `point` names where, e.g. `model call 2 fails`. */
export class InjectedFault extends Error {
  readonly point: string;

  constructor(point: string) {
    super(`agents-testkit injected a fault: ${point}`);
    this.name = 'InjectedFault';
    this.point = point;
  }
}

/** One sweep run's plan: the point to fail (none while the sweep discovers the points), and what it met. */
export interface FaultPlan {
  readonly target: string | undefined;
  /** Every point the run passed, in order. */
  readonly seen: string[];
  /** How often each counter has been passed: `model`, `tool:get_weather`, … */
  readonly counters: Map<string, number>;
  /** Whether the run reached its target. */
  hit: boolean;
}

const KEY = Symbol.for('agents-testkit.faults');
const scope = globalThis as typeof globalThis & { [KEY]?: { plan: FaultPlan | undefined } };
const state = (scope[KEY] ??= { plan: undefined });

export function startPlan(target: string | undefined): FaultPlan {
  state.plan = { target, seen: [], counters: new Map(), hit: false };
  return state.plan;
}

export function endPlan(): void {
  state.plan = undefined;
}

/**
 * Passes one boundary: counts it under `counter` and names its points (`names(n)`, n counting from
 * 1); returns the fault to inject when one of them is the running sweep's target.
 */
export function injectFault(counter: string, names: (n: number) => readonly string[]): { point: string; error: InjectedFault } | undefined {
  const plan = state.plan;
  if (plan === undefined) return undefined;
  const n = (plan.counters.get(counter) ?? 0) + 1;
  plan.counters.set(counter, n);
  const points = names(n);
  plan.seen.push(...points);
  const point = points.find((name) => name === plan.target);
  if (point === undefined) return undefined;
  plan.hit = true;
  return { point, error: new InjectedFault(point) };
}
