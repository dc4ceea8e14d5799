import type { AgentInputItem } from '@openai/agents';
import { brief } from '../format/brief';
import { describeInputItem } from '../format/modelInput';
import type { RecordedRequest, RequestField } from './cassetteFile';

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
  return `${what} changed: ${brief(before, 80)} → ${brief(after, 80)}`;
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
  return `input item ${index + 1} changed: ${describe(a[index])} → ${describe(b[index])}${more}`;
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
  return item === undefined ? '(nothing)' : describeInputItem(item);
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
    else found.push(`${label}: ${brief(a, 60)} → ${brief(b, 60)}`);
  };
  walk(before, after, '');
  return found.length > MAX_PATHS ? [...found.slice(0, MAX_PATHS), 'and more'] : found;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Equal as JSON, whatever the key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isRecord(inner) ? Object.fromEntries(Object.keys(inner).sort().map((key) => [key, inner[key]])) : inner,
  ) ?? 'undefined';
}
