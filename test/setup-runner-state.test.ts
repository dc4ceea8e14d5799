// Probes of what the setup entries read off the runners beyond their public API (src/setup/runnerState.ts):
// which tests of a file were skipped. test/setup-*.test.ts check the same under `.only` and `-t`,
// in fixture projects; here each reader meets the live state of the runner running this spec.
import { jestCircusState, skippedInJest, skippedInVitest } from '../src/setup/runnerState';
import { describe, expect, test } from './support';

// Vitest sets VITEST in the environment of its workers. (`runner` from ./support reads a global
// Jest does not set, so it says "vitest" under Jest too.)
const runner = process.env.VITEST === undefined ? 'jest' : 'vitest';

describe('the tests a file skipped', () => {
  test.skip('a skipped test', () => undefined);

  test.todo('a test still to write');

  describe.skip('a skipped block', () => {
    test('a test of a skipped block', () => undefined);
  });

  // Vitest passes a test its context; Jest passes nothing to a function that declares no parameters.
  test('are read off the runner, with their describe blocks', function () {
    // eslint-disable-next-line prefer-rest-params
    const context = arguments[0] as { task?: { file?: unknown } } | undefined;
    const skipped = runner === 'vitest' ? skippedInVitest([undefined, context?.task?.file]) : skippedInJest();
    const path = (...names: string[]) => names.join(runner === 'vitest' ? ' > ' : ' ');

    expect(skipped).toEqual([
      path('the tests a file skipped', 'a skipped test'),
      path('the tests a file skipped', 'a test still to write'),
      path('the tests a file skipped', 'a skipped block', 'a test of a skipped block'),
    ]);
  });

  test('nothing is read from something that is not the runner state', () => {
    expect(skippedInVitest([])).toEqual([]);
    expect(skippedInVitest([null, 'suite', { tasks: [null, { type: 'test', name: 'ran', mode: 'run' }] }])).toEqual([]);
  });

  if (runner === 'jest') {
    test('jest-circus keeps its state on globalThis under a symbol described JEST_STATE_SYMBOL', () => {
      expect(jestCircusState()?.rootDescribeBlock).toMatchObject({ type: 'describeBlock', children: expect.any(Array) });
    });
  }
});
