// The README's recipes (examples/) run with the kit's coverage reporter: the rows of the agents
// each recipe defines alone must match what that recipe offers and exercises (read off the recipe
// files each test names), and the run passes. The recipes run under the runner that runs this spec
// (`npm test` runs it under both), as running all of them twice per runner would double its cost.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runFixtures, type FixtureOutcome } from './support/fixtureRuns';
import { afterAll, beforeAll, describe, expect, makeTempDir, removeTempDirs, runner, test } from './support';

afterAll(removeTempDirs);

const called = (kind: string, approval = false) => ({ kind, approval, called: true, approved: approval, rejected: false });

describe(`the recipes with agent coverage under ${runner}`, () => {
  let outcome: FixtureOutcome;
  let agents: Record<string, { tools: object; handoffs: object; guardrails: object }>;

  beforeAll(() => {
    const outputDir = makeTempDir();
    const env = { AGENTS_TESTKIT_FIXTURE_COVERAGE: JSON.stringify({ outputDir }) };
    outcome = runFixtures(runner, 'coverage-examples', { env, configReporters: true, timeoutMs: 300_000 });
    agents = JSON.parse(readFileSync(join(outputDir, 'agent-coverage.json'), 'utf8')).agents;
  }, 320_000);

  test('every recipe passes with the reporter on', () => {
    expect(outcome.exitCode).toBe(0);
    expect(outcome.tests.size).toBeGreaterThan(40);
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
