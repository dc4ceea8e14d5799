/**
 * The message-snapshot mechanism: each runner writes its own snapshot files, and
 * scripts/compare-snapshots.mjs fails when they disagree, when one runner lacks a file or an
 * entry, or when a file lands outside the runner folders.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { model } from 'agents-testkit';
import { afterEach, describe, expect, test, thrownBy } from './support';

const script = resolve('scripts/compare-snapshots.mjs');
let folder: string | undefined;

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** Lays out snapshot files (path → entries) in a fresh folder and runs the comparison there. */
function compare(files: Record<string, Record<string, string>>): { status: number | null; output: string } {
  folder = mkdtempSync(join(tmpdir(), 'snapshot-agreement-'));
  for (const [path, entries] of Object.entries(files)) {
    const file = join(folder, path);
    mkdirSync(dirname(file), { recursive: true });
    const body = Object.entries(entries).map(([key, value]) => `exports[${JSON.stringify(key)}] = ${JSON.stringify(value)};`);
    writeFileSync(file, `// Snapshot v1\n\n${body.join('\n\n')}\n`);
  }
  const outcome = spawnSync(process.execPath, [script, 'test'], { cwd: folder, encoding: 'utf8' });
  return { status: outcome.status, output: `${outcome.stdout}${outcome.stderr}` };
}

const message = '\nexpect(received).toBeComplete()\n\nmodel() has 1 step not used:\n  1. replies("Hi")\n';

describe('compare-snapshots', () => {
  test('passes when both runners agree, reading Vitest\'s " > " keys as Jest\'s', () => {
    const outcome = compare({
      'test/__snapshots__/vitest/a.test.ts.snap': { 'matchers > toBeComplete 1': message },
      'test/__snapshots__/jest/a.test.ts.snap': { 'matchers toBeComplete 1': message },
    });
    expect(outcome.output).toContain('1 snapshots compared, 0 problems');
    expect(outcome.status).toBe(0);
  });

  test('fails when an entry differs, naming it and the first differing line', () => {
    const outcome = compare({
      'test/__snapshots__/vitest/a.test.ts.snap': { 'toBeComplete 1': message },
      'test/__snapshots__/jest/a.test.ts.snap': { 'toBeComplete 1': message.replace('1 step', 'one step') },
    });
    expect(outcome.status).toBe(1);
    expect(outcome.output).toContain('"toBeComplete 1" differs between Vitest and Jest at line 4');
  });

  test('fails when one runner lacks an entry', () => {
    const outcome = compare({
      'test/__snapshots__/vitest/a.test.ts.snap': { 'toBeComplete 1': message, 'toBeComplete 2': message },
      'test/__snapshots__/jest/a.test.ts.snap': { 'toBeComplete 1': message },
    });
    expect(outcome.status).toBe(1);
    expect(outcome.output).toContain(`"toBeComplete 2" is in Vitest's snapshots only`);
  });

  test('fails when one runner lacks the whole file, either way round', () => {
    const jestOnly = compare({ 'test/__snapshots__/jest/a.test.ts.snap': { 'toBeComplete 1': message } });
    expect(jestOnly.status).toBe(1);
    expect(jestOnly.output).toContain('no vitest snapshots, though jest has them');
    const vitestOnly = compare({ 'test/__snapshots__/vitest/a.test.ts.snap': { 'toBeComplete 1': message } });
    expect(vitestOnly.status).toBe(1);
    expect(vitestOnly.output).toContain('no jest snapshots, though vitest has them');
  });

  test('fails on a snapshot file outside the runner folders', () => {
    const outcome = compare({ 'test/__snapshots__/a.test.ts.snap': { 'toBeComplete 1': message } });
    expect(outcome.status).toBe(1);
    expect(outcome.output).toContain('is outside __snapshots__/vitest and __snapshots__/jest');
  });
});

describe('message snapshots', () => {
  // Written by both runners into their own folders; `npm test` checks that the two agree.
  test('an incomplete script reads the same under both runners', () => {
    const script = model({ name: 'greeter', verify: false }).replies('Hi').thenReplies('Bye');
    expect(thrownBy(() => script.assertComplete()).message).toMatchSnapshot();
  });
});
