// The coverage reporters' set-up in docs/coverage.md: each runner's snippet names an entry point the
// package exports, with options the reporter takes. What the reporters print and write for a known
// agent graph, and how a threshold fails a run, is the promise consumers/promises/sharded-coverage,
// played under both runners from the packed package (scripts/consumers.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkOptions } from '../src/coverage/report';
import { describe, expect, test } from './support';

describe('the set-up of the coverage reporters in their guide', () => {
  const root = join(__dirname, '..');
  const readme = readFileSync(join(root, 'docs/coverage.md'), 'utf8');
  const exports = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports as Record<string, unknown>;

  test.each(['vitest', 'jest'])('the %s snippet names an entry point the package exports, with options the reporter takes', (name) => {
    const snippet = readme.split(`<!-- coverage-config: ${name} -->`)[1]?.split('```')[1] ?? '';
    const entry = new RegExp(`\\['agents-testkit/coverage/${name}', (\\{.*\\})\\]`).exec(snippet);
    expect(entry).not.toBeNull();
    expect(Object.keys(exports)).toContain(`./coverage/${name}`);
    const options = new Function(`return (${entry?.[1]});`)() as unknown;
    expect(() => checkOptions(options)).not.toThrow();
  });
});
