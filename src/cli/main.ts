import { resolve } from 'node:path';
import { callsOf, cassetteToScript } from '../codegen/cassetteToScript';
import { loadCassette } from '../fakes/cassetteStore';

/** Where the command writes; `process` fits, and tests pass a buffer. */
export interface CliIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

const USAGE = `Usage: agents-testkit codegen <cassette.json> [--conversation <name>] [--name <identifier>] [--import <module>]

Prints the model() script that plays a cassette's recorded calls, for a hand-editable test.
  --conversation  the recorded conversation (a test's full name) to print; needed when the file holds several
  --name          the exported constant (default: from the file name, weather.json → weatherModel)
  --import        the module model() is imported from (default: agents-testkit)
`;

/** The `agents-testkit` command. Returns the exit code: 0 done, 1 a bad cassette, 2 bad usage. */
export function main(argv: readonly string[], io: CliIO): number {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command === undefined ? io.stderr : io.stdout).write(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command !== 'codegen') return usageError(io, `unknown command "${command}".`);

  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index] as string;
    if (arg === '--help' || arg === '-h') {
      io.stdout.write(USAGE);
      return 0;
    }
    if (arg === '--name' || arg === '--import' || arg === '--conversation') {
      const value = rest[index + 1];
      if (value === undefined || value.startsWith('--')) return usageError(io, `${arg} needs a value.`);
      flags[arg.slice(2)] = value;
      index += 1;
    } else if (arg.startsWith('--')) {
      return usageError(io, `unknown option "${arg}".`);
    } else {
      positional.push(arg);
    }
  }
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
