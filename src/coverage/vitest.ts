import { beginRun, checkOptions, endRun, type CheckedOptions, type CoverageReporterOptions } from './report';

/**
 * Agent-graph coverage for Vitest: `reporters: ['default', ['agents-testkit/coverage/vitest', { threshold: 80 }]]`.
 * Prints a table when the run ends, writes `agent-coverage.json` (and `.html`), and fails the run
 * under the threshold.
 */
export default class AgentCoverageReporter {
  readonly #options: CheckedOptions;

  constructor(options?: CoverageReporterOptions) {
    this.#options = checkOptions(options);
    // Vitest builds reporters before it starts its workers, which inherit the variable.
    beginRun(this.#options);
  }

  onTestRunEnd(): void {
    const { table, failures } = endRun(this.#options);
    process.stdout.write(`\n${table}`);
    if (failures.length > 0) {
      process.stderr.write(`\nagents-testkit: agent coverage is under its threshold:\n${failures.map((line) => `  ${line}`).join('\n')}\n`);
      process.exitCode = 1;
    }
  }
}

export type { CoverageReporterOptions };
