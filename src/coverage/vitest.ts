import { CoverageMergeError } from '../errors/CoverageMergeError';
import { finishRun } from './finishRun';
import { resolve } from 'node:path';
import { checkBlobShards, mergeFileCoverage, type Shard } from './parts';
import { beginRun, checkOptions, type CheckedOptions, type CoverageReporterOptions } from './report';

/**
 * Agent-graph coverage for Vitest: `reporters: ['default', ['agents-testkit/coverage/vitest', { threshold: 80 }]]`.
 * Prints a table when the run ends, writes `agent-coverage.json` (and `.html`), and fails the run
 * under the threshold. Sharded (`vitest run --shard=1/3 --reporter=blob --reporter=agents-testkit/coverage/vitest`),
 * each test file's coverage rides in its meta, which blob reports keep; `vitest --merge-reports`
 * then builds the reporter once more, and it reports the merged total.
 */
export default class AgentCoverageReporter {
  readonly #options: CheckedOptions;
  #shard: Shard | undefined;
  /** The folder of blob reports `--merge-reports` reads, when it merges. */
  #merging: string | undefined;

  constructor(options?: CoverageReporterOptions) {
    this.#options = checkOptions(options);
    // Vitest builds reporters before it starts its workers, which inherit the variable.
    beginRun(this.#options);
  }

  /** Vitest's public config says whether this run is a shard (`--shard`) or merges shards (`--merge-reports`). */
  onInit(vitest: { config?: { shard?: { index?: unknown; count?: unknown }; mergeReports?: unknown; root?: unknown } }): void {
    const { shard, mergeReports, root } = vitest?.config ?? {};
    if (typeof shard?.index === 'number' && typeof shard.count === 'number') this.#shard = { index: shard.index, count: shard.count };
    if (typeof mergeReports === 'string' && mergeReports !== '') this.#merging = resolve(typeof root === 'string' ? root : process.cwd(), mergeReports);
  }

  onTestRunEnd(testModules: readonly TestModuleLike[] = []): void {
    try {
      if (this.#merging !== undefined) checkBlobShards(this.#merging);
      const carried = this.#merging !== undefined ? mergeFileCoverage(testModules.filter(ran).map((module) => ({ file: module.moduleId ?? '?', meta: metaOf(module) }))) : undefined;
      const end = { ...(this.#shard === undefined ? {} : { shard: this.#shard }), ...(carried === undefined ? {} : { carried }), mergeHint: 'vitest --merge-reports merges the shards' };
      // Vitest reads no error off a reporter: the exit code fails the run.
      if (finishRun(this.#options, end) !== undefined) process.exitCode = 1;
    } catch (error) {
      if (!(error instanceof CoverageMergeError)) throw error;
      process.stderr.write(`\n${error.message}\n`);
      process.exitCode = 1;
    }
  }
}

/** The part of Vitest's reporter API (`TestModule`, Vitest 3+) the reporter reads. */
interface TestModuleLike {
  moduleId?: string;
  meta?: () => unknown;
  task?: { meta?: unknown };
  children?: { allTests?: () => Iterable<{ result?: () => { state?: unknown } | undefined }> };
}

function metaOf(module: TestModuleLike): unknown {
  return typeof module.meta === 'function' ? module.meta() : module.task?.meta;
}

/** A file some of whose tests ran (passed or failed): its `afterAll` ran, and left its coverage. */
function ran(module: TestModuleLike): boolean {
  const tests = module.children?.allTests?.();
  if (tests === undefined) return true;
  for (const test of tests) {
    const state = test.result?.()?.state;
    if (state === 'passed' || state === 'failed') return true;
  }
  return false;
}

export type { CoverageReporterOptions };
