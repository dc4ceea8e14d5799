// The README's recipes (examples/) run with the kit's coverage reporter: the rows of the agents
// each recipe defines alone must match what that recipe offers and exercises (read off the recipe
// files each test names), and every recipe passes. The recipes run under the runner that runs this
// spec (`npm test` runs it under both), as running all of them twice per runner would double its
// cost. For the same reason `npm test` runs the recipes here only (scripts/test.mjs leaves the
// runners' `examples` projects out), so each recipe file is a test of this spec, named, and failing
// with its own tests' failures.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runFixtures, type FixtureOutcome } from './support/fixtureRuns';
import { afterAll, beforeAll, describe, expect, makeTempDir, removeTempDirs, runner, test } from './support';

afterAll(removeTempDirs);

const called = (kind: string, approval = false) => ({ kind, approval, called: true, approved: approval, rejected: false });
const recipes = readdirSync(join(__dirname, '..', 'examples'))
  .filter((file) => file.endsWith('.test.ts'))
  .sort();

describe(`the recipes with agent coverage under ${runner}`, () => {
  let outcome: FixtureOutcome;
  let agents: Record<string, { tools: object; handoffs: object; guardrails: object }>;

  beforeAll(() => {
    const outputDir = makeTempDir();
    const env = { AGENTS_TESTKIT_FIXTURE_COVERAGE: JSON.stringify({ outputDir }) };
    outcome = runFixtures(runner, 'coverage-examples', { env, configReporters: true, timeoutMs: 300_000 });
    agents = JSON.parse(readFileSync(join(outputDir, 'agent-coverage.json'), 'utf8')).agents;
  }, 320_000);

  test('the run passes with the reporter on, and runs every recipe', () => {
    expect(outcome.exitCode).toBe(0);
    expect([...outcome.files.keys()].sort()).toEqual(recipes);
  });

  test.each(recipes)('%s passes', (recipe) => {
    expect({ recipe, status: outcome.files.get(recipe), failures: outcome.failures.get(recipe) }).toEqual({ recipe, status: 'passed', failures: [] });
  });

  test('hosted-tools: the researcher’s web search ran', () => {
    expect(agents.Researcher).toEqual({ tools: { web_search: called('hosted') }, handoffs: {}, guardrails: {} });
  });

  test('lifecycle: the expert behind agent.asTool() is reached through its nested run', () => {
    expect(agents.Expert).toEqual({ tools: { lookup_order: called('function') }, handoffs: {}, guardrails: {} });
  });

  test('hosted-mcp and sandbox-patch-workflow: the approved hosted MCP server and the patch tool, under one name', () => {
    expect(agents.Editor).toEqual({ tools: { docs: called('mcp', true), apply_patch: called('hosted') }, handoffs: {}, guardrails: {} });
  });

  test('concurrent-answers: a tripped input guardrail; an agent with nothing to offer', () => {
    expect(agents.Guarded).toEqual({ tools: {}, handoffs: {}, guardrails: { block_all: { type: 'input', tripped: true } } });
    expect(agents.Quiz).toEqual({ tools: {}, handoffs: {}, guardrails: {} });
  });

  test('the table names the approval path no recipe takes: a rejection', () => {
    expect(outcome.output).toMatch(/^Editor +2\/2 +- +- +1\/2 +approvals: docs rejected$/m);
    expect(outcome.output).toMatch(/^Support +3\/3 +- +1\/1 +1\/2 +approvals: refund rejected$/m);
  });
});
