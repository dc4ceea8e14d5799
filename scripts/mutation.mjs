#!/usr/bin/env node
// `npm run mutation [-- [--incremental] file…]`: Stryker over src/matchers and src/builders, as
// stryker.config.mjs sets it up; files given narrow the run (`npm run mutation -- src/matchers/toBeComplete.ts`).
// `--incremental` reuses the results of the previous incremental run (reports/stryker-incremental.json)
// for every mutant whose code and covering tests did not change, which makes a rerun take minutes.
// StrykerJS 10 declares Node >= 22, and its CLI refuses older versions up front; its API works
// on Node 20 (the project's Node, see .ci/run), so this script calls the API directly.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const entry = resolve('node_modules/@stryker-mutator/core/dist/src/stryker.js');
const { Stryker } = await import(pathToFileURL(entry).href);

const args = process.argv.slice(2);
const incremental = args.includes('--incremental');
const files = args.filter((arg) => arg !== '--incremental');
const options = { ...(files.length > 0 ? { mutate: files } : {}), ...(incremental ? { incremental: true } : {}) };
const results = await new Stryker(options).runMutationTest();

const killed = results.filter((mutant) => mutant.status === 'Killed' || mutant.status === 'Timeout').length;
const valid = results.filter((mutant) => !['CompileError', 'RuntimeError', 'Ignored'].includes(mutant.status)).length;
console.log(`mutation score: ${valid === 0 ? 'n/a' : ((100 * killed) / valid).toFixed(2)}% (${killed} of ${valid} mutants killed)`);
