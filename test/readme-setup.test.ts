import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from './support';

// Every set-up snippet of the README (Install, Set up your test runner) and of the troubleshooting
// guide (docs/troubleshooting.md) is the configuration of a consumer project that CI installs the
// packed package into and runs (scripts/consumers.mjs, and the matrix's runner configs), copied
// verbatim. A marker before each
// code block names the file: `setup` is the whole file, `setup-excerpt` a part of it, and
// `setup-install` an install command whose packages the project's package.json lists.
const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const troubleshooting = readFileSync(join(root, 'docs/troubleshooting.md'), 'utf8');

function section(from: string, to?: string): string {
  const start = readme.indexOf(from);
  const end = to === undefined ? readme.length : readme.indexOf(to, start);
  return start === -1 || end === -1 ? '' : readme.slice(start, end);
}

const setUp = section('\n## Install\n', '\n## Your first test\n') + troubleshooting;
const blocks = [...setUp.matchAll(/(?:<!-- (setup|setup-excerpt|setup-install): (\S+) -->\n)?```(\w+)\n([\s\S]*?)```/g)].map((match) => ({
  kind: match[1],
  path: match[2] as string,
  language: match[3] as string,
  code: match[4] as string,
}));
const marked = blocks.filter((block) => block.kind !== undefined);
const fileOf = (path: string) => readFileSync(join(root, path), 'utf8');

describe('README and troubleshooting set-up snippets', () => {
  test('the set-up sections show marked snippets, each naming a consumer file that exists', () => {
    expect(marked.length).toBeGreaterThanOrEqual(8);
    expect(marked.map((block) => block.path).filter((path) => !path.startsWith('consumers/') || !existsSync(join(root, path)))).toEqual([]);
  });

  test('every snippet but a shell command is marked', () => {
    expect(blocks.filter((block) => block.kind === undefined && block.language !== 'sh').map((block) => block.code)).toEqual([]);
  });

  test.each(marked.filter((block) => block.kind === 'setup').map((block) => [block.path, block] as const))('%s is the snippet, verbatim', (_path, block) => {
    expect(block.code).toBe(fileOf(block.path));
  });

  test.each(marked.filter((block) => block.kind === 'setup-excerpt').map((block) => [block.path, block] as const))('%s holds the snippet, verbatim', (_path, block) => {
    expect(fileOf(block.path)).toContain(block.code.trim());
  });

  test.each(marked.filter((block) => block.kind === 'setup-install').map((block) => [block.path, block] as const))(
    '%s lists the packages the install command adds',
    (_path, block) => {
      const packages = block.code.trim().replace(/^npm install --save-dev /, '').split(/\s+/);
      const manifest = JSON.parse(fileOf(block.path)) as { devDependencies?: Record<string, string>; dependencies?: Record<string, string> };
      const listed = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });

      expect(block.code).toMatch(/^npm install --save-dev /);
      expect(packages.filter((name) => !listed.includes(name))).toEqual([]);
    },
  );
});
