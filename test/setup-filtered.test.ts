// A `-t` filter skips tests the way `.skip` does: steps of a shared script that only a filtered-out
// test would have used are reported, and do not fail the file. The fixture runs under the runner
// that runs this spec (`npm test` runs it under both).
import { runFixtures, type FixtureOutcome } from './support/fixtureRuns';
import { beforeAll, describe, expect, runner, test } from './support';

describe(`a -t filter, under ${runner}`, () => {
  let outcome: FixtureOutcome;

  beforeAll(() => {
    outcome = runFixtures(runner, 'setup-filtered', { args: ['-t', 'selected'] });
  }, 120_000);

  test('runs the selected test, and the file passes', () => {
    expect(outcome.tests.get('selected: uses the first turn')?.status).toBe('passed');
    // Jest calls a file whose tests a filter selected "focused".
    expect(outcome.files.get('filtered.spec.ts')).not.toBe('failed');
  });

  test('reports the step only the filtered-out test would have used', () => {
    expect(outcome.output).toContain(
      'agents-testkit: model("shared-beside-a-filter") was not complete when the test file ended, but the file skipped 1 test that could have used the steps left ("filtered out: would use the second turn")',
    );
    expect(outcome.output).toContain('2. thenReplies("two")');
  });
});
