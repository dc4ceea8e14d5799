import { beforeAll, describeUnder, expect, test } from './index';
import { runFixtures, testOf, type FixtureOutcome } from './fixtureRuns';

/**
 * What a setup entry must do to the tests of a user's project, checked by running the fixture specs
 * of test/fixtures/setup under that entry's runner (test/setup-vitest.test.ts, test/setup-jest.test.ts).
 */
export function describeSetupEntry(runner: 'vitest' | 'jest'): void {
// The child run is the same whichever runner starts it, so it runs once per `npm test`: under its own runner.
describeUnder(runner, `the ${runner} setup entry`, () => {
  let outcome: FixtureOutcome;
  const result = (title: string) => testOf(outcome, title);

  beforeAll(() => {
    outcome = runFixtures(runner, 'setup');
  }, 120_000);

  test('passes a test whose script was played out, with the matchers registered', () => {
    expect(result('passes: a script played out').status).toBe('passed');
  });

  test('fails a test that left a step unused, naming the double and the step', () => {
    const { status, failure } = result('fails: a step left unused, though the test asserts nothing about the script');
    expect(status).toBe('failed');
    expect(failure).toContain('model("leftover") was not complete when the test ended.');
    expect(failure).toContain('3. thenReplies("Unused.")');
  });

  test('fails a test that swallowed a mismatch', () => {
    const { status, failure } = result('fails: a mismatch the test swallowed');
    expect(status).toBe('failed');
    expect(failure).toContain('model("swallowed") saw 1 call the script did not plan');
    expect(failure).toContain('Did you mean "get_weather"?');
  });

  test('names every incomplete double of a test', () => {
    const { status, failure } = result('fails: two incomplete doubles are both named');
    expect(status).toBe('failed');
    expect(failure).toContain('2 doubles were not complete when the test ended.');
    expect(failure).toContain('model("first")');
    expect(failure).toContain('model("second")');
  });

  test('leaves out doubles created with { verify: false }', () => {
    expect(result('passes: { verify: false } opts a double out').status).toBe('passed');
  });

  test('leaves every double alone after configure({ autoVerify: false })', () => {
    expect(result('passes: an incomplete double goes unverified').status).toBe('passed');
  });

  test('turns tracing off', () => {
    expect(result('passes: tracing is off').status).toBe('passed');
  });

  test('does not blame a test for the doubles of another', () => {
    expect(result('passes: a double from an earlier test is not blamed on this one').status).toBe('passed');
  });

  test('verifies a double created outside any test when the file ends', () => {
    expect(result('passes: uses one turn of the shared script').status).toBe('passed');
    expect(result('passes: the shared script is verified when the file ends, not after each test').status).toBe('passed');
    const failure = outcome.fileFailures.get('verified.spec.ts');
    expect(failure).toContain('model("shared") was not complete when the test file ended');
    expect(failure).toContain('2. thenReplies("two")');
  });

  if (runner === 'vitest') {
    test('pins doubles of the kit fixture to their own concurrent test', () => {
      expect(result('passes: a kit double played out').status).toBe('passed');
      const { status, failure } = result('fails: a kit double left incomplete');
      expect(status).toBe('failed');
      expect(failure).toContain('model("kit-leftover") was not complete when the test ended.');
      expect(failure).not.toContain('kit-complete');
    });

    test('verifies plain doubles of concurrent tests when the file ends', () => {
      expect(result('passes: a plain double in a concurrent test is left for the end of the file').status).toBe('passed');
      expect(outcome.fileFailures.get('concurrent.spec.ts')).toContain('model("concurrent-plain") was not complete when the test file ended');
    });
  }

  test('a mismatch recorded after its double was verified fails the next test, naming the test it belongs to', () => {
    expect(result('passes: leaves a run going after it ends').status).toBe('passed');
    const { status, failure } = result('fails: the late call of an earlier test fails the next test, naming that test');
    expect(status).toBe('failed');
    expect(failure).toContain('model("background") from the test "passes: leaves a run going after it ends" was not complete after its test ended.');
    expect(failure).toContain('model("background") call #2, a request whose newest input is user: "Again": expected no more calls.');
    expect(failure).toContain('1 call came after that test had been verified: a run it started was still going.');
  });

  test('a late mismatch after the last test fails the file, naming the test', () => {
    expect(result('passes: leaves a run going after the last test').status).toBe('passed');
    const failure = outcome.fileFailures.get('late.spec.ts');
    expect(failure).toContain('model("last") from the test "a late call after the last test');
    expect(failure).toContain('passes: leaves a run going after the last test" was not complete after its test ended.');
  });

  test('steps only a skipped test would have used are reported, and do not fail the file', () => {
    expect(result('passes: uses the first turn of a script a skipped test shares').status).toBe('passed');
    expect(outcome.files.get('skipped.spec.ts')).not.toBe('failed');
    const skippedTest = runner === 'vitest' ? 'a shared script and a skipped test > would use the second turn' : 'a shared script and a skipped test would use the second turn';
    expect(outcome.output).toContain(
      `agents-testkit: model("shared-by-a-skipped-test") was not complete when the test file ended, but the file skipped 1 test that could have used the steps left ("${skippedTest}")`,
    );
    expect(outcome.output).toContain('2. thenReplies("two")');
    expect(outcome.output).toContain('model("made-in-a-skipped-block") has 1 step not used');
  });

  test('tests skipped by .only elsewhere in the file count as skipped', () => {
    expect(result('passes: the focused test uses the first turn').status).toBe('passed');
    expect(outcome.files.get('only.spec.ts')).not.toBe('failed');
    expect(outcome.output).toContain('agents-testkit: model("shared-beside-an-only") was not complete when the test file ended, but the file skipped 1 test that could have used the steps left');
  });

  test('a skipped test excuses the scripts of its block, of the blocks around it and of the file, made in a body or a beforeAll', () => {
    expect(result('passes: uses the first turn of the file-level script').status).toBe('passed');
    expect(result('passes: uses the first turns of its block scripts').status).toBe('passed');
    for (const name of ['scope-file-level', 'scope-made-in-beforeAll', 'scope-block-body']) {
      expect(outcome.output).toContain(`agents-testkit: model("${name}") was not complete when the test file ended, but the file skipped 1 test that could have used the steps left`);
      expect(outcome.fileFailures.get('skipped-scope.spec.ts')).not.toContain(`model("${name}")`);
    }
  });

  test('a skipped test does not excuse the script of a block it is not in', () => {
    expect(result('passes: uses the first turn of its block script').status).toBe('passed');
    const failure = outcome.fileFailures.get('skipped-scope.spec.ts');
    expect(failure).toContain('model("scope-no-skipped-test-here") was not complete when the test file ended');
    expect(failure).toContain('2. thenReplies("two")');
  });

  test('a .todo excuses nothing', () => {
    expect(result('passes: uses the first turn of a script beside a todo').status).toBe('passed');
    expect(outcome.fileFailures.get('skipped-todo.spec.ts')).toContain('model("beside-a-todo") was not complete when the test file ended');
  });

  test('a skipped test does not excuse a double a concurrent test made', () => {
    expect(result('passes: leaves a step of its own script').status).toBe('passed');
    expect(outcome.fileFailures.get('parallel-skipped.spec.ts')).toContain('model("made-by-a-concurrent-test") was not complete when the test file ended');
  });

  test('a lifecycle() recorder ends with its test: a module-level agent\'s next run is not heard, nor blamed on it', () => {
    expect(result('passes: records the run of a module-level agent').status).toBe('passed');
    expect(result('passes: the next test records its own run; the first recorder has stopped').status).toBe('passed');
  });

  test('a provider the app set at module scope answers run(), after the routes a test installs', () => {
    expect(result('passes: run() answers through the provider the app set at module scope').status).toBe('passed');
    expect(result('passes: a route the test installs comes first').status).toBe('passed');
  });

  test('a mismatch still fails a file that skipped tests', () => {
    expect(result('passes: swallows a mismatch of a shared script').status).toBe('passed');
    const failure = outcome.fileFailures.get('skipped-mismatch.spec.ts');
    expect(failure).toContain('model("shared-with-a-mismatch") was not complete when the test file ended');
    expect(failure).toContain('saw 1 call the script did not plan');
  });

  if (runner === 'jest') {
    test('serves specs that import @jest/globals', () => {
      expect(result('passes: the imported expect knows the matchers').status).toBe('passed');
      const { status, failure } = result('fails: verification covers specs that import @jest/globals');
      expect(status).toBe('failed');
      expect(failure).toContain('model("imported-leftover")');
    });
  }
});
}
