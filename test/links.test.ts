import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from './support';

// scripts/links.mjs (the `docs` step) on a made-up repository: each broken link is named, and
// nothing in code counts as a link.
const script = join(__dirname, '..', 'scripts', 'links.mjs');
const repo = 'https://github.com/agents-testkit/agents-testkit/blob/main';
const dirs: string[] = [];

function check(files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'agents-testkit-links-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries({ 'package.json': JSON.stringify({ files: ['dist'] }), ...files })) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const child = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { status: child.status, output: `${child.stdout}${child.stderr}` };
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the documentation link check', () => {
  test('links to files, headings and repository paths that exist pass', () => {
    const outcome = check({
      'README.md': `# Kit\n\n## Set up: \`vitest\`\n\nSee [set-up](#set-up-vitest), [changes](CHANGELOG.md#unreleased), [guide](${repo}/docs/guide.md#two-words).\n`,
      'CHANGELOG.md': '# Changelog\n\n## Unreleased\n',
      'docs/guide.md': '# Guide\n\n## Two words\n\nBack to the [README](../README.md#kit) and [the other](other.md).\n',
      'docs/other.md': '# Other\n',
    });
    expect(outcome.output).toContain('5 links of 4 pages resolve');
    expect(outcome.status).toBe(0);
  });

  test('a missing file, a missing heading, a repository path that does not exist, and a relative link from the README to a file that does not ship each fail', () => {
    const outcome = check({
      'README.md': `# Kit\n\n[a](#nope) [b](${repo}/docs/gone.md) [c](docs/guide.md) [d](${repo}/docs/guide.md#nope)\n\n\`[code](missing.md)\`\n\n\`\`\`md\n[fenced](missing.md)\n\`\`\`\n`,
      'docs/guide.md': '# Guide\n\n[e](missing.md)\n',
    });
    expect(outcome.status).toBe(1);
    expect(outcome.output).toContain('5 broken link(s)');
    expect(outcome.output).toContain('README.md: (#nope) names the heading #nope, which README.md does not have');
    expect(outcome.output).toContain(`README.md: (${repo}/docs/gone.md) names docs/gone.md, which does not exist`);
    expect(outcome.output).toContain(`README.md: (docs/guide.md) is a relative link from a page that ships to a file that does not: write ${repo}/docs/guide.md`);
    expect(outcome.output).toContain(`README.md: (${repo}/docs/guide.md#nope) names the heading #nope, which docs/guide.md does not have`);
    expect(outcome.output).toContain('docs/guide.md: (missing.md) names docs/missing.md, which does not exist');
    expect(outcome.output).not.toContain('(missing.md) names missing.md');
  });
});
