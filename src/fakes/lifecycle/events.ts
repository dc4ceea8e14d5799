import { brief } from '../../format/brief';

// Apart from the recorder so that the matchers, which the setup entries load in every test file,
// read events without loading the recorder itself.

/** One lifecycle event of an agent, in the order the SDK emitted it. */
export interface LifecycleEvent {
  /** The agent the event is about: the one that started, ended, handed off or ran the tool. */
  readonly agent: string;
  readonly type: 'agent_start' | 'agent_end' | 'handoff' | 'tool_start' | 'tool_end';
  /** The tool of a tool event. */
  readonly tool?: string;
  /** The call id of a tool event. */
  readonly callId?: string;
  /** The arguments of a tool call, parsed (or the raw string when they are not JSON). */
  readonly args?: unknown;
  /** What the tool returned, or the agent's final output. */
  readonly output?: string;
  /** The agent handed off to. */
  readonly to?: string;
  /**
   * On a `tool_end`: the tool never ran, a tool input guardrail rejected the call and the SDK handed
   * the model its message (`output`). Known when the run ends, from the run's guardrail results.
   */
  readonly rejectedBy?: 'a tool input guardrail';
}

/** What the matchers read off a recorder. */
export interface LifecycleView {
  label: string;
  events: readonly LifecycleEvent[];
  /** The tool object of each event, where the SDK passed one (for matching tools by identity). */
  tools: readonly (object | undefined)[];
}

/** `Triage: tool_start lookup_order (call_1)`, `Triage: handoff → Billing`: an event in a line. */
export function describeLifecycleEvent(event: LifecycleEvent): string {
  switch (event.type) {
    case 'tool_start':
      return `${event.agent}: tool_start ${event.tool}${event.callId ? ` (${event.callId})` : ''}`;
    case 'tool_end':
      return `${event.agent}: tool_end ${event.tool}${event.callId ? ` (${event.callId})` : ''} → ${brief(event.output, 40)}${event.rejectedBy ? ` (rejected by ${event.rejectedBy})` : ''}`;
    case 'handoff':
      return `${event.agent}: handoff → ${event.to}`;
    case 'agent_end':
      return `${event.agent}: agent_end → ${brief(event.output, 40)}`;
    default:
      return `${event.agent}: ${event.type}`;
  }
}
