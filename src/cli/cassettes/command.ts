/** `agents-testkit cassettes <check|prune|status>`: argument reading, output (text or `--json`) and exit codes. */
import type { CliIO } from '../io';
import { parseCassettesArgs } from './args';
import { printCheck, runCheck } from './check';
import { printPrune, runPrune } from './prune';
import { printStatus, runStatus } from './status';

export const CASSETTES_USAGE = `Usage: agents-testkit cassettes check <dir|file…> --report <runner.json> [--json]
       agents-testkit cassettes prune <dir|file…> --report <runner.json> [--dry-run] [--json]
       agents-testkit cassettes status <dir|file…> [--json]

Cassettes at scale, for CI. Directories are read for *.json recordings (cassette() and mcpCassette() files).
  check    fails (exit 1) on an invalid file, a leftover partial, lock or temporary file, or a conversation
           that belongs to no test of the report though the report shows its test file ran
  prune    removes the conversations check calls orphaned; --dry-run lists them (exit 1 when there are some).
           A conversation whose test file the report does not show running is kept and listed as unknown
  status   each file's conversations: calls, when recorded, with which @openai/agents version and model
  --report the runner's JSON report (repeatable, e.g. one per shard): vitest run --reporter=json --outputFile=report.json,
           or jest --json --outputFile=report.json; run the command from the project root
  --json   prints the result as JSON on stdout
Exit codes: 0 ok, 1 findings, 2 bad usage or an unreadable report.
`;

export function cassettesCommand(args: readonly string[], io: CliIO): number {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    (sub === undefined ? io.stderr : io.stdout).write(CASSETTES_USAGE);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'check' && sub !== 'prune' && sub !== 'status') return usage(io, `unknown cassettes command "${sub}" (check, prune or status).`);
  const parsed = parseCassettesArgs(rest, sub === 'check' ? ['report', 'json'] : sub === 'prune' ? ['report', 'json', 'dry-run'] : ['json']);
  if ('help' in parsed) {
    io.stdout.write(CASSETTES_USAGE);
    return 0;
  }
  if ('problem' in parsed) return usage(io, parsed.problem);
  const json = (value: unknown): void => void io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  try {
    if (sub === 'check') {
      const result = runCheck(parsed.targets, parsed.reports);
      if (parsed.json) json(result);
      else printCheck(result, io);
      return result.ok ? 0 : 1;
    }
    if (sub === 'prune') {
      const result = runPrune(parsed.targets, parsed.reports, parsed.dryRun);
      if (parsed.json) json(result);
      else printPrune(result, io);
      return parsed.dryRun && result.removed.length > 0 ? 1 : 0;
    }
    const result = runStatus(parsed.targets);
    if (parsed.json) json(result);
    else printStatus(result, io);
    return result.invalid.length > 0 || result.missing.length > 0 ? 1 : 0;
  } catch (error) {
    io.stderr.write(`agents-testkit cassettes ${sub}: ${(error as Error).message}.\n`);
    return 2;
  }
}

function usage(io: CliIO, problem: string): number {
  io.stderr.write(`agents-testkit: ${problem}\n\n${CASSETTES_USAGE}`);
  return 2;
}
