import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { CoverageOptionsError } from '../errors/CoverageOptionsError';
import { COVERAGE_ENV } from './env';
import { MEASURES, mergeGraphs, percent, sortGraph, summarizeAgent, summarizeGraph, type CoverageSummary, type GraphCoverage, type Measure } from './graph';
import { partOf, shardPartName, type Shard } from './parts';

/** What both coverage reporters take. */
export interface CoverageReporterOptions {
  /** Where `agent-coverage.json` (and the HTML page) go; default `coverage/agents`, from the working directory. */
  outputDir?: string;
  /**
   * The least coverage in percent, over every agent: one figure for every measure, or one per
   * measure (`{ tools: 80, approvals: 100 }`). Below it, the run fails, as code-coverage thresholds do.
   */
  threshold?: number | Partial<Record<Measure, number>>;
  /** Also write `agent-coverage.html`; default `true`. */
  html?: boolean;
}

export interface CheckedOptions {
  outputDir: string;
  threshold: Partial<Record<Measure, number>>;
  html: boolean;
}

const KNOWN = new Set(['outputDir', 'threshold', 'html']);

export function checkOptions(options: unknown): CheckedOptions {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object' || Array.isArray(options)) throw new CoverageOptionsError('the options', 'an object like { threshold: 80 }', options);
  const given = options as Record<string, unknown>;
  for (const key of Object.keys(given)) if (!KNOWN.has(key)) throw new CoverageOptionsError(key, `one of ${[...KNOWN].join(', ')} (not an option of this reporter)`, given[key]);
  const { outputDir = 'coverage/agents', threshold, html = true } = given;
  if (typeof outputDir !== 'string' || outputDir.trim() === '') throw new CoverageOptionsError('outputDir', 'a folder path', outputDir);
  if (typeof html !== 'boolean') throw new CoverageOptionsError('html', 'true or false', html);
  return { outputDir: resolve(outputDir), threshold: checkThreshold(threshold), html };
}

function checkThreshold(threshold: unknown): Partial<Record<Measure, number>> {
  if (threshold === undefined) return {};
  if (typeof threshold === 'number') {
    checkPercent('threshold', threshold);
    return Object.fromEntries(MEASURES.map((measure) => [measure, threshold]));
  }
  if (typeof threshold !== 'object' || threshold === null || Array.isArray(threshold)) throw new CoverageOptionsError('threshold', `a percentage, or { ${MEASURES.join(', ')} } of percentages`, threshold);
  const checked: Partial<Record<Measure, number>> = {};
  for (const [key, value] of Object.entries(threshold)) {
    if (!(MEASURES as readonly string[]).includes(key)) throw new CoverageOptionsError(`threshold.${key}`, `one of ${MEASURES.join(', ')} (not a measure)`, value);
    checkPercent(`threshold.${key}`, value);
    checked[key as Measure] = value as number;
  }
  return checked;
}

function checkPercent(option: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) throw new CoverageOptionsError(option, 'a percentage from 0 to 100', value);
}

function partsDir(options: CheckedOptions): string {
  return join(options.outputDir, '.parts');
}

/** Called when the runner builds the reporter, before any worker starts: the workers inherit where to write. */
export function beginRun(options: CheckedOptions): void {
  rmSync(partsDir(options), { recursive: true, force: true });
  mkdirSync(partsDir(options), { recursive: true });
  process.env[COVERAGE_ENV] = partsDir(options);
}

/** What the end of a run found. */
export interface CoverageResult {
  graph: GraphCoverage;
  summary: CoverageSummary;
  /** The table printed at the end of the run. */
  table: string;
  /** One line per measure under its threshold; empty when every threshold is met. */
  failures: string[];
}

/** Merges what every test file of this run wrote (and removes the files). */
export function takeRunParts(options: CheckedOptions): GraphCoverage {
  const dir = partsDir(options);
  const graph: GraphCoverage = {};
  if (existsSync(dir)) {
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.json')).sort()) {
      mergeGraphs(graph, (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { graph: GraphCoverage }).graph);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  return graph;
}

/**
 * Writes the JSON (and HTML) files of a graph, and checks the thresholds: a whole run's, or the
 * merge of a sharded run's parts. Keys are put in order first, so the files and the table are the
 * same byte for byte whichever order the test files (or the shards) ended in.
 */
export function writeReport(options: CheckedOptions, merged: GraphCoverage, cwd = process.cwd()): CoverageResult {
  const graph = sortGraph(merged);
  const summary = summarizeGraph(graph);
  const failures = MEASURES.flatMap((measure) => {
    const least = options.threshold[measure];
    const value = percent(summary[measure]);
    return least !== undefined && value < least ? [`${measure}: ${format(value)}% is under the threshold of ${least}%`] : [];
  });
  const json = join(options.outputDir, 'agent-coverage.json');
  writeAtomically(json, `${JSON.stringify({ summary, agents: graph }, null, 2)}\n`);
  const files = [relative(cwd, json)];
  if (options.html) {
    const html = join(options.outputDir, 'agent-coverage.html');
    writeAtomically(html, renderHtml(graph, summary));
    files.push(relative(cwd, html));
  }
  return { graph, summary, table: `${renderTable(graph, summary)}\nWritten: ${files.join(', ')}\n`, failures };
}

/** Writes a shard's part into the output folder, for `agents-testkit coverage merge`; returns its path. */
export function writeShardPart(options: CheckedOptions, graph: GraphCoverage, shard: Shard): string {
  const file = join(options.outputDir, shardPartName(shard));
  writeAtomically(file, `${JSON.stringify(partOf(sortGraph(graph), shard), null, 2)}\n`);
  return file;
}

function writeAtomically(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

function format(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function cell(ratio: { exercised: number; offered: number }): string {
  return ratio.offered === 0 ? '-' : `${ratio.exercised}/${ratio.offered}`;
}

/**
 * ```
 * Agent coverage
 * agent     tools  handoffs  guardrails  approvals  never exercised
 * Triage    1/2    1/2       0/1         -          tools: refund; handoffs: Billing; guardrails: no_spam
 * all       …
 * ```
 */
export function renderTable(graph: GraphCoverage, summary: CoverageSummary): string {
  const rows = Object.keys(graph)
    .sort()
    .map((agent) => {
      const of = summarizeAgent(graph[agent]!);
      const missed = MEASURES.flatMap((measure) => (of[measure].missed.length === 0 ? [] : [`${measure}: ${of[measure].missed.join(', ')}`])).join('; ');
      return [agent, ...MEASURES.map((measure) => cell(of[measure])), missed];
    });
  const total = ['all', ...MEASURES.map((measure) => `${cell(summary[measure])}${summary[measure].offered === 0 ? '' : ` (${format(percent(summary[measure]))}%)`}`), ''];
  const table = [['agent', ...MEASURES, 'never exercised'], ...rows, total];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  const lines = table.map((row) => row.map((text, column) => (column === row.length - 1 ? text : text.padEnd(widths[column]!))).join('  ').trimEnd());
  return ['Agent coverage', ...lines].join('\n');
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] as string);
}

function renderHtml(graph: GraphCoverage, summary: CoverageSummary): string {
  const head = `<tr><th>agent</th>${MEASURES.map((measure) => `<th>${measure}</th>`).join('')}<th>never exercised</th></tr>`;
  const rows = Object.keys(graph)
    .sort()
    .map((agent) => {
      const of = summarizeAgent(graph[agent]!);
      const missed = MEASURES.flatMap((measure) => of[measure].missed.map((name) => `${measure}: ${name}`));
      return `<tr><td>${escape(agent)}</td>${MEASURES.map((measure) => `<td>${cell(of[measure])}</td>`).join('')}<td>${missed.map(escape).join('<br>')}</td></tr>`;
    });
  const total = `<tr><th>all</th>${MEASURES.map((measure) => `<th>${cell(summary[measure])}</th>`).join('')}<th></th></tr>`;
  return `<!doctype html><meta charset="utf-8"><title>Agent coverage</title><style>td,th{padding:2px 8px;text-align:left;vertical-align:top}</style><h1>Agent coverage</h1><table>${head}${rows.join('')}${total}</table>\n`;
}
