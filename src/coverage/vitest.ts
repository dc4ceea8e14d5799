import { finishRun } from './finishRun';
import { beginRun, checkOptions, type CheckedOptions, type CoverageReporterOptions } from './report';

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
    // Vitest reads no error off a reporter: the exit code fails the run.
    if (finishRun(this.#options) !== undefined) process.exitCode = 1;
  }
}

export type { CoverageReporterOptions };
