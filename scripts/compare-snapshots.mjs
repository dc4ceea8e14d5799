#!/usr/bin/env node
// Checks that Vitest and Jest recorded the same snapshots: every spec runs under both runners,
// and the kit's messages must read the same under each.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';


function snapshotFiles(root, runner) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(path);
      else if (entry.isFile() && path.includes(join('__snapshots__', runner)) && path.endsWith('.snap')) found.push(path);
    }
  };
  if (existsSync(root)) walk(root);
  return found;
}

// Vitest joins describe and test names with " > ", Jest with a space; compare them alike.
function entries(file) {
  const exports = {};
  new Function('exports', readFileSync(file, 'utf8'))(exports);
  return Object.fromEntries(Object.entries(exports).map(([key, value]) => [key.replaceAll(' > ', ' '), value]));
}

let problems = 0;
let compared = 0;
for (const root of ['test', 'examples']) {
  for (const vitestFile of snapshotFiles(root, 'vitest')) {
    const jestFile = vitestFile.replace(join('__snapshots__', 'vitest'), join('__snapshots__', 'jest'));
    if (!existsSync(jestFile)) {
      console.error(`missing Jest snapshots for ${relative('.', vitestFile)}`);
      problems += 1;
      continue;
    }
    const a = entries(vitestFile);
    const b = entries(jestFile);
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      compared += 1;
      if (a[key] !== b[key]) {
        console.error(`snapshot "${key}" differs between Vitest and Jest (${relative('.', vitestFile)})`);
        problems += 1;
      }
    }
  }
}
console.log(`${compared} snapshots compared, ${problems} problems`);
process.exitCode = problems === 0 ? 0 : 1;
