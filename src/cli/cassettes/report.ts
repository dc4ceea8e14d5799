/**
 * The tests a run declared, read from the runners' JSON reports (Vitest `--reporter=json`, Jest
 * `--json`): both write `testResults[].assertionResults[]` with `ancestorTitles` and `title`, which
 * joined by single spaces are the name a test's conversation is recorded under
 * (src/runner/coupling.ts `currentTest()`); and the test files that ran, `testResults[].name`.
 *
 * A file counts as run only when one of its tests passed or failed: a file that failed to load
 * (no tests), or whose every test was skipped or filtered out (`-t`), may have tests the report
 * does not list, so it proves nothing about the conversations its tests recorded.
 */
import { readFileSync } from 'node:fs';
import { projectPath } from '../../fakes/cassette/provenance';

export interface ReportTests {
  /** Every test's full name, skipped and todo tests included: they exist. */
  names: Set<string>;
  /** The test files that ran (a test of theirs passed or failed), as provenance names them (relative, `/`). */
  ran: Set<string>;
}

/** Reads the reports (their union); a problem with one is thrown as an `Error` naming the file. */
export function readReports(paths: readonly string[]): ReportTests {
  const tests: ReportTests = { names: new Set(), ran: new Set() };
  for (const path of paths) readReport(path, tests);
  return tests;
}

function readReport(path: string, into: ReportTests): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the report ${path}: ${(error as Error).message}`);
  }
  const files = (parsed as { testResults?: unknown } | null)?.testResults;
  if (!Array.isArray(files)) {
    throw new Error(`the report ${path} has no "testResults" list: write it with \`vitest run --reporter=json --outputFile=<file>\` or \`jest --json --outputFile=<file>\``);
  }
  let count = 0;
  for (const file of files as Array<Record<string, unknown>>) {
    const results = Array.isArray(file?.assertionResults) ? (file.assertionResults as Array<Record<string, unknown>>) : [];
    if (typeof file?.name === 'string' && results.some((result) => result?.status === 'passed' || result?.status === 'failed')) into.ran.add(projectPath(file.name));
    for (const result of results) {
      const name = fullNameOf(result);
      if (name !== undefined) {
        into.names.add(name);
        count += 1;
      }
    }
  }
  if (count === 0) throw new Error(`the report ${path} lists no tests: every conversation would look orphaned`);
}

/** `ancestorTitles` and `title` joined by spaces, as the kit names conversations; `fullName` when they are absent. */
function fullNameOf(result: Record<string, unknown>): string | undefined {
  const { ancestorTitles, title, fullName } = result;
  if (typeof title === 'string' && Array.isArray(ancestorTitles) && ancestorTitles.every((part) => typeof part === 'string')) {
    return [...(ancestorTitles as string[]), title].join(' ');
  }
  return typeof fullName === 'string' ? fullName : undefined;
}
