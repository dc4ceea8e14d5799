// Settings, routes and a default provider set in one test file last until that file ends, also when
// test files share one module graph (Vitest's `isolate: false` with one worker): the fixture's two
// files are the same, and whichever runs second must still verify and stay offline. The fixture
// runs under the runner that runs this spec (`npm test` runs it under both).
import { runFixtures, testOf, type FixtureOutcome } from './support/fixtureRuns';
import { beforeAll, describe, expect, runner, test } from './support';

describe(`test files sharing one module graph, under ${runner}`, () => {
  let outcome: FixtureOutcome;
  const result = (title: string) => testOf(outcome, title);

  beforeAll(() => {
    outcome = runFixtures(runner, 'setup-per-file');
  }, 120_000);

  for (const file of ['a', 'b']) {
    test(`configure({ autoVerify: false }) in one file does not reach file ${file}`, () => {
      const { status, failure } = result(`fails: file ${file} still verifies`);
      expect(status).toBe('failed');
      expect(failure).toContain(`model("${file}-leftover") was not complete when the test ended.`);
    });

    test(`configure({ offline: false }), a default provider and routes set in one file do not reach file ${file}`, () => {
      const { status, failure } = result(`fails: file ${file} still keeps tests offline`);
      expect(status).toBe('failed');
      expect(failure).toContain(`Agent "Unscripted in ${file}" would call the real model "gpt-routed-by-${file === 'a' ? 'b' : 'a'}"`);
      expect(failure).toContain('agents-testkit keeps tests offline');
    });

    test(`a late call after the last test of file ${file} fails that file, not the next file's first test`, () => {
      const other = file === 'a' ? 'b' : 'a';
      expect(result(`passes: file ${file} leaves a follow-up run going after its last test`).status).toBe('passed');
      // Without a failure of that file, the runner's whole output shows where the call went.
      expect(outcome.fileFailures.get(`${file}.spec.ts`) ?? outcome.output).toContain(`model("${file}-late") from the test "a late call after the last test`);
      expect(outcome.fileFailures.has(`${file}.spec.ts`)).toBe(true);
      expect(result(`fails: file ${other} still verifies`).failure).not.toContain(`${file}-late`);
    });

    test(`a route installed outside a test serves the rest of file ${file}`, () => {
      expect(result(`passes: file ${file} changes settings and the default provider until it ends`).status).toBe('passed');
      expect(result(`passes: file ${file} routes the default runner for the rest of the file`).status).toBe('passed');
    });
  }
});
