import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { callsOf, cassetteToScript } from '../codegen/cassetteToScript';
import { loadCassette } from '../fakes/cassette/store';
import { CASSETTES_USAGE, cassettesCommand } from './cassettes/command';
import { COVERAGE_USAGE, coverageCommand } from './coverage';
import type { CliIO } from './io';
import { optionValue } from './optionValue';

export type { CliIO } from './io';

const USAGE = `Usage: agents-testkit codegen <cassette.json> [--conversation <name>] [--name <identifier>] [--import <module>]

Prints the model() script that plays a cassette's recorded calls, for a hand-editable test.
  --conversation  the recorded conversation (a test's full name) to print; needed when the file holds several
  --name          the exported constant (default: from the file name, weather.json → weatherModel)
  --import        the module model() is imported from (default: agents-testkit)
Options take their value as --name weatherModel or --name=weatherModel.

${CASSETTES_USAGE}
${COVERAGE_USAGE}`;

/** The `agents-testkit` command. Returns the exit code: 0 done, 1 a bad cassette, findings or coverage under its threshold, 2 bad usage. */
export function main(argv: readonly string[], io: CliIO): number {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command === undefined ? io.stderr : io.stdout).write(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command === 'cassettes') return cassettesCommand(rest, io);
  if (command === 'coverage') return coverageCommand(rest, io);
  if (command !== 'codegen') return usageError(io, `unknown command "${command}".`);

  const parsed = parseCodegenArgs(rest);
  if ('help' in parsed) {
    io.stdout.write(USAGE);
    return 0;
  }
  if ('problem' in parsed) return usageError(io, parsed.problem);
  const { positional, flags } = parsed;
  if (positional.length !== 1) return usageError(io, `codegen takes one cassette file; got ${positional.length}.`);
  if (flags.name !== undefined && !/^[A-Za-z_$][\w$]*$/.test(flags.name)) {
    return usageError(io, `--name must be a JavaScript identifier; got "${flags.name}".`);
  }

  const source = positional[0] as string;
  const loaded = loadCassette(resolve(source));
  if (loaded.state !== 'ok') {
    const problem = loaded.state === 'missing' ? 'the file does not exist' : loaded.problem;
    io.stderr.write(`agents-testkit codegen: cannot read the cassette ${source}: ${problem}.\n`);
    return 1;
  }
  try {
    callsOf(loaded.cassette, flags.conversation);
  } catch (error) {
    io.stderr.write(`agents-testkit codegen: ${source}: ${(error as Error).message}; pass --conversation <name>.\n`);
    return 1;
  }
  io.stdout.write(
    cassetteToScript(loaded.cassette, {
      source,
      ...(flags.name === undefined ? {} : { name: flags.name }),
      ...(flags.import === undefined ? {} : { importFrom: flags.import }),
      ...(flags.conversation === undefined ? {} : { conversation: flags.conversation }),
    }),
  );
  return 0;
}

function usageError(io: CliIO, problem: string): number {
  io.stderr.write(`agents-testkit: ${problem}\n\n${USAGE}`);
  return 2;
}

const OPTIONS = {
  name: { type: 'string' },
  conversation: { type: 'string' },
  import: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What `codegen`'s arguments ask for, or the first problem with them, in the usage's words. */
export type CodegenArgs =
  | { positional: string[]; flags: { name?: string; import?: string; conversation?: string } }
  | { help: true }
  | { problem: string };

/**
 * Reads `codegen`'s arguments with `node:util`'s `parseArgs`: `--name value` and `--name=value`
 * alike. Its tokens are read rather than its strict mode's errors, whose wording belongs to Node.
 */
export function parseCodegenArgs(args: readonly string[]): CodegenArgs {
  const { tokens } = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  const positional: string[] = [];
  const flags: { name?: string; import?: string; conversation?: string } = {};
  for (const token of tokens) {
    if (token.kind === 'positional') positional.push(token.value);
    if (token.kind !== 'option') continue;
    if (token.name === 'help') {
      if (token.value !== undefined) return { problem: `${token.rawName} takes no value.` };
      return { help: true };
    }
    if (token.name !== 'name' && token.name !== 'import' && token.name !== 'conversation') return { problem: `unknown option "${token.rawName}".` };
    // Without strict mode, `--name --import x` would take "--import" for the name.
    const value = optionValue(token);
    if (value === undefined) return { problem: `${token.rawName} needs a value.` };
    if (flags[token.name] !== undefined) return { problem: `${token.rawName} is given twice.` };
    flags[token.name] = value;
  }
  return { positional, flags };
}
