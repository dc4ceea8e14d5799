import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from './support';

// Every recipe in the README is the full text of a spec in examples/, which both runners run.
const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const marker = /<!-- recipe: (\S+) -->\n```ts\n([\s\S]*?)```/g;
const recipes = [...readme.matchAll(marker)].map((match) => ({ path: match[1] as string, code: match[2] as string }));

describe('README recipes', () => {
  test('the README shows recipes', () => {
    expect(recipes.length).toBeGreaterThan(0);
  });

  test.each(recipes.map((recipe) => [recipe.path, recipe] as const))('%s is the spec file, verbatim', (_path, recipe) => {
    expect(recipe.code).toBe(readFileSync(join(root, recipe.path), 'utf8'));
  });

  test('every example spec appears in the README', () => {
    const shown = new Set(recipes.map((recipe) => recipe.path));
    const specs = readdirSync(join(root, 'examples')).filter((file) => file.endsWith('.test.ts'));
    expect(specs.map((file) => `examples/${file}`).filter((path) => !shown.has(path))).toEqual([]);
  });

  test('the set-up comes first: npm ci, the examples command, npm test', () => {
    const setUp = readme.slice(0, readme.indexOf('## ', readme.indexOf('## ') + 1));
    expect(setUp).toContain('npm ci');
    expect(setUp).toContain('npm run examples');
    expect(setUp).toContain('npm test');
  });
});
