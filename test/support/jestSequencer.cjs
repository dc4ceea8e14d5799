// Jest's own order (cached durations, else the largest files first), with the slowest spec files
// started first (slowSpecs.cjs says why).
const { relative } = require('node:path');
const TestSequencer = require('@jest/test-sequencer').default;
const { slowFirst } = require('./slowSpecs.cjs');

class SlowFirstSequencer extends TestSequencer {
  async sort(tests) {
    return slowFirst(await super.sort(tests), (test) => relative(test.context.config.rootDir, test.path));
  }
}

module.exports = SlowFirstSequencer;
