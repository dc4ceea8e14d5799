// The module runtime of the kit's own Jest projects (jest.config.cjs): Jest's, with the text of
// installed packages read once per worker process. Jest gives every test file a fresh runtime, and
// each one read the SDK and its dependencies (about 750 files) from disk and decoded them again:
// about 70 ms of every spec file's start-up. Files under node_modules do not change during a run,
// so every runtime of a worker shares their text; the kit's sources and specs are still read per
// file, as Jest does. Every module is still compiled and run afresh for each test file. The
// consumer projects (scripts/consumers.mjs) run Jest as users do, without it.
const Runtime = require('jest-runtime').default;

/** Per path: the text of an installed file, as the first runtime of this worker read it. */
const installed = new Map();
const INSTALLED = /[\\/]node_modules[\\/]/;

class SharedInstalledReadsRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const files = this.fileCache;
    const readFile = files.readFile.bind(files);
    files.readFile = (filename) => {
      if (!INSTALLED.test(filename)) return readFile(filename);
      let text = installed.get(filename);
      if (text === undefined) installed.set(filename, (text = readFile(filename)));
      return text;
    };
  }
}

module.exports = SharedInstalledReadsRuntime;
