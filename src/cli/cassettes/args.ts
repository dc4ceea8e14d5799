import { parseArgs } from 'node:util';
import { optionValue } from '../optionValue';

/** What a `cassettes` subcommand's arguments ask for, or the first problem with them. */
export type CassettesArgs = { targets: string[]; reports: string[]; json: boolean; dryRun: boolean } | { help: true } | { problem: string };

const OPTIONS = {
  report: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Reads `cassettes check|prune|status` arguments from parseArgs' tokens, as `codegen` does:
 * `--report file` and `--report=file` alike, `--report` repeatable; `allowed` are the options the
 * subcommand takes.
 */
export function parseCassettesArgs(args: readonly string[], allowed: ReadonlyArray<'report' | 'json' | 'dry-run'>): CassettesArgs {
  const { tokens } = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  const parsed = { targets: [] as string[], reports: [] as string[], json: false, dryRun: false };
  for (const token of tokens) {
    if (token.kind === 'positional') parsed.targets.push(token.value);
    if (token.kind !== 'option') continue;
    if (token.name === 'help') return { help: true };
    if (!(allowed as readonly string[]).includes(token.name)) return { problem: `unknown option "${token.rawName}".` };
    if (token.name === 'report') {
      const value = optionValue(token);
      if (value === undefined) return { problem: `${token.rawName} needs a value (the runner's JSON report).` };
      parsed.reports.push(value);
      continue;
    }
    if (token.value !== undefined) return { problem: `${token.rawName} takes no value.` };
    if (token.name === 'json') parsed.json = true;
    else parsed.dryRun = true;
  }
  if (parsed.targets.length === 0) return { problem: 'give the cassette directories or files to read.' };
  if (allowed.includes('report') && parsed.reports.length === 0) {
    return { problem: '--report <file> is needed: the JSON report of the run whose tests own the conversations (vitest run --reporter=json --outputFile=report.json, or jest --json --outputFile=report.json).' };
  }
  return parsed;
}
