import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from './support';

// CHANGELOG.md ships in the package: each version says what it broke, and how to move on, in the
// same words a user searches for ("Breaking changes", "Migration:").
const changelog = readFileSync(join(__dirname, '..', 'CHANGELOG.md'), 'utf8');
const versions = changelog
  .split(/^(?=## )/m)
  .slice(1)
  .map((section) => ({ title: section.slice(3, section.indexOf('\n')), body: section }));

describe('CHANGELOG.md', () => {
  test('holds an Unreleased section and at least one version', () => {
    expect(versions.map((version) => version.title)).toContain('Unreleased');
    expect(versions.length).toBeGreaterThanOrEqual(2);
  });

  test.each(versions.map((version) => [version.title, version] as const))('%s has a Breaking changes part, each entry with its migration', (_title, version) => {
    const part = /^### Breaking changes\n([\s\S]*?)(?=^### |$(?![\s\S]))/m.exec(version.body)?.[1] ?? '';
    const entries = part.split(/^- /m).slice(1);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((entry) => !/Migration: \S/.test(entry))).toEqual([]);
  });
});
