#!/usr/bin/env node
// Checks that Vitest and Jest recorded the same snapshots: every spec runs under both runners,
// and the kit's messages must read the same under each — the same words, in each runner's own
// style: a diff the runner prints (its own helper) may count its lines in the header ("- Expected
// - 1"), name a plain object or array ("Object {") and mark a string's last newline ("↵"),
// which is all `runnerStyle` sets aside.
// Fails when a snapshot file or entry
// exists for one runner only, when two entries differ, or when a snapshot file was written
// outside the runner folders (a resolver not in effect).
//
//   node scripts/compare-snapshots.mjs [root…]      (default roots: test examples)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { strip } from './lib/specs.mjs';

const RUNNERS = ['vitest', 'jest'];
const roots = process.argv.length > 2 ? process.argv.slice(2) : ['test', 'examples'];

/** Every .snap file below `root`, as paths relative to it. */
function snapshotFiles(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(path);
      else if (entry.isFile() && entry.name.endsWith('.snap')) found.push(relative(root, path));
    }
  };
  if (existsSync(root)) walk(root);
  return found;
}

/** `test/__snapshots__/jest/x.test.ts.snap` → runner `jest`, spec key `test/x.test.ts.snap`. */
function locate(root, file) {
  const parts = file.split(sep);
  const at = parts.lastIndexOf('__snapshots__');
  const runner = parts[at + 1];
  if (at === -1 || !RUNNERS.includes(runner) || at + 3 !== parts.length) return undefined;
  return { runner, spec: join(root, ...parts.slice(0, at), parts.at(-1).replace(/\.snap$/, '')) };
}

/**
 * The entries of a snapshot file by test name. Vitest joins describe and test titles with " > ",
 * Jest with a space; keys are compared in Jest's form.
 */
function entries(file, runner) {
  const exports = {};
  new Function('exports', readFileSync(file, 'utf8'))(exports);
  if (runner !== 'vitest') return exports;
  return Object.fromEntries(Object.entries(exports).map(([key, value]) => [key.split(' > ').join(' '), value]));
}

/** A snapshot with the runners' own diff styles set aside (see the comment at the top). */
function runnerStyle(text) {
  // Colour follows each runner's setting (src/format/colour.ts); the words must agree without it.
  return strip(text)
    .replace(/^([-+] (?:Expected|Received))  [-+] \d+$/gm, '$1')
    .replace(/^(\s*[-+ ]\s*(?:"[^"]*": )?)(?:Object|Array) ([{[])/gm, '$1$2')
    // Jest marks a string diff's final newline with "↵"; Vitest leaves the line empty.
    .replace(/^  \u21b5$/gm, '');
}

function firstDifference(a, b) {
  const left = a.split('\n');
  const right = b.split('\n');
  const line = left.findIndex((text, index) => text !== right[index]);
  const at = line === -1 ? left.length : line;
  return `line ${at + 1}:\n    vitest: ${JSON.stringify(left[at] ?? '(end)')}\n    jest:   ${JSON.stringify(right[at] ?? '(end)')}`;
}

const problems = [];
let compared = 0;
for (const root of roots) {
  const bySpec = new Map();
  for (const file of snapshotFiles(root)) {
    const where = locate(root, file);
    if (!where) {
      problems.push(`${join(root, file)} is outside __snapshots__/vitest and __snapshots__/jest: is the runner's snapshot resolver in effect?`);
      continue;
    }
    const files = bySpec.get(where.spec) ?? {};
    files[where.runner] = join(root, file);
    bySpec.set(where.spec, files);
  }
  for (const [spec, files] of bySpec) {
    const missing = RUNNERS.filter((runner) => !files[runner]);
    if (missing.length > 0) {
      problems.push(`${spec}: no ${missing.join(' or ')} snapshots, though ${RUNNERS.find((runner) => files[runner])} has them`);
      continue;
    }
    const vitest = entries(files.vitest, 'vitest');
    const jest = entries(files.jest, 'jest');
    for (const key of new Set([...Object.keys(vitest), ...Object.keys(jest)])) {
      compared += 1;
      if (!(key in jest)) problems.push(`${spec}: "${key}" is in Vitest's snapshots only`);
      else if (!(key in vitest)) problems.push(`${spec}: "${key}" is in Jest's snapshots only`);
      else if (runnerStyle(vitest[key]) !== runnerStyle(jest[key])) {
        const hint = /^\s*\[\w*Error/.test(vitest[key])
          ? '\n  (thrown errors print differently under each runner: snapshot the message string, e.g. failureOf(…))'
          : '';
        problems.push(`${spec}: "${key}" differs between Vitest and Jest at ${firstDifference(vitest[key], jest[key])}${hint}`);
      }
    }
  }
}
for (const problem of problems) console.error(problem);
console.log(`${compared} snapshots compared, ${problems.length} problems`);
process.exitCode = problems.length === 0 ? 0 : 1;
