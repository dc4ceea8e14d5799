/**
 * `agents-testkit coverage merge`: the agent-coverage report of a sharded run, from the part each
 * shard's reporter wrote (Jest has no merge step of its own; Vitest's `--merge-reports` does it
 * without this command, though its shards' parts merge here too).
 */
import { parseArgs } from 'node:util';
import { thresholdError } from '../coverage/finishRun';
import { mergeParts, partFiles, readPart } from '../coverage/parts';
import { checkOptions, writeReport } from '../coverage/report';
import { CoverageMergeError } from '../errors/CoverageMergeError';
import { CoverageOptionsError } from '../errors/CoverageOptionsError';
import type { CliIO } from './io';
import { optionValue } from './optionValue';

export const COVERAGE_USAGE = `Usage: agents-testkit coverage merge <part|dir…> [--threshold <N | tools=N,approvals=N…>] [--output-dir <dir>] [--no-html]

Merges the agent coverage of a sharded run (jest --shard=<i>/<n>, or vitest run --shard=<i>/<n>): each shard's
reporter writes agent-coverage.shard-<i>-of-<n>.json into its outputDir; a folder stands for the parts in it.
Prints the table, writes agent-coverage.json and agent-coverage.html, and checks the threshold on the merged total.
  --threshold   the least coverage in percent: one for every measure, or per measure (tools, handoffs, guardrails, approvals)
  --output-dir  where the report goes (default: coverage/agents)
  --no-html     writes no agent-coverage.html
Exit codes: 0 ok, 1 under the threshold, 2 bad usage, or parts that do not make one whole run.
`;

const OPTIONS = {
  threshold: { type: 'string' },
  'output-dir': { type: 'string' },
  'no-html': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function coverageCommand(args: readonly string[], io: CliIO): number {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    (sub === undefined ? io.stderr : io.stdout).write(COVERAGE_USAGE);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'merge') return usage(io, `unknown coverage command "${sub}" (merge).`);
  const parsed = parseMergeArgs(rest);
  if ('help' in parsed) {
    io.stdout.write(COVERAGE_USAGE);
    return 0;
  }
  if ('problem' in parsed) return usage(io, parsed.problem);
  try {
    const options = checkOptions({ outputDir: parsed.outputDir ?? 'coverage/agents', html: parsed.html, ...(parsed.threshold === undefined ? {} : { threshold: parsed.threshold }) });
    const files = partFiles(parsed.targets);
    const graph = mergeParts(files.map((file) => ({ file, part: readPart(file) })));
    const { table, failures } = writeReport(options, graph);
    io.stdout.write(`${table}`);
    return thresholdError(failures, io) === undefined ? 0 : 1;
  } catch (error) {
    if (error instanceof CoverageOptionsError) return usage(io, error.message.replace(/^agents-testkit coverage reporter: /, '').replace(/^threshold/, '--threshold'));
    if (!(error instanceof CoverageMergeError)) throw error;
    io.stderr.write(`agents-testkit coverage merge: ${error.message.replace(/^agents-testkit coverage: /, '')}\n`);
    return 2;
  }
}

type MergeArgs = { targets: string[]; threshold?: number | Record<string, number>; outputDir?: string; html: boolean } | { help: true } | { problem: string };

function parseMergeArgs(args: readonly string[]): MergeArgs {
  const { tokens } = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  const parsed: { targets: string[]; threshold?: number | Record<string, number>; outputDir?: string; html: boolean } = { targets: [], html: true };
  for (const token of tokens) {
    if (token.kind === 'positional') parsed.targets.push(token.value);
    if (token.kind !== 'option') continue;
    if (token.name === 'help') return { help: true };
    if (token.name === 'no-html') {
      if (token.value !== undefined) return { problem: `${token.rawName} takes no value.` };
      parsed.html = false;
      continue;
    }
    if (token.name !== 'threshold' && token.name !== 'output-dir') return { problem: `unknown option "${token.rawName}".` };
    const value = optionValue(token);
    if (value === undefined) return { problem: `${token.rawName} needs a value.` };
    if (token.name === 'output-dir') parsed.outputDir = value;
    else {
      const threshold = readThreshold(value);
      if (threshold === undefined) return { problem: `--threshold takes a percentage (80) or measures with percentages (tools=80,approvals=100); got "${value}".` };
      parsed.threshold = threshold;
    }
  }
  if (parsed.targets.length === 0) return { problem: 'give the shards\' part files (agent-coverage.shard-<i>-of-<n>.json), or the folder they were gathered in.' };
  return parsed;
}

/** `80`, or `tools=80,approvals=100`; the figures are checked as the reporters' option is. */
function readThreshold(text: string): number | Record<string, number> | undefined {
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const entries = text.split(',').map((pair) => /^([a-z]+)=(\d+(?:\.\d+)?)$/.exec(pair.trim()));
  if (entries.some((entry) => entry === null)) return undefined;
  return Object.fromEntries(entries.map((entry) => [entry![1], Number(entry![2])]));
}

function usage(io: CliIO, problem: string): number {
  io.stderr.write(`agents-testkit coverage: ${problem}\n\n${COVERAGE_USAGE}`);
  return 2;
}
