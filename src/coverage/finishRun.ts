import { endRun, type CheckedOptions } from './report';

/**
 * What both reporters do when the run ends (Vitest's `onTestRunEnd`, Jest's `onRunComplete`):
 * print the table, and under the threshold say why on stderr and return the error. How a failed
 * threshold then fails the run is each runner's own.
 */
export function finishRun(options: CheckedOptions): Error | undefined {
  const { table, failures } = endRun(options);
  process.stdout.write(`\n${table}`);
  if (failures.length === 0) return undefined;
  const error = new Error(`agents-testkit: agent coverage is under its threshold:\n${failures.map((line) => `  ${line}`).join('\n')}`);
  process.stderr.write(`\n${error.message}\n`);
  return error;
}
