// Jest keeps its snapshots apart from Vitest's; scripts/compare-snapshots.mjs checks they agree.
const path = require('node:path');

module.exports = {
  resolveSnapshotPath: (testPath, extension) =>
    path.join(path.dirname(testPath), '__snapshots__', 'jest', path.basename(testPath) + extension),
  resolveTestPath: (snapshotPath, extension) =>
    path.join(path.dirname(snapshotPath), '..', '..', path.basename(snapshotPath, extension)),
  testPathForConsistencyCheck: path.join('test', 'example.test.ts'),
};
