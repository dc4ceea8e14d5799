import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from './support';

// Every recipe in the README and the guides (docs/, but the generated API reference docs/api) is
// the full text of a spec in examples/, which both runners run.
const root = join(__dirname, '..');
const guides = readdirSync(join(root, 'docs'), { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.md') && !file.startsWith('api'))
  .map((file) => `docs/${file.split('\\').join('/')}`);
const pages = ['README.md', ...guides.sort()].map((page) => ({ page, text: readFileSync(join(root, page), 'utf8') }));
const readme = pages[0]?.text ?? '';
const marker = /<!-- recipe: (\S+) -->\n```ts\n([\s\S]*?)```/g;
const recipes = pages.flatMap(({ page, text }) => [...text.matchAll(marker)].map((match) => ({ page, path: match[1] as string, code: match[2] as string })));

describe('README and guide recipes', () => {
  test('the README shows a recipe, and so does every guide but the reference pages', () => {
    const withRecipes = new Set(recipes.map((recipe) => recipe.page));
    // Reference pages, and ARCHITECTURE (for contributors: the layout of src/, no user recipe).
    const prose = ['docs/ARCHITECTURE.md', 'docs/coverage.md', 'docs/migration.md', 'docs/reference.md', 'docs/troubleshooting.md'];
    expect(pages.map(({ page }) => page).filter((page) => !withRecipes.has(page) && !prose.includes(page))).toEqual([]);
  });

  test('every marker is followed by its code block (run `npm run readme` to fill one)', () => {
    const markers = pages.flatMap(({ page, text }) => [...text.matchAll(/<!-- recipe: (\S+) -->/g)].map((match) => `${page}: ${match[1]}`));
    expect(markers).toEqual(recipes.map((recipe) => `${recipe.page}: ${recipe.path}`));
  });

  test.each(recipes.map((recipe) => [`${recipe.page}: ${recipe.path}`, recipe] as const))('%s is the spec file, verbatim', (_name, recipe) => {
    expect(recipe.code).toBe(readFileSync(join(root, recipe.path), 'utf8'));
  });

  test('every example spec appears in the README or a guide', () => {
    const shown = new Set(recipes.map((recipe) => recipe.path));
    const specs = readdirSync(join(root, 'examples')).filter((file) => file.endsWith('.test.ts'));
    expect(specs.map((file) => `examples/${file}`).filter((path) => !shown.has(path))).toEqual([]);
  });

  test('every TypeScript or JavaScript block is a recipe, a set-up snippet, a coverage config, or marked a fragment', () => {
    const block = /(?:<!-- (recipe|setup|setup-excerpt|setup-install|coverage-config|fragment)\b[^\n]*-->\n)? *```(?:ts|js)\n([^\n]*)/g;
    const unmarked = pages.flatMap(({ page, text }) => [...text.matchAll(block)].filter((match) => match[1] === undefined).map((match) => `${page}: ${match[2]}`));
    expect(unmarked).toEqual([]);
  });

  test('the README is a landing page: at most 400 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
  });

  test('the set-up comes first: npm ci, the examples command, npm test', () => {
    const setUp = readme.slice(0, readme.indexOf('## ', readme.indexOf('## ') + 1));
    expect(setUp).toContain('npm ci');
    expect(setUp).toContain('npm run examples');
    expect(setUp).toContain('npm test');
  });
});
