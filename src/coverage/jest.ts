import { finishRun } from './finishRun';
import type { Shard } from './parts';
import { beginRun, checkOptions, type CheckedOptions, type CoverageReporterOptions } from './report';

/**
 * Agent-graph coverage for Jest: `reporters: ['default', ['agents-testkit/coverage/jest', { threshold: 80 }]]`.
 * Prints a table when the run ends, writes `agent-coverage.json` (and `.html`), and fails the run
 * under the threshold. Under `jest --shard=2/3` it writes that shard's part instead
 * (`agent-coverage.shard-2-of-3.json` in its outputDir), for `agents-testkit coverage merge`:
 * Jest has no merge step of its own.
 */
export default class AgentCoverageReporter {
  readonly #options: CheckedOptions;
  readonly #shard: Shard | undefined;
  #error: Error | undefined;

  /** Jest passes its global config first and the reporter's options second. */
  constructor(globalConfig?: { shard?: { shardIndex?: unknown; shardCount?: unknown } | null }, options?: CoverageReporterOptions) {
    this.#options = checkOptions(options);
    const shard = globalConfig?.shard;
    this.#shard = typeof shard?.shardIndex === 'number' && typeof shard.shardCount === 'number' ? { index: shard.shardIndex, count: shard.shardCount } : undefined;
    // Jest builds reporters before it starts its workers, which inherit the variable.
    beginRun(this.#options);
  }

  onRunComplete(): void {
    this.#error = finishRun(this.#options, this.#shard === undefined ? {} : { shard: this.#shard });
  }

  /** Jest fails the run when a reporter has an error to give. */
  getLastError(): Error | undefined {
    return this.#error;
  }
}

export type { CoverageReporterOptions };
