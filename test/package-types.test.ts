import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from './support';

// TypeScript's `node10` resolution ignores package.json "exports": a subpath's types are found
// through "typesVersions" or a declaration file at the subpath itself (the root vitest.d.ts, jest.d.ts).
// attw checks the packed tarball in the `package` step; this names the gap without a build.
const root = join(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  files: string[];
  typesVersions?: Record<string, Record<string, string[]>>;
};

/** The CommonJS declarations of an export (what node10 reads, as the root "types" field does), else its only ones. */
function declarations(target: unknown): string | undefined {
  if (typeof target !== 'object' || target === null) return undefined;
  const entry = target as { require?: { types?: string }; types?: string };
  return entry.require?.types ?? entry.types;
}

describe('every subpath export has types under node10', () => {
  const subpaths = Object.keys(pkg.exports).filter((key) => key !== '.' && key !== './package.json');

  test.each(subpaths)('%s', (subpath) => {
    const bare = subpath.slice(2);
    const shim = `${bare}.d.ts`;
    const mapped = pkg.typesVersions?.['*']?.[bare];
    const found = pkg.files.includes(shim) && existsSync(join(root, shim)) ? shim : mapped?.[0];
    expect({ subpath, node10: found }).toEqual({ subpath, node10: expect.any(String) });
    // What node10 finds is what the export's own condition declares, so types never split in two.
    if (found === mapped?.[0]) expect(found?.replace(/^\.\//, '')).toBe(declarations(pkg.exports[subpath])?.replace(/^\.\//, ''));
  });
});
