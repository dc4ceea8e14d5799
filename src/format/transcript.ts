import { redactText } from './secrets';
import type { RunItem } from '@openai/agents';
import { brief } from './brief';
import { toolOutputText } from './toolOutputText';
import { parseArguments } from './modelInput';
import { hasFinished, HOSTED_CALL_NAMES, hostedCallRequest, isRunResult, type RunResultShape } from '../sdk/coupling';

/**
 * A run as readable text, one line per event: the user's input, assistant messages, tool calls
 * with their arguments and outputs, handoffs and approvals. Call ids become `#1`, `#2`, … in order
 * of appearance and usage is reduced to the number of model calls, so the text is stable from one
 * run to the next and reads well in a snapshot review.
 */
export function transcript(result: unknown): string {
  if (!isRunResult(result)) {
    throw new TypeError(`transcript() takes a RunResult or StreamedRunResult (what run() returns); got ${brief(result, 60)}.`);
  }
  if (!hasFinished(result)) {
    throw new Error('transcript(): the streamed run has not finished yet; consume the stream or `await result.completed` first.');
  }
  const writer = new TranscriptWriter();
  writer.input(result.input);
  for (const item of result.newItems) writer.item(item);
  writer.ending(result);
  // Snapshots and messages print transcripts: they keep no secret the run carried.
  return redactText(writer.lines.join('\n'));
}

interface RawCall {
  type: string;
  name?: string;
  arguments?: string;
  callId?: string;
  id?: string;
  role?: string;
  content?: unknown;
  output?: unknown;
  providerData?: unknown;
}

class TranscriptWriter {
  readonly lines: string[] = [];
  readonly #callNumbers = new Map<string, number>();
  #lastMessage: string | undefined;

  input(input: string | readonly unknown[]): void {
    if (typeof input === 'string') {
      this.#say('user', input);
      return;
    }
    for (const item of input) this.#protocolItem(item as RawCall, 'assistant');
  }

  item(item: RunItem): void {
    const agent = (item as { agent?: { name?: string } }).agent?.name ?? 'assistant';
    const raw = item.rawItem as RawCall;
    switch (item.type) {
      case 'message_output_item':
      case 'tool_call_item':
      case 'tool_call_output_item':
        this.#protocolItem(raw, agent, (item as { output?: unknown }).output);
        return;
      case 'handoff_call_item':
        // The handoff reads best once, from its output item, which names both agents.
        return;
      case 'handoff_output_item':
        this.lines.push(`${item.sourceAgent?.name ?? agent} hands off to ${item.targetAgent.name}`);
        return;
      case 'tool_approval_item':
        this.lines.push(`${agent} asks approval to call ${this.#call(raw)}`);
        return;
      case 'reasoning_item':
        this.#say(`${agent} thinks`, textOf(raw.content) ?? '');
        return;
      default:
        this.lines.push(`${agent}: ${item.type.replace(/_item$/, '').replace(/_/g, ' ')}`);
    }
  }

  ending(result: RunResultShape): void {
    const pending = result.interruptions?.length ?? 0;
    if (pending > 0) {
      this.lines.push(`(paused: ${pending} approval${pending === 1 ? '' : 's'} pending)`);
    } else if (result.error !== null && result.error !== undefined) {
      this.lines.push(`(failed: ${brief(result.error, 120)})`);
    } else {
      // Reading finalOutput of a paused run makes the SDK log a warning, so it is read only here.
      const output = result.finalOutput;
      const shown = typeof output === 'string' ? output : output === undefined ? undefined : JSON.stringify(output);
      if (shown !== undefined && shown !== this.#lastMessage) this.#say(`final output (${result.lastAgent?.name ?? 'agent'})`, shown);
    }
    const requests = result.state?.usage?.requests;
    if (typeof requests === 'number') this.lines.push(`(${requests} model call${requests === 1 ? '' : 's'})`);
  }

  #protocolItem(raw: RawCall, agent: string, output?: unknown): void {
    switch (raw.type) {
      case 'message':
      case undefined: {
        const text = textOf(raw.content) ?? brief(raw.content);
        const speaker = raw.role === 'assistant' ? agent : (raw.role ?? 'user');
        this.#say(speaker, text);
        if (raw.role === 'assistant') this.#lastMessage = text;
        return;
      }
      case 'function_call_result':
        this.#say(`${raw.name} ${this.#ref(raw.callId)} returned`, toolOutputText(output ?? raw.output));
        return;
      default:
        if (raw.type.endsWith('_call') || raw.type === 'function_call') {
          this.lines.push(`${agent} calls ${this.#call(raw)}`);
        } else if (raw.type.endsWith('_call_result') || raw.type.endsWith('_call_output')) {
          this.#say(`${HOSTED_CALL_NAMES[raw.type.replace(/_(result|output)$/, '')] ?? raw.type} ${this.#ref(raw.callId)} returned`, toolOutputText(raw.output));
        } else {
          this.lines.push(`${agent}: ${raw.type.replace(/_/g, ' ')}`);
        }
    }
  }

  /** `get_weather({"city":"Tokyo"}) #1` */
  #call(raw: RawCall): string {
    const name = raw.type === 'function_call' ? raw.name : (HOSTED_CALL_NAMES[raw.type] ?? raw.name ?? raw.type);
    const request = typeof raw.arguments === 'string' ? parseArguments(raw.arguments) : hostedCallRequest(raw);
    const args = request === undefined ? '' : JSON.stringify(request);
    return `${name}(${args}) ${this.#ref(raw.callId ?? raw.id)}`;
  }

  #ref(callId: string | undefined): string {
    return `#${this.#number(callId)}`;
  }

  #number(callId: string | undefined): number {
    if (callId === undefined) return this.#callNumbers.size + 1;
    let number = this.#callNumbers.get(callId);
    if (number === undefined) {
      number = this.#callNumbers.size + 1;
      this.#callNumbers.set(callId, number);
    }
    return number;
  }

  /** `speaker: text`, with the lines of a long text indented under it. */
  #say(speaker: string, text: string): void {
    const [first, ...rest] = text.split('\n');
    this.lines.push(`${speaker}: ${first}`.trimEnd(), ...rest.map((line) => `  ${line}`.trimEnd()));
  }
}

function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  return content
    .map((part: { type?: string; text?: unknown; refusal?: unknown }) =>
      typeof part.text === 'string' ? part.text : typeof part.refusal === 'string' ? `(refusal) ${part.refusal}` : `(${part.type})`,
    )
    .join('');
}

