#!/usr/bin/env node
// The layout rules of docs/ARCHITECTURE.md that a script can hold: no import cycle among the files
// of src/ (type-only imports and `import('…')` types included), and no file in src/ over 400 lines.
// Exits 1 naming each cycle and each long file.   Usage: node scripts/architecture.mjs
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX_LINES = 400;
const src = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');

const files = [];
(function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path);
    else if (path.endsWith('.ts')) files.push(path);
  }
})(src);
const known = new Set(files);

// `import … from './x'`, `export … from './x'`, `import './x'` and `import('./x')` in types or code.
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g;

/** The files of src/ one file imports, resolved as TypeScript resolves a relative specifier. */
function importsOf(file) {
  const targets = new Set();
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const base = resolve(dirname(file), specifier).replace(/\.js$/, '');
    const found = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => known.has(candidate));
    if (found) targets.add(found);
  }
  return [...targets];
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));

// Tarjan's strongly connected components: every component of two or more files is a cycle.
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
let counter = 0;
function visit(file) {
  order.set(file, counter);
  low.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file)) {
    if (!order.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), order.get(next)));
  }
  if (low.get(file) !== order.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || graph.get(file).includes(file)) cycles.push(component);
}
for (const file of files) if (!order.has(file)) visit(file);

const long = files
  .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
  .filter(({ lines }) => lines > MAX_LINES);

const name = (file) => relative(resolve(src, '..'), file);
for (const cycle of cycles) console.log(`import cycle: ${cycle.map(name).sort().join(' ↔ ')} (move what both need into a third module, or invert the dependency)`);
for (const { file, lines } of long) console.log(`${name(file)} has ${lines} lines, over ${MAX_LINES}: split it by concern`);
console.log(`${files.length} files in src/: ${cycles.length} import cycles, ${long.length} over ${MAX_LINES} lines`);
process.exitCode = cycles.length === 0 && long.length === 0 ? 0 : 1;
