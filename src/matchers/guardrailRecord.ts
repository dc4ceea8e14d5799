import { brief } from '../format/brief';
import { isRunResult } from '../sdk/coupling';
import { invalidReceived, listed } from './messages';

/** One guardrail that ran: its kind and name, whether it tripped, and what it said. */
export interface GuardrailRecord {
  /** `input`, `output`, `tool_input` or `tool_output`. */
  type: string;
  name: string;
  tripped: boolean;
  /** A short account of its verdict: `tripped: {"why":"…"}`, `rejectContent: "nope"`. */
  verdict: string;
}

interface ResultShape {
  guardrail?: { type?: unknown; name?: unknown };
  output?: { tripwireTriggered?: unknown; outputInfo?: unknown; behavior?: { type?: unknown; message?: unknown } };
}

const RESULT_LISTS = ['inputGuardrailResults', 'outputGuardrailResults', 'toolInputGuardrailResults', 'toolOutputGuardrailResults'] as const;

/**
 * The guardrails a run ran, read off a `RunResult`, or the one that tripped, read off the tripwire
 * error a run rejected with (`InputGuardrailTripwireTriggered` and its kin, recognised by shape:
 * the SDK's CJS and ESM builds are different classes).
 */
export function readGuardrails(received: unknown, hintLine: string): { guardrails: GuardrailRecord[]; from: string } {
  if (isRunResult(received)) {
    const source = received as unknown as Record<string, unknown>;
    const guardrails = RESULT_LISTS.flatMap((key) => (Array.isArray(source[key]) ? (source[key] as ResultShape[]) : []).flatMap(recordOf));
    return { guardrails, from: 'the run' };
  }
  const tripped = (received as { result?: ResultShape } | null)?.result;
  const fromError = received instanceof Error && tripped ? recordOf(tripped) : [];
  if (fromError.length > 0) return { guardrails: fromError, from: `the ${(received as Error).name}` };
  throw invalidReceived(hintLine, 'a RunResult, or the tripwire error a run rejected with (e.g. InputGuardrailTripwireTriggered)', received);
}

function recordOf(result: ResultShape): GuardrailRecord[] {
  const { type, name } = result.guardrail ?? {};
  if (typeof type !== 'string' || typeof name !== 'string') return [];
  const output = result.output ?? {};
  const behavior = output.behavior?.type;
  if (typeof behavior === 'string') {
    const message = behavior === 'rejectContent' ? `: ${brief(output.behavior?.message, 60)}` : '';
    return [{ type, name, tripped: behavior !== 'allow', verdict: `${behavior}${message}` }];
  }
  const tripped = output.tripwireTriggered === true;
  const info = output.outputInfo === undefined ? '' : ` ${brief(output.outputInfo, 60)}`;
  return [{ type, name, tripped, verdict: `${tripped ? 'tripped' : 'passed'}${info}` }];
}

/** A guardrail as matchers take it: its definition (anything with a `name`) or its name. */
export function guardrailNameOf(guardrail: unknown): string | undefined {
  if (typeof guardrail === 'string' && guardrail !== '') return guardrail;
  const name = (guardrail as { name?: unknown } | null)?.name;
  return typeof guardrail === 'object' && typeof name === 'string' ? name : undefined;
}

/** `Guardrails of the run:` and one numbered line each, the marked ones flagged. */
export function listGuardrails(guardrails: readonly GuardrailRecord[], from: string, marked: ReadonlySet<number>): string {
  if (guardrails.length === 0) return `No guardrail ran in ${from}.`;
  const entries = guardrails.map((guardrail) => `${guardrail.type.replace('_', ' ')} guardrail "${guardrail.name}": ${guardrail.verdict}`);
  return [`Guardrails of ${from}:`, ...listed(entries, 'guardrail', marked)].join('\n');
}
