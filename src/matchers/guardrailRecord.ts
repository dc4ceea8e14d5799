import { brief } from '../format/brief';
import { isRunResult, isSameToolGuardrail, resultOfFailedRun, type RunResultShape } from '../sdk/coupling';
import { invalidReceived, listed } from './messages';
import { ownTool } from './runRecord';

/** One guardrail that ran: its kind and name, whether it tripped, and what it said. */
export interface GuardrailRecord {
  /** `input`, `output`, `tool_input` or `tool_output`. */
  type: string;
  name: string;
  tripped: boolean;
  /** A short account of its verdict: `tripped: {"why":"…"}`, `rejectContent: "nope"`. */
  verdict: string;
  /** Who holds the guardrails of its kind that may have run: `agent "Support"`, `tool "remove"`; unknown for a tripwire error without its run. */
  owner: string | undefined;
  /**
   * The guardrail objects of that name its owner holds: one of them ran. Empty when the owner has
   * none of that name (a runner's guardrail, which a result does not name) or is unknown.
   */
  definitions: readonly object[];
}

interface ResultShape {
  guardrail?: { type?: unknown; name?: unknown };
  agent?: unknown;
  output?: { tripwireTriggered?: unknown; outputInfo?: unknown; behavior?: { type?: unknown; message?: unknown } };
}

/** What holds guardrails: an agent (`inputGuardrails`, `outputGuardrails`) or a function tool (the same, for its calls). */
interface Holder {
  name?: unknown;
  inputGuardrails?: unknown;
  outputGuardrails?: unknown;
}

const RESULT_LISTS = ['inputGuardrailResults', 'outputGuardrailResults', 'toolInputGuardrailResults', 'toolOutputGuardrailResults'] as const;

/**
 * The guardrails a run ran, read off a `RunResult`, or the one that tripped, read off the tripwire
 * error a run rejected with (`InputGuardrailTripwireTriggered` and its kin, recognised by shape:
 * the SDK's CJS and ESM builds are different classes). A result names a guardrail only by kind and
 * name; each record also says whose guardrails of that name may have run, so that matchers can
 * tell a guardrail object from another one of the same name.
 */
export function readGuardrails(received: unknown, hintLine: string): { guardrails: GuardrailRecord[]; from: string } {
  if (isRunResult(received)) {
    const source = received as unknown as Record<string, unknown>;
    const owners = ownersIn(received);
    const guardrails = RESULT_LISTS.flatMap((key) => (Array.isArray(source[key]) ? (source[key] as ResultShape[]) : []).flatMap((result) => recordOf(result, owners)));
    return { guardrails, from: 'the run' };
  }
  const tripped = (received as { result?: ResultShape } | null)?.result;
  const run = received instanceof Error && tripped ? resultOfFailedRun(received) : undefined;
  const fromError = received instanceof Error && tripped ? recordOf(tripped, run === undefined ? NO_OWNERS : ownersIn(run)) : [];
  if (fromError.length > 0) return { guardrails: fromError, from: `the ${(received as Error).name}` };
  throw invalidReceived(hintLine, 'a RunResult, or the tripwire error a run rejected with (e.g. InputGuardrailTripwireTriggered)', received);
}

/** Who holds the guardrails a run may have run, by kind: the agent that started it, and the tools it called. */
interface Owners {
  startingAgent: Holder | undefined;
  tools: readonly Holder[];
}

const NO_OWNERS: Owners = { startingAgent: undefined, tools: [] };

/**
 * The run's input guardrails are its starting agent's, which made the first item the run generated,
 * or is still its last agent when it generated none. Tool guardrails are those of the function
 * tools the run called.
 */
function ownersIn(run: RunResultShape): Owners {
  const first = run.newItems[0] as { agent?: unknown; sourceAgent?: unknown } | undefined;
  const startingAgent = (first?.agent ?? first?.sourceAgent ?? run.lastAgent) as Holder | undefined;
  const tools = new Set<Holder>();
  for (const item of run.newItems) {
    const raw = item.rawItem as { type?: unknown; name?: unknown };
    if (item.type !== 'tool_call_item' || raw.type !== 'function_call' || typeof raw.name !== 'string') continue;
    const tool = ownTool((item as { agent?: { tools?: unknown } }).agent, raw.name);
    if (tool !== undefined) tools.add(tool as Holder);
  }
  return { startingAgent: typeof startingAgent === 'object' && startingAgent !== null ? startingAgent : undefined, tools: [...tools] };
}

function recordOf(result: ResultShape, owners: Owners): GuardrailRecord[] {
  const { type, name } = result.guardrail ?? {};
  if (typeof type !== 'string' || typeof name !== 'string') return [];
  const whose = ownerOf(type, name, result, owners);
  const output = result.output ?? {};
  const behavior = output.behavior?.type;
  if (typeof behavior === 'string') {
    const message = behavior === 'rejectContent' ? `: ${brief(output.behavior?.message, 60)}` : '';
    return [{ type, name, tripped: behavior !== 'allow', verdict: `${behavior}${message}`, ...whose }];
  }
  const tripped = output.tripwireTriggered === true;
  const info = output.outputInfo === undefined ? '' : ` ${brief(output.outputInfo, 60)}`;
  return [{ type, name, tripped, verdict: `${tripped ? 'tripped' : 'passed'}${info}`, ...whose }];
}

/** Whose guardrails named `name` of this kind may have made `result`, and those guardrails. */
function ownerOf(type: string, name: string, result: ResultShape, owners: Owners): Pick<GuardrailRecord, 'owner' | 'definitions'> {
  const list = type === 'input' || type === 'tool_input' ? 'inputGuardrails' : 'outputGuardrails';
  const named = (holder: Holder): object[] =>
    (Array.isArray(holder[list]) ? (holder[list] as unknown[]) : []).filter(
      (guardrail): guardrail is object => typeof guardrail === 'object' && guardrail !== null && (guardrail as { name?: unknown }).name === name,
    );
  const describe = (kind: string, holder: Holder) => (typeof holder.name === 'string' ? `${kind} ${JSON.stringify(holder.name)}` : undefined);
  if (type === 'tool_input' || type === 'tool_output') {
    const holders = owners.tools.filter((tool) => named(tool).length > 0);
    const owner = holders.map((tool) => describe('tool', tool)).filter(Boolean).join(', ');
    return { owner: owner === '' ? undefined : owner, definitions: holders.flatMap(named) };
  }
  // An output guardrail's result carries the agent whose output it checked.
  const agent = (type === 'output' && typeof result.agent === 'object' && result.agent !== null ? result.agent : owners.startingAgent) as Holder | undefined;
  if (agent === undefined) return { owner: undefined, definitions: [] };
  return { owner: describe('agent', agent), definitions: named(agent) };
}

/** A guardrail as matchers take it: its definition (anything with a `name`) or its name. */
export function guardrailNameOf(guardrail: unknown): string | undefined {
  if (typeof guardrail === 'string' && guardrail !== '') return guardrail;
  const name = (guardrail as { name?: unknown } | null)?.name;
  return typeof guardrail === 'object' && typeof name === 'string' ? name : undefined;
}

/**
 * Whether a guardrail that ran is `guardrail`: a name matches by name; an object matches that
 * object, so another agent's (or tool's) guardrail of the same name does not count — unless the
 * owner holds no guardrail of that name (a runner's), where only the name can tell.
 */
export function isOfGuardrail(record: GuardrailRecord, guardrail: unknown): boolean {
  if (record.name !== guardrailNameOf(guardrail)) return false;
  if (typeof guardrail === 'string' || record.definitions.length === 0) return true;
  return record.definitions.some((definition) => (record.type.startsWith('tool_') ? isSameToolGuardrail(definition, guardrail) : definition === guardrail));
}

/** Why no guardrail was `guardrail` although some of its name ran: `another guardrail named "x" ran (the one of agent "A"), not this guardrail object`. */
export function anotherGuardrail(sameName: readonly GuardrailRecord[], printedName: string): string {
  const owners = [...new Set(sameName.flatMap((record) => (record.owner === undefined ? [] : [record.owner])))];
  return `another guardrail named ${printedName} ran${owners.length === 0 ? '' : ` (the one of ${owners.join(', ')})`}, not this guardrail object`;
}

/** `Guardrails of the run:` and one numbered line each, the marked ones flagged. */
export function listGuardrails(guardrails: readonly GuardrailRecord[], from: string, marked: ReadonlySet<number>): string {
  if (guardrails.length === 0) return `No guardrail ran in ${from}.`;
  const entries = guardrails.map((guardrail) => `${guardrail.type.replace('_', ' ')} guardrail "${guardrail.name}": ${guardrail.verdict}`);
  return [`Guardrails of ${from}:`, ...listed(entries, 'guardrail', marked)].join('\n');
}
