import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { matchers } from 'agents-testkit';
import { describe, expect, test } from './support';

// jest-extended's rule: every matcher file is exported and registered.
const files = readdirSync(join(__dirname, '..', 'src', 'matchers'))
  .filter((file) => /^to[A-Z]\w+\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''));

describe('matchers', () => {
  test('every matcher file is in the matchers record', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(Object.keys(matchers).sort()).toEqual([...files].sort());
  });

  test.each(files)('%s is registered on expect by the setup entry', (name) => {
    expect(typeof (expect(null) as unknown as Record<string, unknown>)[name]).toBe('function');
  });
});
