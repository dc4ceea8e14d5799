/** The variable the coverage reporters set for the test workers: the folder each test file writes its part to. */
export const COVERAGE_ENV = 'AGENTS_TESTKIT_COVERAGE';

/** Whether a coverage reporter asked the workers to note the agent graph (the setup entries then load the collector). */
export function coverageRequested(): boolean {
  return Boolean(process.env[COVERAGE_ENV]);
}
