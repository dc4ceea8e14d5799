// Probes of what the setup entries read off the runners beyond their public API (src/setup/runnerState.ts):
// which tests of a file were skipped, and in which describe block code runs outside a test.
// test/setup-*.test.ts check the same under `.only` and `-t`, in fixture projects; here each
// reader meets the live state of the runner running this spec.
import { jestCircusState, scopeInJest, scopeInVitest, skippedInJest, skippedInVitest } from '../src/setup/runnerState';
import type { DoubleScope } from '../src/fakes/core/registry';
import { afterAll, beforeAll, describe, expect, test } from './support';

// Vitest sets VITEST in the environment of its workers. (`runner` from ./support reads a global
// Jest does not set, so it says "vitest" under Jest too.)
const runner = process.env.VITEST === undefined ? 'jest' : 'vitest';

/**
 * Where this code runs, as the setup entry of the runner running it reads it: under Jest through
 * scopeInJest, under Vitest through the reader the setup entry registered (scopeInVitest with
 * Vitest's own getCurrentSuite, which only a Vitest module can import).
 */
function scopeHere(): DoubleScope | undefined {
  if (runner === 'jest') return scopeInJest();
  const registry = (globalThis as unknown as Record<symbol, { reads?: { scope?: () => DoubleScope | undefined } }>)[Symbol.for('agents-testkit.registry')];
  return registry?.reads?.scope?.();
}

describe('the tests a file skipped', () => {
  test.skip('a skipped test', () => undefined);

  test.todo('a test still to write');

  describe.skip('a skipped block', () => {
    test('a test of a skipped block', () => undefined);
  });

  // Vitest passes a test its context; Jest passes nothing to a function that declares no parameters.
  test('are read off the runner, with their describe blocks, the .todo marked', function () {
    // eslint-disable-next-line prefer-rest-params
    const context = arguments[0] as { task?: { file?: unknown } } | undefined;
    const skipped = runner === 'vitest' ? skippedInVitest([undefined, context?.task?.file]) : skippedInJest();
    const title = (...names: string[]) => names.join(runner === 'vitest' ? ' > ' : ' ');

    expect(skipped).toEqual([
      { path: ['the tests a file skipped'], title: title('the tests a file skipped', 'a skipped test'), todo: false },
      { path: ['the tests a file skipped'], title: title('the tests a file skipped', 'a test still to write'), todo: true },
      { path: ['the tests a file skipped', 'a skipped block'], title: title('the tests a file skipped', 'a skipped block', 'a test of a skipped block'), todo: false },
    ]);
  });

  test('nothing is read from something that is not the runner state', () => {
    expect(skippedInVitest([])).toEqual([]);
    expect(skippedInVitest([null, 'suite', { tasks: [null, { type: 'test', name: 'ran', mode: 'run' }] }])).toEqual([]);
    // Each runner's scope reader says nothing under the other runner.
    if (runner === 'jest') expect(scopeInVitest(() => undefined)).toBeUndefined();
    else expect(scopeInJest()).toBeUndefined();
  });

  if (runner === 'jest') {
    test('jest-circus keeps its state on globalThis under a symbol described JEST_STATE_SYMBOL', () => {
      expect(jestCircusState()?.rootDescribeBlock).toMatchObject({ type: 'describeBlock', children: expect.any(Array) });
    });
  }
});

let inAfterAll: DoubleScope | undefined;

describe('where code runs outside a test', () => {
  const inBody = scopeHere();
  let inBeforeAll: DoubleScope | undefined;
  beforeAll(() => {
    inBeforeAll = scopeHere();
  });

  describe('a nested block', () => {
    const inNestedBody = scopeHere();
    let inNestedBeforeAll: DoubleScope | undefined;
    beforeAll(() => {
      inNestedBeforeAll = scopeHere();
    });

    test('a describe body and a beforeAll are in their block', () => {
      expect(inBody).toEqual({ block: ['where code runs outside a test'] });
      expect(inBeforeAll).toEqual({ block: ['where code runs outside a test'] });
      expect(inNestedBody).toEqual({ block: ['where code runs outside a test', 'a nested block'] });
      expect(inNestedBeforeAll).toEqual({ block: ['where code runs outside a test', 'a nested block'] });
    });
  });

  if (runner === 'jest') {
    describe('a block whose hook takes a done callback', () => {
      let inDoneHook: DoubleScope | undefined;
      beforeAll((done: () => void) => {
        inDoneHook = scopeHere();
        setTimeout(done, 5);
      });

      test('the hook still gets its callback, and is in its block', () => {
        expect(inDoneHook).toEqual({ block: ['where code runs outside a test', 'a block whose hook takes a done callback'] });
      });
    });
  }

  test('a test is in a test', () => {
    expect(scopeHere()).toEqual({ test: expect.stringContaining('a test is in a test') });
  });

  afterAll(() => {
    inAfterAll = scopeHere();
  });
});

test('an afterAll is in its block; the top level of a file is the file\'s scope', () => {
  expect(inAfterAll).toEqual({ block: ['where code runs outside a test'] });
  expect(topLevel).toEqual({ block: [] });
});

const topLevel = scopeHere();
