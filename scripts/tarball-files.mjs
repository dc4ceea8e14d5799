#!/usr/bin/env node
// Fails when the packed tarball ships a file that nothing reaches: every file under dist/ must be
// an entry point (package.json "exports", "bin", "main", "types", the root shims) or be imported,
// required or re-exported by one, directly or not. Keeps dead builds (a CommonJS CLI, its
// declarations) out of the package.
//
// Also fails when the tarball lacks a page a user reads on the registry or in node_modules
// (README.md, LICENSE, CHANGELOG.md, whose "Breaking changes" say how to migrate), or ships a file
// outside dist/ that is none of those, the root type shims or package.json.
//
// Also fails when a CommonJS chunk assigns a class field to one of its exports: tsup's CommonJS
// build rewrites a class field named like an export of the same chunk (`#detach = []` beside an
// exported `detach()`) into `#detach = exports.detach = []`, so the first instance replaces the
// export, and every later caller of it breaks (a `lifecycle()` recorder broke `sandbox()` so).
//
//   node scripts/tarball-files.mjs <file.tgz>
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';

const tarball = process.argv[2];
if (!tarball) throw new Error('usage: node scripts/tarball-files.mjs <file.tgz>');
const dir = mkdtempSync(join(tmpdir(), 'agents-testkit-tarball-'));
try {
  const listed = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`cannot list ${tarball}`);
  spawnSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
  const files = listed.stdout.trim().split('\n').map((file) => file.replace(/^package\//, ''));
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

  const targets = (value) => (typeof value === 'string' ? [value] : Object.values(value ?? {}).flatMap(targets));
  const entries = [...targets(pkg.exports), ...targets(pkg.bin), pkg.main, pkg.module, pkg.types, ...files.filter((file) => !file.includes('/') && file.endsWith('.d.ts'))];
  const reached = new Set();
  const queue = entries.filter(Boolean).map((entry) => normalize(entry));
  while (queue.length > 0) {
    const file = queue.shift();
    if (reached.has(file) || !files.includes(file)) continue;
    reached.add(file);
    const source = readFileSync(join(dir, file), 'utf8');
    for (const match of source.matchAll(/(?:from\s*|import\s*\(?\s*|require\(\s*)["'](\.{1,2}\/[^"']+)["']/g)) {
      const target = normalize(join(dirname(file), match[1]));
      // A declaration file names its sibling by the JavaScript name: ./x.js → ./x.d.ts.
      const declared = target.replace(/\.js$/, '.d.ts').replace(/\.cjs$/, '.d.cts');
      queue.push(target, ...(file.match(/\.d\.c?ts$/) ? [declared] : []));
    }
  }
  const unreached = files.filter((file) => file.startsWith('dist/') && !reached.has(file));
  if (unreached.length > 0) {
    console.error(`The tarball ships ${unreached.length} file(s) that no entry point reaches:\n  ${unreached.join('\n  ')}`);
    process.exitCode = 1;
  } else console.log(`every one of the ${files.filter((file) => file.startsWith('dist/')).length} files under dist/ is reached from an entry point`);

  const pages = ['README.md', 'LICENSE', 'CHANGELOG.md'];
  const missing = pages.filter((page) => !files.includes(page));
  const stray = files.filter((file) => !file.startsWith('dist/') && !pages.includes(file) && file !== 'package.json' && !(!file.includes('/') && file.endsWith('.d.ts')));
  if (missing.length > 0 || stray.length > 0) {
    if (missing.length > 0) console.error(`The tarball lacks ${missing.join(', ')} (add it to package.json "files" if npm does not pack it by itself).`);
    if (stray.length > 0) console.error(`The tarball ships ${stray.length} file(s) outside dist/ that no user reads:\n  ${stray.join('\n  ')}`);
    process.exitCode = 1;
  } else console.log(`the tarball holds ${pages.join(', ')}, and nothing else outside dist/ but package.json and the type shims`);

  const clobbered = files
    .filter((file) => file.startsWith('dist/') && file.endsWith('.cjs'))
    .flatMap((file) => [...readFileSync(join(dir, file), 'utf8').matchAll(/#(\w+) = exports\.(\w+) =/g)].map((match) => `${file}: #${match[1]} = exports.${match[2]}`));
  if (clobbered.length > 0) {
    console.error(`A class field of the CommonJS build overwrites an export of its chunk (rename the field):\n  ${clobbered.join('\n  ')}`);
    process.exitCode = 1;
  } else console.log('no class field of the CommonJS build overwrites an export');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
