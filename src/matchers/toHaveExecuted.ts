import { printExpected, printReceived } from './matcherUtils';
import { closest } from '../format/closest';
import type { Matcher } from './context';
import { hint, invalidExpected, listed } from './messages';
import { readSandbox, type CommandRecord, type SandboxView } from './sandboxRecord';

/** A command ran in the sandbox: the exact command, or one matching a RegExp. */
export const toHaveExecuted: Matcher<[command: unknown]> = function toHaveExecuted(received, command) {
  const hintLine = hint(this, 'toHaveExecuted', 'command');
  if (!(command instanceof RegExp) && (typeof command !== 'string' || command.trim() === '')) {
    throw invalidExpected(hintLine, 'a non-empty command string or a RegExp', command, 'Command');
  }
  const expected = command as string | RegExp;
  const view = readSandbox(received, hintLine, 'commands');
  const matches = (text: string): boolean => {
    if (typeof expected === 'string') return text === expected;
    expected.lastIndex = 0;
    return expected.test(text);
  };
  const matching = view.commands.flatMap((record, index) => (record.ran && matches(record.command) ? [index] : []));
  const pass = matching.length > 0;
  const wanted = typeof expected === 'string' ? `the command ${printExpected(expected)}` : `a command matching ${printExpected(expected)}`;

  const message = (): string => {
    const lines = [hintLine, ''];
    if (pass) {
      lines.push(`Expected: ${wanted} not to run`, `Received: it ran ${matching.length === 1 ? 'once' : `${matching.length} times`}`);
    } else {
      lines.push(`Expected: ${wanted} to run`, `Received: ${missing(view, expected, matches)}`);
    }
    lines.push('', listCommands(view, new Set(matching)));
    return lines.join('\n');
  };
  return { pass, message };
};

function missing(view: SandboxView, command: string | RegExp, matches: (text: string) => boolean): string {
  if (view.commands.length === 0) return 'no command ran';
  if (view.commands.some((record) => !record.ran && matches(record.command))) {
    return 'the command came, but the script did not plan it, so it did not run';
  }
  const suggestion = typeof command === 'string' ? closest(command, view.commands.map((record) => record.command)) : undefined;
  return `no such command ran${suggestion ? ` (did you mean ${printReceived(suggestion)}?)` : ''}`;
}

/** The numbered commands the session received, matching ones marked, with the count. */
function listCommands(view: SandboxView, marked: ReadonlySet<number>): string {
  if (view.commands.length === 0) return `${view.label} received no commands.${view.note ? `\n${view.note}` : ''}`;
  const entries = view.commands.map((record: CommandRecord) => `${record.command}${record.ran ? '' : '  (not run: the script did not plan it)'}`);
  const lines = listed(entries, 'command', marked);
  return [
    `Commands ${view.label} received:`,
    ...lines,
    '',
    `Number of commands: ${printReceived(view.commands.length)}`,
    ...(view.note ? [view.note] : []),
  ].join('\n');
}
