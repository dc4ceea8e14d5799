// The test environment of the kit's own Jest projects (jest.config.cjs): Node's, with a V8 code
// cache per worker process. Jest compiles every module afresh for each test file (a registry per
// file is how it isolates them), and the SDK with its dependencies is about 900 modules: compiling
// them was about 40% of a spec file's start-up. Each module's first compilation in a worker keeps
// V8's code cache, and later compilations of the same source take it (CONTRIBUTING, "How long the
// checks take"). Only compilation changes: every file still gets its own module registry and runs
// every module's top level. The consumer projects (scripts/consumers.mjs) run Jest as users do, without it.
const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

const CACHED = Symbol.for('agents-testkit.codeCache');

if (!vm.compileFunction[CACHED]) {
  const compileFunction = vm.compileFunction;
  /** Per file name: the source compiled last and V8's code cache for it. */
  const caches = new Map();
  const cached = function (code, params, options) {
    const filename = options?.filename;
    const known = filename === undefined ? undefined : caches.get(filename);
    if (known !== undefined && known.code === code) {
      return compileFunction.call(this, code, params, { ...options, cachedData: known.data });
    }
    const compiled = compileFunction.call(this, code, params, { ...options, produceCachedData: true });
    if (filename !== undefined && compiled.cachedDataProduced) caches.set(filename, { code, data: compiled.cachedData });
    return compiled;
  };
  cached[CACHED] = true;
  vm.compileFunction = cached;
}

module.exports = TestEnvironment;
