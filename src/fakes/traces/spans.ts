import { brief } from '../../format/brief';
import { parseArguments } from '../../format/modelInput';
import { readSpan } from '../../sdk/coupling';

/** The kinds of span a test asks about; the SDK's own names, `generation` covering `response` too. */
export type SpanKind = 'agent' | 'generation' | 'function' | 'handoff' | 'guardrail' | 'custom';

/** What a span failed with, as the SDK recorded it on the span. */
export interface SpanError {
  readonly message: string;
  readonly data?: Record<string, unknown>;
}

interface SpanBase {
  /** The SDK's id of the span, and of its parent (`null` at the top of its trace). */
  readonly id: string;
  readonly parentId: string | null;
  readonly traceId: string;
  /** Whether the span had ended when it was read. */
  readonly ended: boolean;
  readonly error?: SpanError;
}

/** An agent's turn in a run. */
export interface AgentSpan extends SpanBase {
  readonly kind: 'agent';
  readonly name: string;
  readonly tools: readonly string[];
  readonly handoffs: readonly string[];
  readonly outputType?: string;
}

/** One model call: the SDK's `generation` span (Chat Completions) or `response` span (Responses API). */
export interface GenerationSpan extends SpanBase {
  readonly kind: 'generation';
  readonly model?: string;
  /** The Responses API's response id, on a `response` span. */
  readonly responseId?: string;
  readonly input?: unknown;
  readonly output?: unknown;
}

/** One tool call; `input` is the arguments, parsed when they are JSON. */
export interface FunctionSpan extends SpanBase {
  readonly kind: 'function';
  readonly name: string;
  readonly input: unknown;
  readonly output: unknown;
}

/** A handoff from one agent to another. */
export interface HandoffSpan extends SpanBase {
  readonly kind: 'handoff';
  readonly from?: string;
  readonly to?: string;
}

/** One guardrail check. */
export interface GuardrailSpan extends SpanBase {
  readonly kind: 'guardrail';
  readonly name: string;
  readonly triggered: boolean;
}

/** A span the app made itself (`withCustomSpan`, `createCustomSpan`). */
export interface CustomSpan extends SpanBase {
  readonly kind: 'custom';
  readonly name: string;
  readonly data: Record<string, unknown>;
}

/** Any other span the SDK makes (`task`, `turn`, `mcp_tools`, `transcription`, …), with its data as the SDK has it. */
export interface OtherSpan extends SpanBase {
  readonly kind: string;
  readonly name?: string;
  readonly data: Record<string, unknown>;
}

/** A span of the kinds `toHaveSpan` knows, by kind. */
export interface SpanOfKind {
  agent: AgentSpan;
  generation: GenerationSpan;
  function: FunctionSpan;
  handoff: HandoffSpan;
  guardrail: GuardrailSpan;
  custom: CustomSpan;
}

/** One span a `traces()` recorder heard. */
export type RecordedSpan = SpanOfKind[SpanKind] | OtherSpan;

export const SPAN_KINDS: readonly SpanKind[] = ['agent', 'generation', 'function', 'handoff', 'guardrail', 'custom'];

/** Spans of the runner's own bookkeeping: kept in `.spans`, left out of the tree unless asked. */
export const BOOKKEEPING_KINDS: ReadonlySet<string> = new Set(['task', 'turn']);

/** A span as the kit shows it, from what the SDK handed the processor. */
export function recordSpan(span: unknown, ended: boolean): RecordedSpan {
  const { id, traceId, parentId, data, error } = readSpan(span);
  const base = { id, traceId, parentId, ended, ...(error ? { error: { message: error.message, ...(error.data ? { data: error.data } : {}) } } : {}) };
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  switch (data.type) {
    case 'agent':
      return {
        kind: 'agent',
        ...base,
        name: String(data.name),
        tools: (data.tools as string[] | undefined) ?? [],
        handoffs: (data.handoffs as string[] | undefined) ?? [],
        ...(text(data.output_type) ? { outputType: text(data.output_type) } : {}),
      };
    case 'generation':
    case 'response':
      return {
        kind: 'generation',
        ...base,
        ...(text(data.model) ? { model: text(data.model) } : {}),
        ...(text(data.response_id) ? { responseId: text(data.response_id) } : {}),
        ...(data.input !== undefined ? { input: data.input } : {}),
        ...(data.output !== undefined ? { output: data.output } : {}),
      };
    case 'function':
      return {
        kind: 'function',
        ...base,
        name: String(data.name),
        input: typeof data.input === 'string' && data.input !== '' ? parseArguments(data.input) : data.input,
        output: data.output,
      };
    case 'handoff':
      return { kind: 'handoff', ...base, ...(text(data.from_agent) ? { from: text(data.from_agent) } : {}), ...(text(data.to_agent) ? { to: text(data.to_agent) } : {}) };
    case 'guardrail':
      return { kind: 'guardrail', ...base, name: String(data.name), triggered: data.triggered === true };
    case 'custom':
      return { kind: 'custom', ...base, name: String(data.name), data: (data.data as Record<string, unknown> | undefined) ?? {} };
    default: {
      const { type, ...rest } = data;
      const name = text(data.name) ?? text(data.agent_name) ?? text(data.server);
      return { kind: type, ...base, ...(name ? { name } : {}), data: rest };
    }
  }
}

/**
 * A span in a line: `agent "Triage"`, `function get_weather {"city":"Tokyo"} → "Sunny"`,
 * `handoff Triage → Billing`, `guardrail no_pii (triggered)`; a failed span ends with `✗ message`.
 */
export function describeSpan(span: RecordedSpan): string {
  const detail = span.error?.data?.error;
  const failed = span.error ? ` ✗ ${span.error.message}${typeof detail === 'string' ? `: ${firstLine(detail, 80)}` : ''}` : '';
  const open = span.ended ? '' : ' (not ended)';
  return `${lineOf(span)}${failed}${open}`;
}

function lineOf(span: RecordedSpan): string {
  switch (span.kind) {
    case 'agent':
      return `agent "${(span as AgentSpan).name}"`;
    case 'generation': {
      const { model } = span as GenerationSpan;
      return model ? `generation ${model}` : 'generation';
    }
    case 'function': {
      const { name, input, output } = span as FunctionSpan;
      const args = input === undefined || input === '' ? '' : ` ${brief(input, 60)}`;
      return `function ${name}${args}${output === undefined || output === '' ? '' : ` → ${brief(output, 40)}`}`;
    }
    case 'handoff': {
      const { from, to } = span as HandoffSpan;
      return `handoff ${from ?? '?'} → ${to ?? '?'}`;
    }
    case 'guardrail': {
      const { name, triggered } = span as GuardrailSpan;
      return `guardrail ${name}${triggered ? ' (triggered)' : ''}`;
    }
    case 'custom':
      return `custom "${(span as CustomSpan).name}"`;
    default: {
      const other = span as OtherSpan;
      if (other.kind === 'turn') return `turn ${String(other.data.turn ?? '')}`.trimEnd();
      return other.name ? `${other.kind} "${other.name}"` : other.kind;
    }
  }
}

/** The first line of `text`, cut to `width` characters: an error's detail on a tree line. */
function firstLine(text: string, width: number): string {
  const line = text.split('\n')[0] as string;
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}
