// Jest's order, but the longest child runners first (the kit's own Jest projects, jest.config.cjs):
// without timings of an earlier run (a fresh clone, CI) Jest starts the largest files first, and
// these small specs, whose children run for 8–30 s, ran last beside an idle worker.
const Sequencer = require('@jest/test-sequencer').default;
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const FIRST = ['test/coverage-examples.test.ts', 'test/setup-jest.test.ts'].map((file) => path.join(root, file));

class LongestChildFirst extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    const rank = (test) => {
      const at = FIRST.indexOf(test.path);
      return at === -1 ? FIRST.length : at;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongestChildFirst;
