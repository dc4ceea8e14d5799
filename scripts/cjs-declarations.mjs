#!/usr/bin/env node
// The CommonJS build's declarations (`dist/**/*.d.cts`), made from the ES module build's
// (`dist/**/*.d.ts`) after tsup: the same entries and chunks, each relative import naming the
// CommonJS file (`./types-x.js` → `./types-x.cjs`). tsup made them with a second declaration
// build, a TypeScript program of its own that produced the same text but those names: about half
// of the build's time. `npm run build` runs it after tsup.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = 'dist';
const files = readdirSync(dist, { recursive: true, encoding: 'utf8' });
const declarations = files.filter((file) => file.endsWith('.d.ts'));
if (declarations.length === 0) throw new Error('dist/ holds no .d.ts: run tsup first');

// A relative specifier of an import, export or import() type: './x.js' or '../x.js'.
const relativeJs = /((?:from\s+|import\()(['"]))(\.{1,2}\/[^'"]+)\.js\2/g;
for (const file of files.filter((file) => file.endsWith('.d.cts'))) rmSync(join(dist, file));
for (const file of declarations) {
  const text = readFileSync(join(dist, file), 'utf8');
  writeFileSync(join(dist, file.replace(/\.d\.ts$/, '.d.cts')), text.replace(relativeJs, (_match, before, quote, path) => `${before}${path}.cjs${quote}`));
}
console.log(`${declarations.length} declaration files copied as .d.cts`);
