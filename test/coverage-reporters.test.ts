// Agent-graph coverage end to end: a fixture project with a known agent graph
// (test/fixtures/coverage/agents.ts) runs with the kit's coverage reporter, and the table, the JSON
// file and the threshold failure must show exactly what its tests exercised. The fixture runs
// under the runner that runs this spec (`npm test` runs it under both, so each runner's reporter
// is checked once), as coverage-examples.test.ts does.
// The Jest reporter loads from the build (npm run build), as Jest does not transform reporters.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkOptions } from '../src/coverage/report';
import { runFixtures, type FixtureOutcome } from './support/fixtureRuns';
import { afterAll, beforeAll, describe, expect, makeTempDir, removeTempDirs, runner, test } from './support';

afterAll(removeTempDirs);

const TABLE = [
  'Agent coverage',
  'agent    tools        handoffs   guardrails  approvals  never exercised',
  'Billing  0/1          -          -           -          tools: invoice',
  'Support  -            -          -           -',
  'Triage   2/2          1/2        1/1         1/2        handoffs: Support; approvals: refund rejected',
  'all      2/3 (66.7%)  1/2 (50%)  1/1 (100%)  1/2 (50%)',
].join('\n');

describe(`agent coverage under ${runner}`, () => {
  let met: FixtureOutcome;
  let missed: FixtureOutcome;
  let metDir: string;
  let missedDir: string;

  beforeAll(() => {
    metDir = makeTempDir();
    missedDir = makeTempDir();
    const options = (outputDir: string, threshold: unknown) => ({ AGENTS_TESTKIT_FIXTURE_COVERAGE: JSON.stringify({ outputDir, threshold }) });
    met = runFixtures(runner, 'coverage', { env: options(metDir, { tools: 60, guardrails: 100 }), configReporters: true });
    missed = runFixtures(runner, 'coverage', { env: options(missedDir, 70), configReporters: true });
  }, 240_000);

  test('the table counts what the tests exercised of the known graph, and names what they missed', () => {
    expect(met.output).toContain(TABLE);
    expect(met.exitCode).toBe(0);
  });

  test('the JSON file holds the same figures, per agent and in all', () => {
    const json = JSON.parse(readFileSync(join(metDir, 'agent-coverage.json'), 'utf8'));
    expect(json.summary).toEqual({
      tools: { exercised: 2, offered: 3, missed: ['Billing: invoice'] },
      handoffs: { exercised: 1, offered: 2, missed: ['Triage: Support'] },
      guardrails: { exercised: 1, offered: 1, missed: [] },
      approvals: { exercised: 1, offered: 2, missed: ['Triage: refund rejected'] },
    });
    expect(json.agents.Triage.tools.refund).toEqual({ kind: 'function', approval: true, called: true, approved: true, rejected: false });
    expect(json.agents.Triage.tools.lookup.approval).toBe(false);
    expect(json.agents.Triage.guardrails).toEqual({ no_spam: { type: 'input', tripped: true } });
    expect(Object.keys(json.agents).sort()).toEqual(['Billing', 'Support', 'Triage']);
    expect(readFileSync(join(metDir, 'agent-coverage.html'), 'utf8')).toContain('<td>Triage</td><td>2/2</td><td>1/2</td><td>1/1</td><td>1/2</td>');
    expect(existsSync(join(metDir, '.parts'))).toBe(false);
  });

  test('under the threshold the run fails, naming each measure under it, though every test passed', () => {
    expect([...missed.tests.values()].map((test) => test.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
    expect(missed.exitCode).toBe(1);
    expect(missed.output).toContain(
      [
        'agents-testkit: agent coverage is under its threshold:',
        '  tools: 66.7% is under the threshold of 70%',
        '  handoffs: 50% is under the threshold of 70%',
        '  approvals: 50% is under the threshold of 70%',
      ].join('\n'),
    );
    expect(missed.output).not.toContain('guardrails: 100%');
  });
});

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
