import type { AgentInputItem } from '@openai/agents';
import { printDiff, printExpected, printReceived } from './matcherUtils';
import { ledgerOf } from '../fakes/core/ledger';
import { toolOutputsIn } from '../fakes/model/call';
import type { ModelView } from '../fakes/model/ModelDouble';
import { isAsymmetricMatcher } from '../format/brief';
import { toolOutputText } from '../format/toolOutputText';
import { isRunResult, isSdkToolErrorText, TOOL_APPROVAL_REJECTION_MESSAGE } from '../sdk/coupling';
import type { Matcher, MatcherState } from './context';
import { hint, invalidExpected, invalidReceived, listed } from './messages';
import { matchesPartial } from './partial';
import { isOfTool, readRun, toolCallById, toolNameOf } from './runRecord';
import { failedToolCalls } from '../fakes/core/toolFailures';

/** One tool output: its tool, its text as the model saw it, and its value (what the tool returned, for a run). */
interface OutputRecord {
  name: string;
  callId: string;
  text: string;
  value: unknown;
  agent: string | undefined;
  tool: object | undefined;
  /** Its tool failed (the SDK's error text, or a failure the run noted whose `errorFunction` made other text). */
  failed: boolean;
  /** The failure the run noted was a timeout: the tool's own `timeoutErrorFunction` made the text. */
  timedOut: boolean;
}

/**
 * On a run: `tool` ran and returned an output matching `expected`. On a `model()` script: the
 * model was told such an output of `tool` in one of its requests. `expected` is the text (exact),
 * a RegExp or an asymmetric matcher on the text, or an object compared partially with the value;
 * without it, any output that is not the SDK's error or rejection text passes.
 */
export const toHaveToolOutput: Matcher<[tool: unknown, expected?: unknown]> = function toHaveToolOutput(received, tool, expected) {
  const hintLine = hint(this, 'toHaveToolOutput', 'tool', expected === undefined ? undefined : 'expected');
  const name = toolNameOf(tool);
  if (name === undefined) throw invalidExpected(hintLine, 'a tool object or a tool name', tool, 'Tool');
  if (expected !== undefined && typeof expected !== 'string' && !(expected instanceof RegExp) && (typeof expected !== 'object' || expected === null)) {
    throw invalidExpected(hintLine, 'the output text, a RegExp, an asymmetric matcher or an object', expected);
  }
  const { outputs, whose } = readOutputs(received, hintLine);
  const ofTool = outputs.flatMap((output, index) => (isOfTool(output, tool) ? [index] : []));
  const matching = ofTool.filter((index) => matchesOutput(this, outputs[index] as OutputRecord, expected));
  const pass = matching.length > 0;
  const wanted = `an output of ${printExpected(name)}${expected === undefined ? '' : ` matching ${printExpected(expected)}`}`;

  const message = (): string => {
    const lines = [hintLine, '', `Expected: ${pass ? 'no ' : ''}${wanted}${whose}`];
    if (pass) lines.push(`Received: ${matching.length} matching output${matching.length === 1 ? '' : 's'}`);
    else if (ofTool.length === 0) lines.push(`Received: no output of ${printReceived(name)}`);
    else {
      const first = outputs[ofTool[0] as number] as OutputRecord;
      lines.push(`Received: ${ofTool.length} output${ofTool.length === 1 ? '' : 's'} of ${printReceived(name)}, none matching`);
      if (typeof expected === 'string') lines.push('', printDiff(expected, first.text));
    }
    if (outputs.length > 0) {
      const entries = outputs.map((output) => `${output.name} ${output.callId} → ${JSON.stringify(output.text)}${output.agent ? `  (${output.agent})` : ''}${quietFailure(output)}`);
      lines.push('', 'Tool outputs:', ...listed(entries, 'tool output', new Set(pass ? matching : ofTool)));
    }
    return lines.join('\n');
  };
  return { pass, message };
};

/** A failure whose text does not say so (the tool's own `errorFunction` or `timeoutErrorFunction` wrote it): named beside the output. */
function quietFailure(output: OutputRecord): string {
  if (!output.failed || isSdkToolErrorText(output.text)) return '';
  return output.timedOut ? '  (the tool timed out; its timeoutErrorFunction wrote this text)' : '  (the tool failed; its errorFunction wrote this text)';
}

function matchesOutput(state: MatcherState, output: OutputRecord, expected: unknown): boolean {
  if (expected === undefined) return !output.failed && output.text !== TOOL_APPROVAL_REJECTION_MESSAGE;
  if (typeof expected === 'string') return output.text === expected;
  if (expected instanceof RegExp) {
    expected.lastIndex = 0;
    return expected.test(output.text);
  }
  if (isAsymmetricMatcher(expected)) return expected.asymmetricMatch(output.text) || expected.asymmetricMatch(output.value);
  return matchesPartial(state, output.value, expected);
}

/** The tool outputs of a run, or the ones a `model()` script's requests carried (each call once). */
function readOutputs(received: unknown, hintLine: string): { outputs: OutputRecord[]; whose: string } {
  const ledger = ledgerOf<ModelView>(received);
  if (ledger?.kind === 'model') {
    const { requests, failedCalls } = ledger.view();
    const seen = new Map<string, OutputRecord>();
    for (const request of requests) {
      const input = typeof request.input === 'string' ? [] : (request.input as AgentInputItem[]);
      for (const output of toolOutputsIn(input)) {
        if (!seen.has(output.callId)) seen.set(output.callId, { ...output, value: output.raw, agent: undefined, tool: undefined, failed: isSdkToolErrorText(output.text) || failedCalls.has(output.callId), timedOut: failedCalls.get(output.callId) === true });
      }
    }
    return { outputs: [...seen.values()], whose: `, told to ${ledger.label}` };
  }
  if (!isRunResult(received)) {
    throw invalidReceived(hintLine, 'a RunResult or StreamedRunResult, or a model() script', received);
  }
  const record = readRun(received, hintLine);
  const failed = failedToolCalls(received);
  const outputs: OutputRecord[] = [];
  for (const item of received.newItems) {
    if (item.type !== 'tool_call_output_item') continue;
    const raw = item.rawItem as { type?: string; name?: string; callId?: string; output?: unknown };
    if (raw.type !== 'function_call_result' || raw.name === undefined || raw.callId === undefined) continue;
    const call = toolCallById(record, raw.callId);
    const text = toolOutputText(raw.output);
    outputs.push({ name: raw.name, callId: raw.callId, text, value: item.output, agent: call?.agent, tool: call?.tool, failed: isSdkToolErrorText(text) || failed.has(raw.callId), timedOut: failed.get(raw.callId) === true });
  }
  return { outputs, whose: '' };
}
