import type { AgentInputItem, ModelRequest } from '@openai/agents';
import { brief } from '../../format/brief';
import { sameJson } from '../../format/canonicalJson';
import { describeInputItem } from '../../format/modelInput';
import { currentRedactor, REDACTED, type Redactor } from '../../format/secrets';
import { changedText } from '../../format/textChange';
import type { RecordedRequest, RequestField } from './file';

/** One way a live request differs from its recording, as one line that names the field. */
export interface RequestChange {
  field: RequestField;
  summary: string;
}

/** How a live request drifted from the recorded one, field by field; empty when they agree. */
export function requestChanges(recorded: RecordedRequest, actual: RecordedRequest, ignore: readonly RequestField[] = []): RequestChange[] {
  const changes: RequestChange[] = [];
  const add = (field: RequestField, summary: string): void => {
    changes.push({ field, summary });
  };
  const differs = (field: RequestField): boolean => !ignore.includes(field) && !sameJson(recorded[field], actual[field]);

  if (differs('instructions')) add('instructions', changedValue('the system instructions', recorded.instructions, actual.instructions));
  if (differs('input')) add('input', inputChange(recorded.input, actual.input));
  if (differs('tools')) {
    for (const line of namedListChanges('tool', recorded.tools ?? [], actual.tools ?? [], (tool) => toolName(tool))) add('tools', line);
  }
  if (differs('handoffs')) {
    for (const line of namedListChanges('handoff', recorded.handoffs ?? [], actual.handoffs ?? [], (handoff) => handoff.toolName)) {
      add('handoffs', line);
    }
  }
  if (differs('outputType')) add('outputType', changedValue('the output type', recorded.outputType, actual.outputType));
  if (differs('settings')) {
    add('settings', `the model settings changed: ${changedPaths(recorded.settings ?? {}, actual.settings ?? {}).join(', ')}`);
  }
  for (const field of ['prompt', 'previousResponseId', 'conversationId'] as const) {
    if (differs(field)) add(field, changedValue(`the ${field}`, recorded[field], actual[field]));
  }
  return changes;
}

function changedValue(what: string, before: unknown, after: unknown): string {
  const verb = what.endsWith('instructions') ? 'were' : 'was';
  if (before === undefined) return `${what} ${verb} added: ${brief(after, 80)}`;
  if (after === undefined) return `${what} ${verb} removed (recorded: ${brief(before, 80)})`;
  return `${what} changed${beforeAfter(before, after, 80)}`;
}

/**
 * `: "a" → "b"`, or for long strings ` from character 613: "…where they differ" → "…where they differ"`:
 * both sides cut to the same window around the first difference, never two identical beginnings.
 */
function beforeAfter(before: unknown, after: unknown, width: number, label = ''): string {
  if (typeof before === 'string' && typeof after === 'string') {
    const change = changedText(before, after, width);
    if (change !== undefined) return ` from character ${change.at}: ${label}${change.before} → ${label}${change.after}`;
  }
  return `: ${label}${brief(before, width)} → ${label}${brief(after, width)}`;
}

function inputChange(before: RecordedRequest['input'], after: RecordedRequest['input']): string {
  const a = asItems(before);
  const b = asItems(after);
  let index = 0;
  while (index < a.length && index < b.length && sameJson(a[index], b[index])) index += 1;
  const later = countDiffering(a.slice(index + 1), b.slice(index + 1));
  const more = later > 0 ? ` (and ${later} later item${later === 1 ? '' : 's'} differ)` : '';
  if (index >= a.length) {
    const added = b.length - a.length;
    return `the input has ${added} more item${added === 1 ? '' : 's'} than recorded, from item ${index + 1}: ${describe(b[index])}`;
  }
  if (index >= b.length) {
    const missing = a.length - b.length;
    return `the input lacks ${missing} recorded item${missing === 1 ? '' : 's'}, from item ${index + 1}: ${describe(a[index])}`;
  }
  const [old, now] = [textOf(a[index]), textOf(b[index])];
  if (old !== undefined && now !== undefined && old.label === now.label) {
    return `input item ${index + 1} changed${beforeAfter(old.text, now.text, 72, old.label)}${more}`;
  }
  return `input item ${index + 1} changed: ${describe(a[index])} → ${describe(b[index])}${more}`;
}

/** The text of an input item that is mostly text (a message, a tool output), with what `describeInputItem` puts before it. */
function textOf(item: AgentInputItem | undefined): { label: string; text: string } | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const fields = item as { type?: string; role?: string; content?: unknown; name?: string; output?: unknown };
  if ((fields.type === undefined || fields.type === 'message') && typeof fields.role === 'string') {
    const text = contentText(fields.content);
    return text === undefined ? undefined : { label: `${fields.role}: `, text };
  }
  if (fields.type === 'function_call_result') {
    const output = fields.output;
    const text = typeof output === 'string' ? output : isRecord(output) && typeof output.text === 'string' ? output.text : undefined;
    return text === undefined ? undefined : { label: `tool output of ${fields.name}: `, text };
  }
  return undefined;
}

function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.map((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : undefined));
  return texts.every((text): text is string => text !== undefined) ? texts.join('') : undefined;
}

function countDiffering(a: readonly unknown[], b: readonly unknown[]): number {
  let count = Math.abs(a.length - b.length);
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) if (!sameJson(a[index], b[index])) count += 1;
  return count;
}

function asItems(input: RecordedRequest['input']): readonly AgentInputItem[] {
  return typeof input === 'string' ? [{ type: 'message', role: 'user', content: input } as AgentInputItem] : (input ?? []);
}

function describe(item: AgentInputItem | undefined): string {
  if (item === undefined) return '(nothing)';
  return typeof item === 'object' && item !== null ? describeInputItem(item) : JSON.stringify(item);
}

/** Added, removed and changed entries of a list of named things (tools, handoffs), by name. */
function namedListChanges<T>(noun: string, before: readonly T[], after: readonly T[], nameOf: (entry: T) => string): string[] {
  const lines: string[] = [];
  const old = new Map(before.map((entry) => [nameOf(entry), entry]));
  const now = new Map(after.map((entry) => [nameOf(entry), entry]));
  for (const [name, entry] of now) {
    const recorded = old.get(name);
    if (recorded === undefined) lines.push(`${noun} "${name}" was added`);
    else if (!sameJson(recorded, entry)) {
      lines.push(`${noun} "${name}" changed: ${changedPaths(recorded, entry).join(', ')}`);
    }
  }
  for (const name of old.keys()) if (!now.has(name)) lines.push(`${noun} "${name}" was removed`);
  if (lines.length === 0) {
    lines.push(`the ${noun}s were reordered: ${[...old.keys()].join(', ')} → ${[...now.keys()].join(', ')}`);
  }
  return lines;
}

function toolName(tool: { name?: string; type: string }): string {
  return typeof tool.name === 'string' ? tool.name : tool.type;
}

const MAX_PATHS = 4;

/** `temperature: 0.2 → 0.7`: the leaves that differ between two JSON values, a few at most. */
function changedPaths(before: unknown, after: unknown): string[] {
  const found: string[] = [];
  const walk = (a: unknown, b: unknown, at: string): void => {
    if (sameJson(a, b) || found.length > MAX_PATHS) return;
    if (isRecord(a) && isRecord(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[key], b[key], at ? `${at}.${key}` : key);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      a.forEach((entry, index) => walk(entry, b[index], `${at}[${index}]`));
      return;
    }
    const label = at || 'value';
    if (a === undefined) found.push(`${label} added (${brief(b, 60)})`);
    else if (b === undefined) found.push(`${label} removed (was ${brief(a, 60)})`);
    else found.push(`${label}${beforeAfter(a, b, 60)}`);
  };
  walk(before, after, '');
  return found.length > MAX_PATHS ? [...found.slice(0, MAX_PATHS), 'and more'] : found;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ── The fast path of replay ─────────────────────────────────────────────────────────────────────
// Most replayed requests match their recording. Rather than building each live request's recorded
// form (a JSON round trip, then redaction, then a key-sorted rendering of both sides per field),
// the live request is walked beside the recording (parsed JSON, cached and frozen), by JSON's rules
// and redacted as it goes, and the walk stops at the first difference. Only a request that differs
// takes the slow path, which says how.

/** Where each compared field of a recorded request comes from in a live `ModelRequest`. */
const LIVE_FIELDS: readonly (readonly [RequestField, keyof ModelRequest])[] = [
  ['instructions', 'systemInstructions'],
  ['input', 'input'],
  ['tools', 'tools'],
  ['handoffs', 'handoffs'],
  ['outputType', 'outputType'],
  ['settings', 'modelSettings'],
  ['prompt', 'prompt'],
  ['previousResponseId', 'previousResponseId'],
  ['conversationId', 'conversationId'],
];

/**
 * Whether a live request agrees with its recording on every compared field, as `requestChanges`
 * of its recorded form (`recordRequest`) would find: `true` means no drift. A value the walk does
 * not handle (a cycle, a bigint, a boxed primitive) answers `false`, so the caller takes the slow
 * path, which decides.
 */
export function matchesRecording(recorded: RecordedRequest, live: ModelRequest, ignore: readonly RequestField[] = []): boolean {
  try {
    const redactor = currentRedactor({ recent: true });
    for (const [field, key] of LIVE_FIELDS) {
      if (ignore.length > 0 && ignore.includes(field)) continue;
      const value = asJson(live[key]);
      if (omitted(value) ? recorded[field] !== undefined : !sameAsRecorded(value, recorded[field], 0, false, redactor)) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** A value as `JSON.stringify` sees it: through its `toJSON`, if it has one. */
function asJson(value: unknown): unknown {
  return value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function' ? (value as { toJSON(key: string): unknown }).toJSON('') : value;
}

/** What JSON leaves out of an object (and writes as `null` in a list). */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * Whether `live` (already through `asJson`, not omitted), redacted, equals `recorded` as JSON: what
 * `sameJson(redactSecrets(plainJson(live)), recorded)` answers. `secret`: the value is under a field
 * whose name carries a credential, so its strings (and those of a list) are redacted whole.
 */
function sameAsRecorded(live: unknown, recorded: unknown, depth: number, secret: boolean, redactor: Redactor): boolean {
  if (depth > 100) throw new Error('too deep for the fast path');
  switch (typeof live) {
    case 'string':
      if (typeof recorded !== 'string') return false;
      if (secret && live !== '') return recorded === REDACTED;
      // The same text as recorded matches when redaction leaves it as it is (asked once per recorded text).
      return live === recorded ? redactor.keeps(recorded) : redactor.text(live) === recorded;
    case 'number':
      // JSON writes NaN and the infinities as null, and -0 as 0 (which === already equates).
      return Number.isFinite(live) ? live === recorded : recorded === null;
    case 'boolean':
      return live === recorded;
    case 'bigint':
      throw new Error('JSON has no bigint');
  }
  if (live === null) return recorded === null;
  if (live instanceof Number || live instanceof String || live instanceof Boolean) throw new Error('a boxed primitive');
  if (recorded === null || typeof recorded !== 'object') return false;
  if (Array.isArray(live)) {
    if (!Array.isArray(recorded) || recorded.length !== live.length) return false;
    for (let index = 0; index < live.length; index += 1) {
      const entry = asJson(live[index]);
      if (omitted(entry) ? recorded[index] !== null : !sameAsRecorded(entry, recorded[index], depth + 1, secret, redactor)) return false;
    }
    return true;
  }
  if (Array.isArray(recorded)) return false;
  const own = live as Record<string, unknown>;
  const kept = recorded as Record<string, unknown>;
  let fields = 0;
  for (const key of Object.keys(own)) {
    const field = asJson(own[key]);
    if (omitted(field)) continue;
    fields += 1;
    if (!Object.hasOwn(kept, key) || !sameAsRecorded(field, kept[key], depth + 1, redactor.secretField(key, own), redactor)) return false;
  }
  return fields === Object.keys(kept).length;
}
