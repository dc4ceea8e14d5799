import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { shownOf as shown } from '../src/cli/cassettes/scan';
import { cli } from './support/cli';
import { afterAll, describe, expect, makeTempDir, removeTempDirs, test } from './support';

// `agents-testkit cassettes check|prune|status`, called with a buffer, over files written here.
afterAll(removeTempDirs);

const fixture = JSON.parse(readFileSync('test/fixtures/weather.json', 'utf8')) as { conversations: Record<string, { calls: unknown[] }> };
const calls = fixture.conversations['Weather in Tokyo']!.calls;
const provenance = (test?: string, file?: string) => ({
  sdkVersion: '0.19.2',
  model: 'gpt-test',
  recordedAt: '2026-11-30T10:00:00.000Z',
  ...(test === undefined ? {} : { test }),
  ...(file === undefined ? {} : { file: shown(file).split('\\').join('/') }),
});

/** A report as Vitest (`--reporter=json`) or Jest (`--json`) writes it: the fields the command reads, in the runners' shapes. */
function report(dir: string, runner: 'vitest' | 'jest', tests: Array<[ancestors: string[], title: string]>): string {
  const assertionResults = tests.map(([ancestorTitles, title]) => ({
    ancestorTitles,
    title,
    fullName: [...ancestorTitles, title].join(' '),
    status: 'passed',
    ...(runner === 'jest' ? { duration: 1, failureMessages: [] } : { failureMessages: [], meta: {} }),
  }));
  // Beside the cassette directory, not in it: a JSON file there is read as a recording.
  const path = join(dir, '..', `${runner}-report.json`);
  writeFileSync(path, JSON.stringify({ numTotalTests: tests.length, success: true, testResults: [{ name: join(dir, 'weather.test.ts'), status: 'passed', message: '', assertionResults }] }));
  return path;
}

/**
 * A cassette directory: weather.json holds the conversation of a test that exists, one of a test
 * that is gone (no provenance, as older files: unknown, never pruned), one recorded under an
 * explicit name by a gone test, and one of a gone test of weather.test.ts that provenance names
 * (orphaned, since the report ran that file); mcp/docs.json an MCP recording of an existing test.
 */
function cassettes(): { dir: string; weather: string; mcp: string } {
  const dir = join(makeTempDir(), 'cassettes');
  mkdirSync(dir);
  const file = join(dir, 'weather.test.ts');
  const weather = join(dir, 'weather.json');
  writeFileSync(
    weather,
    `${JSON.stringify(
      {
        version: 2,
        conversations: {
          'weather answers for Tokyo': { provenance: provenance('weather answers for Tokyo', file), calls },
          'weather answers for Paris': { calls },
          'shared greeting': { provenance: provenance('weather a renamed test', file), calls: calls.slice(0, 1) },
          'weather a deleted test': { provenance: provenance('weather a deleted test', file), calls },
        },
      },
      null,
      2,
    )}\n`,
  );
  const mcp = join(dir, 'mcp', 'docs.json');
  mkdirSync(join(dir, 'mcp'));
  writeFileSync(mcp, `${JSON.stringify({ version: 2, conversations: { 'docs lists its tools': { provenance: provenance('docs lists its tools', file), server: 'docs', tools: [{ name: 'search', inputSchema: { type: 'object' } }], calls: [] } } }, null, 2)}\n`);
  return { dir, weather, mcp };
}

describe.each(['vitest', 'jest'] as const)('agents-testkit cassettes, with a %s report', (runner) => {
  test('check fails on an orphaned conversation, naming it and its file; an explicit name and a conversation without provenance are noted, not failed', () => {
    const { dir, weather } = cassettes();
    const tests = report(dir, runner, [[['weather'], 'answers for Tokyo'], [['docs'], 'lists its tools']]);

    const result = cli('cassettes', 'check', dir, '--report', tests);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`orphaned conversation "weather a deleted test" in ${shown(weather)}: its test file ran and no test of the report has this name`);
    expect(result.stderr).not.toContain('"weather answers for Paris"');
    expect(result.stdout).toContain(`note: conversation "weather answers for Paris" in ${shown(weather)} belongs to no test of the report, and was recorded before its test file was kept in its provenance; kept`);
    expect(result.stderr).not.toContain('"weather answers for Tokyo"');
    expect(result.stderr).not.toContain('orphaned conversation "shared greeting"');
    expect(result.stdout).toContain(`note: conversation "shared greeting" in ${shown(weather)} is named explicitly`);
  });

  test('check --json: ok, counts, findings and named conversations', () => {
    const { dir, weather } = cassettes();
    const tests = report(dir, runner, [[['weather'], 'answers for Tokyo'], [['docs'], 'lists its tools']]);

    const result = cli('cassettes', 'check', dir, `--report=${tests}`, '--json');

    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      files: 2,
      conversations: 5,
      findings: [{ kind: 'orphaned', path: shown(weather), conversation: 'weather a deleted test' }],
      named: [{ path: shown(weather), conversation: 'shared greeting' }],
      unknown: [{ path: shown(weather), conversation: 'weather answers for Paris' }],
    });
  });

  test('check fails on a leftover partial file and a lock file, naming them, though every conversation has its test', () => {
    const { dir, weather } = cassettes();
    const tests = report(dir, runner, [
      [['weather'], 'answers for Tokyo'],
      [['weather'], 'answers for Paris'],
      [['weather'], 'a deleted test'],
      [['docs'], 'lists its tools'],
    ]);
    expect(cli('cassettes', 'check', dir, '--report', tests).code).toBe(0);
    writeFileSync(`${weather}.partial-4242.json`, readFileSync(weather));
    writeFileSync(`${weather}.lock`, JSON.stringify({ pid: 4242, label: 'cassette("weather.json")' }));

    const result = cli('cassettes', 'check', dir, '--report', tests, '--json');
    const byFile = cli('cassettes', 'check', weather, '--report', tests);

    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).findings).toEqual([
      { kind: 'lock', path: `${shown(weather)}.lock` },
      { kind: 'partial', path: `${shown(weather)}.partial-4242.json` },
    ]);
    // Given by name, a file's leftovers beside it are found too.
    expect(byFile.code).toBe(1);
    expect(byFile.stderr).toContain(`leftover partial file ${shown(weather)}.partial-4242.json: a recording that was never committed`);
    expect(byFile.stderr).toContain(`leftover lock file ${shown(weather)}.lock`);
  });

  test('prune --dry-run lists exactly what prune removes, and the conversations kept stay byte for byte', () => {
    const { dir, weather, mcp } = cassettes();
    const tests = report(dir, runner, [[['weather'], 'answers for Tokyo'], [['docs'], 'lists its tools']]);
    const before = readFileSync(weather, 'utf8');
    const mcpBefore = readFileSync(mcp, 'utf8');

    const dry = cli('cassettes', 'prune', dir, '--report', tests, '--dry-run', '--json');
    expect(readFileSync(weather, 'utf8')).toBe(before);
    const pruned = cli('cassettes', 'prune', dir, '--report', tests, '--json');

    expect(dry.code).toBe(1);
    expect(pruned.code).toBe(0);
    const planned = JSON.parse(dry.stdout);
    const done = JSON.parse(pruned.stdout);
    expect(planned.removed).toEqual([{ path: shown(weather), conversation: 'weather a deleted test' }]);
    expect(planned.unknown).toEqual([{ path: shown(weather), conversation: 'weather answers for Paris' }]);
    expect({ ...done, dryRun: true }).toEqual(planned);
    // What is left is what the file held, without the removed conversations.
    const kept = JSON.parse(before) as { conversations: Record<string, unknown> };
    delete kept.conversations['weather a deleted test'];
    expect(readFileSync(weather, 'utf8')).toBe(`${JSON.stringify(kept, null, 2)}\n`);
    expect(readFileSync(mcp, 'utf8')).toBe(mcpBefore);
    expect(cli('cassettes', 'check', dir, '--report', tests).code).toBe(0);
    expect(cli('cassettes', 'prune', dir, '--report', tests).stdout).toMatch(/^agents-testkit cassettes prune: nothing to remove.\nnote: conversation "weather answers for Paris"/);
  });
});

describe('agents-testkit cassettes', () => {
  test('prune deletes a file it leaves without conversations, and its dry run says so', () => {
    const { dir, mcp } = cassettes();
    const tests = report(dir, 'vitest', [[['weather'], 'answers for Tokyo'], [['weather'], 'answers for Paris'], [['weather'], 'a deleted test']]);

    const dry = cli('cassettes', 'prune', dir, '--report', tests, '--dry-run');
    expect(existsSync(mcp)).toBe(true);
    const pruned = cli('cassettes', 'prune', dir, '--report', tests);

    expect(dry.stdout).toBe(`would remove conversation "docs lists its tools" from ${shown(mcp)}\nwould delete ${shown(mcp)} (no conversation left)\n`);
    expect(pruned.stdout).toBe(dry.stdout.replace('would remove', 'removed').replace('would delete', 'deleted'));
    expect(existsSync(mcp)).toBe(false);
  });

  test('status shows each conversation with its calls and provenance', () => {
    const { dir, weather, mcp } = cassettes();

    const text = cli('cassettes', 'status', dir);
    const json = cli('cassettes', 'status', dir, '--json');

    expect(text.code).toBe(0);
    expect(text.stdout).toBe(
      [
        `${shown(mcp)} (mcpCassette, 1 conversation)`,
        `  "docs lists its tools": 0 calls, recorded 2026-11-30T10:00:00.000Z, @openai/agents 0.19.2, model gpt-test`,
        `${shown(weather)} (cassette, 4 conversations)`,
        `  "weather answers for Tokyo": 2 calls, recorded 2026-11-30T10:00:00.000Z, @openai/agents 0.19.2, model gpt-test`,
        `  "weather answers for Paris": 2 calls, no provenance (recorded before agents-testkit kept it)`,
        `  "shared greeting": 1 call, recorded 2026-11-30T10:00:00.000Z, @openai/agents 0.19.2, model gpt-test, by test "weather a renamed test"`,
        `  "weather a deleted test": 2 calls, recorded 2026-11-30T10:00:00.000Z, @openai/agents 0.19.2, model gpt-test`,
        '',
      ].join('\n'),
    );
    const parsed = JSON.parse(json.stdout);
    expect(parsed.files[1]).toEqual({
      path: shown(weather),
      kind: 'cassette',
      conversations: [
        { name: 'weather answers for Tokyo', calls: 2, ...provenance('weather answers for Tokyo', join(dir, 'weather.test.ts')) },
        { name: 'weather answers for Paris', calls: 2 },
        { name: 'shared greeting', calls: 1, ...provenance('weather a renamed test', join(dir, 'weather.test.ts')) },
        { name: 'weather a deleted test', calls: 2, ...provenance('weather a deleted test', join(dir, 'weather.test.ts')) },
      ],
    });
    expect(parsed).toMatchObject({ invalid: [], leftovers: [], missing: [] });
  });

  test('an invalid file is a finding of check, named with its problem', () => {
    const { dir, weather } = cassettes();
    const tests = report(dir, 'jest', [[['weather'], 'answers for Tokyo']]);
    writeFileSync(weather, '{"version": 2, "conversations": {"t": {"calls": [{}]}}}');

    const result = cli('cassettes', 'check', weather, '--report', tests, '--json');

    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).findings).toEqual([{ kind: 'invalid', path: shown(weather), problem: 'conversations.t.calls[0].request: missing' }]);
  });

  test('bad usage exits 2 and says what is missing', () => {
    const { dir } = cassettes();
    const empty = join(dir, '..', 'empty-report.json');
    writeFileSync(empty, JSON.stringify({ testResults: [] }));
    const unloaded = join(dir, '..', 'unloaded-report.json');
    writeFileSync(unloaded, JSON.stringify({ testResults: [{ name: 'broken.test.ts', status: 'failed', assertionResults: [] }, { name: 'ok.test.ts', status: 'passed', assertionResults: [{ ancestorTitles: [], title: 't' }] }] }));

    expect(cli('cassettes', 'check', dir)).toMatchObject({ code: 2, stderr: expect.stringContaining('--report <file> is needed') });
    expect(cli('cassettes', 'check', '--report', empty)).toMatchObject({ code: 2, stderr: expect.stringContaining('give the cassette directories or files') });
    expect(cli('cassettes', 'check', dir, '--report', empty)).toMatchObject({ code: 2, stderr: expect.stringContaining('lists no tests: every conversation would look orphaned') });
    // A file that failed to load proves nothing: its conversations (here every one) are kept.
    expect(cli('cassettes', 'prune', dir, '--report', unloaded)).toMatchObject({ code: 0, stdout: expect.stringContaining('agents-testkit cassettes prune: nothing to remove.') });
    expect(cli('cassettes', 'status', dir, '--dry-run')).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown option "--dry-run"') });
    expect(cli('cassettes', 'tidy', dir)).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown cassettes command "tidy"') });
    expect(cli('cassettes', '--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('agents-testkit cassettes check <dir|file…>') });
  });
});

/**
 * A filtered run (`vitest run a.test.ts`, `jest -t …`) or one shard reports only the files it ran:
 * the conversations of the other files' tests must not look orphaned. Each conversation's
 * provenance names its test file (relative to the project root, as recordings write it).
 */
describe.each(['vitest', 'jest'] as const)('agents-testkit cassettes over a %s report of part of the suite', (runner) => {
  /** A report of the files given (absolute names, as both runners write them), each with its tests. */
  function partReport(dir: string, name: string, files: Record<string, Array<[ancestors: string[], title: string, status?: string]>>): string {
    const testResults = Object.entries(files).map(([file, tests]) => ({
      name: file,
      status: 'passed',
      message: '',
      assertionResults: tests.map(([ancestorTitles, title, status]) => ({ ancestorTitles, title, fullName: [...ancestorTitles, title].join(' '), status: status ?? 'passed', failureMessages: [] })),
    }));
    const path = join(dir, '..', `${runner}-${name}.json`);
    writeFileSync(path, JSON.stringify({ success: true, testResults }));
    return path;
  }

  /** weather.json with conversations of tests of a.test.ts (one gone), of b.test.ts (one gone) and of c.test.ts, every one with its file. */
  function twoFiles(): { dir: string; weather: string; a: string; b: string; c: string } {
    const dir = join(makeTempDir(), 'cassettes');
    mkdirSync(dir);
    const [a, b, c] = ['a.test.ts', 'b.test.ts', 'c.test.ts'].map((file) => join(dir, '..', 'test', file)) as [string, string, string];
    const stamp = (test: string, file: string) => ({ provenance: { ...provenance(test), file: shown(file).split('\\').join('/') }, calls });
    const weather = join(dir, 'weather.json');
    writeFileSync(
      weather,
      `${JSON.stringify(
        {
          version: 2,
          conversations: {
            'a kept': stamp('a kept', a),
            'a gone': stamp('a gone', a),
            'b kept': stamp('b kept', b),
            'b gone': stamp('b gone', b),
            'c kept': stamp('c kept', c),
          },
        },
        null,
        2,
      )}\n`,
    );
    return { dir, weather, a, b, c };
  }

  test('prune with the report of a run filtered to one file removes only that file\'s orphans', () => {
    const { dir, weather, a } = twoFiles();
    const filtered = partReport(dir, 'filtered', { [a]: [[['a'], 'kept']] });

    const dry = cli('cassettes', 'prune', dir, '--report', filtered, '--dry-run', '--json');
    const pruned = cli('cassettes', 'prune', dir, '--report', filtered, '--json');

    expect(JSON.parse(dry.stdout).removed).toEqual([{ path: shown(weather), conversation: 'a gone' }]);
    expect(JSON.parse(pruned.stdout).removed).toEqual(JSON.parse(dry.stdout).removed);
    expect(Object.keys(JSON.parse(readFileSync(weather, 'utf8')).conversations)).toEqual(['a kept', 'b kept', 'b gone', 'c kept']);
  });

  test('prune with one shard\'s report keeps the other shards\' conversations; with every shard\'s report it removes each orphan', () => {
    const { dir, weather, a, b, c } = twoFiles();
    const shard1 = partReport(dir, 'shard-1', { [a]: [[['a'], 'kept']] });
    const shard2 = partReport(dir, 'shard-2', { [b]: [[['b'], 'kept']], [c]: [[['c'], 'kept']] });

    expect(JSON.parse(cli('cassettes', 'prune', dir, '--report', shard2, '--dry-run', '--json').stdout).removed).toEqual([{ path: shown(weather), conversation: 'b gone' }]);
    const pruned = cli('cassettes', 'prune', dir, '--report', shard1, '--report', shard2, '--json');

    expect(JSON.parse(pruned.stdout).removed).toEqual([
      { path: shown(weather), conversation: 'a gone' },
      { path: shown(weather), conversation: 'b gone' },
    ]);
    expect(Object.keys(JSON.parse(readFileSync(weather, 'utf8')).conversations)).toEqual(['a kept', 'b kept', 'c kept']);
  });

  test('a file the report lists but whose tests never ran (it failed to load, or every test was filtered out) proves nothing', () => {
    const { dir, weather, a, b } = twoFiles();
    const path = partReport(dir, 'unrun', { [a]: [[['a'], 'kept', 'skipped']], [b]: [] });

    const check = cli('cassettes', 'check', dir, '--report', path, '--json');
    const pruned = cli('cassettes', 'prune', dir, '--report', path, '--json');

    expect(JSON.parse(check.stdout)).toMatchObject({ ok: true, findings: [] });
    expect(JSON.parse(check.stdout).unknown.map((u: { conversation: string }) => u.conversation)).toEqual(['a gone', 'b kept', 'b gone', 'c kept']);
    expect(JSON.parse(pruned.stdout).removed).toEqual([]);
    expect(Object.keys(JSON.parse(readFileSync(weather, 'utf8')).conversations)).toEqual(['a kept', 'a gone', 'b kept', 'b gone', 'c kept']);
  });

  test('check fails on the orphans of the files the report ran and notes the others as unknown, without failing on them', () => {
    const { dir, weather, a } = twoFiles();
    const filtered = partReport(dir, 'filtered', { [a]: [[['a'], 'kept']] });

    const result = cli('cassettes', 'check', dir, '--report', filtered);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`orphaned conversation "a gone" in ${shown(weather)}`);
    expect(result.stderr).not.toContain('"b gone"');
    expect(result.stdout).toContain(`note: conversation "b gone" in ${shown(weather)}: its test file ${shown(join(dir, '..', 'test', 'b.test.ts'))} did not run in the report; kept (its test may exist).`);
  });
});
