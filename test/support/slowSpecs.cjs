// The spec files that take longest under either runner, longest first (the child-runner specs and a
// few recipes; from `node scripts/slowest.mjs` after `npm test`). Both runners start them first: in a
// fresh clone neither has durations cached, both then start the largest files first, and a long
// file that starts last leaves one worker waiting on it while the other idles. The order only
// changes how long a run takes, never what it checks.
const slowestFirst = [
  'test/coverage-examples.test.ts',
  'test/coverage-shards.test.ts',
  'test/cassette-durability.test.ts',
  'test/setup-vitest.test.ts',
  'test/realtime-fake-timers.test.ts',
  'test/setup-jest.test.ts',
  'test/coverage-reporters.test.ts',
  'examples/mcp-filesystem.test.ts',
  'examples/human-in-the-loop.test.ts',
  'test/provider.test.ts',
  'test/offline-guard.test.ts',
  'test/mcp-cassette.test.ts',
  'test/setup-per-file.test.ts',
  'test/setup-filtered.test.ts',
  'test/sandbox-guide.test.ts',
  'test/resume.test.ts',
];

/** `items` with those `pathOf` finds in the list first, in the list's order; the rest after, in their own order. */
function slowFirst(items, pathOf) {
  const rank = (item) => {
    const index = slowestFirst.indexOf(pathOf(item).split('\\').join('/'));
    return index === -1 ? slowestFirst.length : index;
  };
  return items.map((item, index) => ({ item, index, rank: rank(item) })).sort((a, b) => a.rank - b.rank || a.index - b.index).map(({ item }) => item);
}

module.exports = { slowestFirst, slowFirst };
