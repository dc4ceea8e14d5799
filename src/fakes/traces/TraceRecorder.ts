import { readTrace } from '../../sdk/coupling';
import { kindOf } from '../../format/kindOf';
import { unknownKeyProblem } from '../../format/unknownKey';
import { endWithScope } from '../core/registry';
import { BOOKKEEPING_KINDS, describeSpan, recordSpan, type RecordedSpan } from './spans';
import { listen, unlisten, type TraceListener } from './tracing';
import { RECORDER } from './recorderMark';

/** One trace a recorder heard: a workflow (`run()` makes one, `withTrace()` names one). */
export interface RecordedTrace {
  readonly id: string;
  readonly name: string;
  readonly groupId: string | null;
  readonly metadata: Record<string, unknown>;
  readonly ended: boolean;
}

/** What `tree()` prints. */
export interface TreeOptions {
  /** Also print the runner's bookkeeping spans (`task`, `turn`), which the tree leaves out by default. */
  all?: boolean;
}

/**
 * Holds every trace and span the SDK made while it listened, in the order they started. While
 * any recorder listens, tracing is on with the kit's processor as the only one; nothing is
 * exported. It stops when the test it was made in ends (made outside a test, when the file ends).
 */
export class TraceRecorder implements TraceListener {
  readonly [RECORDER] = true;
  readonly label: string;
  readonly #spans: RecordedSpan[] = [];
  readonly #spanIndex = new Map<string, number>();
  // Not `#traces`: the CommonJS build rewrites a field named like an export of its chunk into that export (scripts/tarball-files.mjs checks).
  readonly #recordedTraces: RecordedTrace[] = [];
  readonly #traceIndex = new Map<string, number>();
  #listening = true;

  constructor(options: { name?: string } = {}) {
    this.label = options.name === undefined ? 'traces()' : `traces() "${options.name}"`;
    listen(this);
    endWithScope(() => this.stop());
  }

  /** Every span heard, in the order they started, as they were when last heard (an ended span has its output). */
  get spans(): readonly RecordedSpan[] {
    return Object.freeze([...this.#spans]);
  }

  /** Every trace heard, in the order they started. */
  get traces(): readonly RecordedTrace[] {
    return Object.freeze([...this.#recordedTraces]);
  }

  /** Whether it still listens: until `stop()`, or the end of its test. */
  get listening(): boolean {
    return this.#listening;
  }

  /** Stops listening; what it heard stays. When no recorder listens, tracing is off again. */
  stop(): void {
    if (!this.#listening) return;
    this.#listening = false;
    unlisten(this);
  }

  /** The spans that contain `span`, nearest first (bookkeeping spans included). */
  ancestorsOf(span: RecordedSpan): RecordedSpan[] {
    const ancestors: RecordedSpan[] = [];
    let parentId = span.parentId;
    while (parentId !== null) {
      const index = this.#spanIndex.get(parentId);
      if (index === undefined) break;
      const parent = this.#spans[index] as RecordedSpan;
      ancestors.push(parent);
      parentId = parent.parentId;
    }
    return ancestors;
  }

  /**
   * The traces as an indented tree, one span a line, like `transcript()` reads a run:
   * `trace "Agent workflow"`, `  agent "Triage"`, `    function get_weather {"city":"Tokyo"} → "Sunny"`,
   * `    handoff Triage → Billing`, `  agent "Billing"`. The runner's `task` and `turn` spans are left
   * out unless `{ all: true }`; their children move up to the span above them.
   */
  tree(options: TreeOptions = {}): string {
    return this.treeEntries(options).map((entry) => entry.line).join('\n');
  }

  /** The tree's lines, each with the span it shows (none on a trace's line); the matchers mark spans on them. */
  treeEntries(options: TreeOptions = {}): { line: string; span?: RecordedSpan }[] {
    if (typeof options !== 'object' || options === null) throw new TypeError(`tree() options are an object like { all: true }; got ${kindOf(options)}.`);
    const unknown = unknownKeyProblem(options, { all: true } satisfies Record<keyof TreeOptions, true>);
    if (unknown !== undefined) throw new TypeError(`tree(): ${unknown}`);
    const shown = (span: RecordedSpan): boolean => options.all === true || !BOOKKEEPING_KINDS.has(span.kind);
    const children = new Map<string | null, RecordedSpan[]>();
    const parentShown = (span: RecordedSpan): string | null => {
      let parentId = span.parentId;
      while (parentId !== null) {
        const index = this.#spanIndex.get(parentId);
        if (index === undefined) return null;
        const parent = this.#spans[index] as RecordedSpan;
        if (shown(parent)) return parent.id;
        parentId = parent.parentId;
      }
      return null;
    };
    const top = new Map<string, RecordedSpan[]>();
    for (const span of this.#spans) {
      if (!shown(span)) continue;
      const parent = parentShown(span);
      if (parent === null) top.set(span.traceId, [...(top.get(span.traceId) ?? []), span]);
      else children.set(parent, [...(children.get(parent) ?? []), span]);
    }
    const entries: { line: string; span?: RecordedSpan }[] = [];
    const walk = (spans: readonly RecordedSpan[], depth: number): void => {
      for (const span of spans) {
        entries.push({ line: `${'  '.repeat(depth)}${describeSpan(span)}`, span });
        walk(children.get(span.id) ?? [], depth + 1);
      }
    };
    const traceIds = [...this.#recordedTraces.map((trace) => trace.id), ...[...top.keys()].filter((id) => !this.#traceIndex.has(id))];
    for (const traceId of traceIds) {
      const trace = this.#recordedTraces[this.#traceIndex.get(traceId) ?? -1];
      // Not whether it ended: a streamed run ends its trace after `completed` resolves.
      entries.push({ line: trace ? `trace "${trace.name}"` : `trace ${traceId}` });
      walk(top.get(traceId) ?? [], 1);
    }
    return entries;
  }

  traceStarted(trace: unknown): void {
    const read = readTrace(trace);
    this.#traceIndex.set(read.id, this.#recordedTraces.push(Object.freeze({ ...read, ended: false })) - 1);
  }

  traceEnded(trace: unknown): void {
    const read = readTrace(trace);
    const index = this.#traceIndex.get(read.id);
    if (index === undefined) this.#traceIndex.set(read.id, this.#recordedTraces.push(Object.freeze({ ...read, ended: true })) - 1);
    else this.#recordedTraces[index] = Object.freeze({ ...read, ended: true });
  }

  spanStarted(span: unknown): void {
    const recorded = recordSpan(span, false);
    this.#spanIndex.set(recorded.id, this.#spans.push(Object.freeze(recorded)) - 1);
  }

  spanEnded(span: unknown): void {
    const recorded = recordSpan(span, true);
    const index = this.#spanIndex.get(recorded.id);
    if (index === undefined) this.#spanIndex.set(recorded.id, this.#spans.push(Object.freeze(recorded)) - 1);
    else this.#spans[index] = Object.freeze(recorded);
  }
}
