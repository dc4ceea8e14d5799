// One fresh process of the import benchmark, run inside the layout bench/import.mjs lays out:
// imports the SDK, then (unless `variant` ends in "sdk") a setup entry of the installed kit, then
// what the entry defers, and prints how long each took, in ms, as JSON. Run with --expose-gc.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const variant = process.argv[2];
const cjs = variant.startsWith('cjs');
const entries = { 'esm vitest': 'agents-testkit/vitest', 'esm jest': 'agents-testkit/jest', 'cjs jest': 'agents-testkit/jest' };

const start = performance.now();
if (cjs) require('@openai/agents');
else await import('@openai/agents');
const sdk = performance.now() - start;
// The garbage the SDK's import left is collected here, outside every timing: otherwise the next
// import pays for it, whatever that import is.
globalThis.gc();

/** Milliseconds `load` takes, garbage collected after. */
async function time(load) {
  const before = performance.now();
  await load();
  const took = performance.now() - before;
  globalThis.gc();
  return took;
}

const timings = { sdk };
if (entries[variant]) {
  const load = (specifier) => (cjs ? require(specifier) : import(specifier));
  timings.setup = await time(() => load(entries[variant]));
  // Deferred until used: the builders with a spec's `import { model }`. (Matchers format with the
  // runner's own helpers, so nothing else waits for the first matcher call.)
  timings.index = await time(() => load('agents-testkit'));
}
process.stdout.write(JSON.stringify(timings));
