import { brief } from '../../format/brief';
import type { ScriptedMethod } from './plan';

// Apart from the plan so that reports (which the matchers, loaded in every test file, make) name
// calls without loading the sandbox double's plan.

/** The verb a method is scripted with, where it differs from the method's name. */
const VERB_OF: Partial<Record<ScriptedMethod, string>> = { execCommand: 'exec' };

/** The argument messages name a call by: the command, the path, the characters sent. */
const PRIMARY: Partial<Record<ScriptedMethod, (args: readonly unknown[]) => unknown>> = {
  execCommand: (args) => field(args[0], 'cmd'),
  readFile: (args) => field(args[0], 'path'),
  listDir: (args) => field(args[0], 'path'),
  viewImage: (args) => field(args[0], 'path'),
  writeStdin: (args) => field(args[0], 'chars') ?? '',
  pathExists: (args) => args[0],
  directoryExists: (args) => args[0],
  createFile: (args) => field(args[0], 'path'),
  updateFile: (args) => field(args[0], 'path'),
  deleteFile: (args) => field(args[0], 'path'),
};

/** A call in script terms: `exec "ls"`, `readFile "notes.md"`, `createEditor()`. */
export function describeCall(method: ScriptedMethod, args: readonly unknown[]): string {
  const primary = PRIMARY[method]?.(args);
  if (primary !== undefined) {
    const session = method === 'writeStdin' ? field(args[0], 'sessionId') : undefined;
    return `${VERB_OF[method] ?? method} ${brief(primary, 60)}${session === undefined ? '' : ` to session ${brief(session)}`}`;
  }
  let shown = args.length;
  while (shown > 0 && args[shown - 1] === undefined) shown -= 1;
  return `${method}(${args.slice(0, shown).map((arg) => brief(arg, 40)).join(', ')})`;
}

/** The verb a method is scripted with: `exec` for `execCommand`, otherwise the method's name. */
export function verbOf(method: ScriptedMethod): string {
  return VERB_OF[method] ?? method;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
