import { parseArguments } from '../../format/modelInput';
import { numbered } from '../../format/numberedList';
import { Double, identity } from '../core/double';
import { endWithScope } from '../core/registry';
import { readAtRunEnd, type RunEnd, type RunEndReader } from '../core/runEnd';
import { claimRejection } from '../../sdk/coupling';
import { describeLifecycleEvent, type LifecycleEvent, type LifecycleView } from './events';

export type { LifecycleEvent, LifecycleView } from './events';

/** Anything that emits the SDK's lifecycle events: an `Agent` (its own events) or a `Runner` (every agent's). */
export interface LifecycleSource {
  on(event: string, listener: (...args: any[]) => void): unknown;
  off(event: string, listener: (...args: any[]) => void): unknown;
}

const AGENT_EVENTS = ['agent_start', 'agent_end', 'agent_handoff', 'agent_tool_start', 'agent_tool_end'] as const;

/**
 * Records the lifecycle events of agents (or runners) in one ordered list, across runs, nested
 * runs of agents used as tools and resumed runs alike, and checks what must always hold: a tool
 * call starts once, and every start has exactly one end. A call that starts twice (a tool run
 * again after a resume) or ends without a start is a mismatch; a start still waiting for its end
 * when the test ends is left over.
 */
export class LifecycleRecorder extends Double<LifecycleView> implements RunEndReader {
  readonly #events: LifecycleEvent[] = [];
  /** The `tool_end` events of each run still going, by the run: its end says which calls a tool input guardrail rejected. */
  readonly #endsIn = new WeakMap<object, number[]>();
  readonly #tools: (object | undefined)[] = [];
  /** Tool calls started and not ended, by call id (or tool name, when the SDK gave no id). */
  readonly #open = new Map<string, number>();
  readonly #ended = new Set<string>();
  // Not `#detach`: the CommonJS build turns a class field named like an export of its chunk
  // (sandboxPlan's `detach`) into an assignment to that export (scripts/tarball-files.mjs checks).
  readonly #listeners: (() => void)[] = [];

  constructor(sources: readonly LifecycleSource[], options: { name?: string; verify?: boolean } = {}) {
    super(
      identity('lifecycle', options, {
        pending: () =>
          [...this.#open.values()].map((index) => {
            const event = this.#events[index] as LifecycleEvent;
            return { index, label: `${describeLifecycleEvent(event)} (no tool_end)` };
          }),
        view: () => ({ label: this.label, events: this.events, tools: [...this.#tools] }),
      }),
    );
    for (const source of sources) this.#listen(source);
    // A recorder on an agent that outlives the test (one made at module level) must not hear the
    // next test's runs: it stops when the test it was made in ends (the file, outside a test).
    endWithScope(() => this.stop());
  }

  /** Every event recorded, in order, as frozen snapshots. */
  get events(): readonly LifecycleEvent[] {
    return Object.freeze([...this.#events]);
  }

  /** Stops listening; the events recorded so far stay. A setup entry stops a recorder when the test it was made in ends. */
  stop(): void {
    for (const detach of this.#listeners.splice(0)) detach();
  }

  /**
   * The SDK starts and ends a call a tool input guardrail rejected (`rejectContent`) as it does one
   * that ran, the guardrail's message as its output: the run's guardrail results tell them apart.
   * Each message stands for one call.
   */
  readRunEnd(end: RunEnd): void {
    const ends = this.#endsIn.get(end.run);
    if (ends === undefined) return;
    this.#endsIn.delete(end.run);
    const messages = [...end.rejectedCalls];
    for (const index of ends) {
      const event = this.#events[index] as LifecycleEvent;
      if (claimRejection(messages, event.output)) this.#events[index] = Object.freeze({ ...event, rejectedBy: 'a tool input guardrail' as const });
    }
  }

  /** Throws `IncompleteScriptError` when a tool call started twice, ended without a start, or never ended. */
  override assertComplete(): void {
    super.assertComplete();
  }

  #listen(source: LifecycleSource): void {
    // A runner's events pass the agent after the context; an agent's own leave it out.
    const isRunner = !('asTool' in source);
    const self = (source as { name?: unknown }).name;
    for (const event of AGENT_EVENTS) {
      const listener = (...args: unknown[]): void => {
        const [agent, rest] = isRunner ? [args[1] as { name?: string }, args.slice(2)] : [{ name: String(self) }, args.slice(1)];
        this.#record(event, String(agent?.name), rest);
      };
      source.on(event, listener);
      this.#listeners.push(() => source.off(event, listener));
    }
  }

  #record(event: (typeof AGENT_EVENTS)[number], agent: string, args: readonly unknown[]): void {
    const nameOf = (value: unknown): string | undefined => (value as { name?: unknown } | null)?.name as string | undefined;
    const callIdOf = (value: unknown): string | undefined => (value as { toolCall?: { callId?: unknown } } | null)?.toolCall?.callId as string | undefined;
    let recorded: LifecycleEvent;
    switch (event) {
      case 'agent_start':
        recorded = { agent, type: 'agent_start' };
        break;
      case 'agent_end':
        recorded = { agent, type: 'agent_end', output: textOf(args[0]) };
        break;
      case 'agent_handoff':
        recorded = { agent, type: 'handoff', to: String(nameOf(args[0])) };
        break;
      case 'agent_tool_start': {
        const callId = callIdOf(args[1]);
        const raw = (args[1] as { toolCall?: { arguments?: unknown } } | null)?.toolCall?.arguments;
        recorded = {
          agent,
          type: 'tool_start',
          tool: String(nameOf(args[0])),
          ...(callId ? { callId } : {}),
          ...(typeof raw === 'string' ? { args: parseArguments(raw) } : {}),
        };
        break;
      }
      case 'agent_tool_end': {
        const callId = callIdOf(args[2]);
        recorded = { agent, type: 'tool_end', tool: String(nameOf(args[0])), ...(callId ? { callId } : {}), output: textOf(args[1]) };
        break;
      }
    }
    const index = this.#events.push(Object.freeze(recorded)) - 1;
    this.#tools.push(event === 'agent_tool_start' || event === 'agent_tool_end' ? (args[0] as object | undefined) : undefined);
    if (recorded.type === 'tool_end') this.#readAtRunEnd(index);
    const callIndex = this.ledger.record(describeLifecycleEvent(recorded));
    if (recorded.type === 'tool_start' || recorded.type === 'tool_end') this.#check(recorded, index, callIndex);
  }

  #readAtRunEnd(index: number): void {
    const run = readAtRunEnd(this);
    if (run === undefined) return;
    const ends = this.#endsIn.get(run);
    if (ends === undefined) this.#endsIn.set(run, [index]);
    else ends.push(index);
  }

  #check(event: LifecycleEvent, index: number, callIndex: number): void {
    // Call ids are unique within one agent's conversation, and each script numbers its own from 1.
    const key = `${event.agent}/${event.callId ?? event.tool}`;
    if (event.type === 'tool_start') {
      if (this.#open.has(key) || this.#ended.has(key)) {
        const first = this.#open.get(key);
        this.ledger.mismatch({
          kind: 'tool_ran_twice',
          callIndex,
          actual: describeLifecycleEvent(event),
          expected: 'each tool call to run once',
          why: `Call ${event.callId ?? '(no id)'} of ${event.tool} had already ${first === undefined ? 'run' : 'started'}${first === undefined ? '' : ` (${numbered(first, describeLifecycleEvent(this.#events[first] as LifecycleEvent))})`}`,
          fix: 'A resumed run must not run a tool whose call already ran; check how the app stores and restores its run state',
        });
      }
      this.#open.set(key, index);
      return;
    }
    if (!this.#open.has(key)) {
      this.ledger.mismatch({
        kind: 'unbalanced_tool_call',
        callIndex,
        actual: describeLifecycleEvent(event),
        expected: 'a tool_start before each tool_end',
        why: `Call ${event.callId ?? '(no id)'} of ${event.tool} ended ${this.#ended.has(key) ? 'twice' : 'without a start'}`,
      });
    }
    this.#open.delete(key);
    this.#ended.add(key);
  }
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}
