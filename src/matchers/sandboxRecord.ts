import { printReceived } from './matcherUtils';
import { invalidReceived, listed } from './messages';
import { brief } from '../format/brief';
import { ledgerOf } from '../fakes/core/ledger';
import type { SandboxRecord } from '../fakes/sandbox/SandboxDouble';
import type { FileWrite } from '../fakes/sandbox/workspace';

/** One `execCommand` call the session received (set-up calls left out). */
export interface CommandRecord {
  command: string;
  /** A step answered it; `false` for a call the script did not plan. */
  ran: boolean;
}

/** What the sandbox matchers read off a session. */
export interface SandboxView {
  label: string;
  commands: CommandRecord[];
  /** The files patches wrote; `undefined` for the SDK's session, which has no editor of its own. */
  writes: readonly FileWrite[] | undefined;
  /** A caveat the messages repeat, for a session that cannot tell everything. */
  note: string | undefined;
}

interface SdkSessionShape {
  calls: readonly { method: string; args: readonly unknown[] }[];
  remainingSteps: number;
  assertComplete: unknown;
}

/**
 * Reads a `sandbox()` script or the SDK's `scriptedSandboxSession()` (recognised by shape, as
 * the SDK's CJS and ESM builds are different classes), or throws the runner-style matcher error.
 */
export function readSandbox(received: unknown, hint: string, needs: 'commands' | 'files'): SandboxView {
  const record = sandboxRecordOf(received);
  if (record) {
    return { label: record.label, commands: commandsOf(record.calls), writes: record.writes, note: undefined };
  }
  if (needs === 'commands' && isSdkSession(received)) {
    return {
      label: 'scriptedSandboxSession()',
      commands: commandsOf(received.calls.map((call) => ({ ...call, setup: false, mismatch: false }))),
      writes: undefined,
      note: 'scriptedSandboxSession() does not record whether a step accepted a command, so every command it received counts.',
    };
  }
  const what =
    needs === 'commands'
      ? 'a sandbox() script or the SDK\'s scriptedSandboxSession()'
      : "a sandbox() script (the SDK's scriptedSandboxSession() has no editor, so it cannot tell which files a patch wrote)";
  throw invalidReceived(hint, what, received);
}

function sandboxRecordOf(value: unknown): SandboxRecord | undefined {
  const ledger = ledgerOf<SandboxRecord>(value);
  return ledger?.kind === 'sandbox' ? ledger.view() : undefined;
}

function isSdkSession(value: unknown): value is SdkSessionShape {
  const candidate = value as Partial<SdkSessionShape> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    Array.isArray(candidate.calls) &&
    typeof candidate.remainingSteps === 'number' &&
    typeof candidate.assertComplete === 'function'
  );
}

function commandsOf(calls: readonly { method: string; args: readonly unknown[]; setup: boolean; mismatch: boolean }[]): CommandRecord[] {
  return calls.flatMap((call) => {
    if (call.method !== 'execCommand' || call.setup) return [];
    const cmd = (call.args[0] as { cmd?: unknown } | undefined)?.cmd;
    return typeof cmd === 'string' ? [{ command: cmd, ran: !call.mismatch }] : [];
  });
}

/** The numbered file operations patches applied, marked ones flagged, with the count. */
export function listWrites(view: SandboxView, marked: ReadonlySet<number> = new Set()): string {
  const writes = view.writes ?? [];
  if (writes.length === 0) return `${view.label} applied no patches.`;
  const lines = listed(writes.map(describeWrite), 'file operation', marked);
  return [`Patches ${view.label} applied:`, ...lines, '', `Number of file operations: ${printReceived(writes.length)}`].join('\n');
}

/** `create_file "hello.txt": "Hello"`, `update_file "a.ts" → "b.ts" (content unknown)`. */
export function describeWrite(write: FileWrite): string {
  const target = write.moveTo === undefined ? '' : ` → ${JSON.stringify(write.moveTo)}`;
  const head = `${write.type} ${JSON.stringify(write.path)}${target}`;
  if (write.type === 'delete_file') return head;
  return write.content === undefined ? `${head} (content unknown)` : `${head}: ${brief(write.content, 50)}`;
}

/** The path a write leaves a file at: the target of a move, otherwise its path. */
export function writtenPath(write: FileWrite): string {
  return write.moveTo ?? write.path;
}
