import type {
  Agent,
  AgentOutputItem,
  ApplyPatchOperation,
  Handoff,
  ModelRequest,
  ModelResponse,
  StreamEvent,
  UsageInput,
} from '@openai/agents';
import type { ScriptedModelRetryAdvice } from '@openai/agents/testing';
import type { ModelCall } from './modelCall';

/** What a `handsOffTo` turn points at: the agent, the SDK's `Handoff`, or a name. */
export type HandoffTarget = Agent<any, any> | Handoff<any, any> | string;

/** One output item of a planned turn, materialized when the model call comes. */
export type PlannedItem =
  | { type: 'message'; text: string }
  | { type: 'call'; name: string; args: string | Record<string, unknown>; callId: string }
  | { type: 'handoff'; target: HandoffTarget; toolName: string | undefined; args: Record<string, unknown>; callId: string }
  | { type: 'reasoning'; text: string }
  | { type: 'patch'; operation: ApplyPatchOperation; callId: string }
  | { type: 'raw'; item: AgentOutputItem };

/** What a derived turn may return; strings become assistant messages. */
export type DerivedOutput = string | AgentOutputItem | readonly AgentOutputItem[] | ModelResponse;

export type ModelCallStream = Iterable<StreamEvent> | AsyncIterable<StreamEvent>;

/** One planned model turn. `label` is how messages name it, without its number. */
export type PlannedTurn =
  | {
      kind: 'output';
      label: string;
      items: readonly PlannedItem[];
      usage?: UsageInput;
      /** Some call id was given with `{ callId }`, so the turn cannot be repeated. */
      fixedIds?: boolean;
    }
  | { kind: 'error'; label: string; error: unknown; advice?: ScriptedModelRetryAdvice }
  | {
      kind: 'responder';
      label: string;
      respond: (call: ModelCall) => DerivedOutput | Promise<DerivedOutput>;
    }
  | { kind: 'stream'; label: string; events: readonly StreamEvent[] | AsyncIterable<StreamEvent> };

/** The names a request offers the model: its function tools and its handoffs. */
export interface Offered {
  tools: string[];
  handoffs: string[];
}

export function offeredBy(request: ModelRequest): Offered {
  return {
    tools: request.tools.map((tool) => tool.name),
    handoffs: request.handoffs.map((handoff) => handoff.toolName),
  };
}

/** The call ids already present in the conversation the request carries. */
export function callIdsIn(request: ModelRequest): Set<string> {
  const ids = new Set<string>();
  if (typeof request.input === 'string') return ids;
  for (const item of request.input) {
    if ('callId' in item && typeof item.callId === 'string' && item.type !== 'function_call_result') {
      ids.add(item.callId);
    }
  }
  return ids;
}
