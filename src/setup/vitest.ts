import { afterAll, afterEach, beforeEach, expect, test as baseTest } from 'vitest';
import { install } from './install';
import { createKit, type Kit } from './kit';
import type { AgentsMatchers } from '../matchers/types';

install({
  expect,
  beforeEach,
  // Vitest reads the hook's parameter pattern to pick fixtures, so it must destructure.
  afterEach: (fn) => afterEach(({ task }) => fn(task.concurrent === true)),
  afterAll,
});

/**
 * Vitest's `test` with a `kit` fixture whose doubles are verified when *that* test ends, also under
 * `test.concurrent`: `test.concurrent('…', async ({ kit, expect }) => { const m = kit.model()… })`.
 */
export const test = baseTest.extend<{ kit: Kit }>({
  // eslint-disable-next-line no-empty-pattern
  kit: async ({}, use) => {
    const kit = createKit();
    await use(kit);
    kit.verify();
  },
});
export const it = test;

export type { Kit };

declare module 'vitest' {
  interface Matchers<T = any> extends AgentsMatchers<T> {}
  interface AsymmetricMatchersContaining extends AgentsMatchers {}
}
