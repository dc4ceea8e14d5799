import { finishRun } from './finishRun';
import { beginRun, checkOptions, type CheckedOptions, type CoverageReporterOptions } from './report';

/**
 * Agent-graph coverage for Jest: `reporters: ['default', ['agents-testkit/coverage/jest', { threshold: 80 }]]`.
 * Prints a table when the run ends, writes `agent-coverage.json` (and `.html`), and fails the run
 * under the threshold.
 */
export default class AgentCoverageReporter {
  readonly #options: CheckedOptions;
  #error: Error | undefined;

  /** Jest passes its global config first and the reporter's options second. */
  constructor(_globalConfig?: unknown, options?: CoverageReporterOptions) {
    this.#options = checkOptions(options);
    // Jest builds reporters before it starts its workers, which inherit the variable.
    beginRun(this.#options);
  }

  onRunComplete(): void {
    this.#error = finishRun(this.#options);
  }

  /** Jest fails the run when a reporter has an error to give. */
  getLastError(): Error | undefined {
    return this.#error;
  }
}

export type { CoverageReporterOptions };
