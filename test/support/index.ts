/**
 * Shared helpers for the specs. Every spec runs under both Vitest and Jest with globals; this
 * module hands them out with Vitest's types (the kit's augmentation covers both runners).
 */
import type * as Vitest from 'vitest';
import { Agent, tool, type AgentOptions, type MCPServer, type Model } from '@openai/agents';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SandboxAgent, type Capability } from '@openai/agents/sandbox';
import { z } from 'zod';
import { mark, takeCreated } from '../../src/fakes/core/registry';
import { verify } from '../../src/setup/install';
import { withoutColour } from '../../src/format/colour';
import type { MismatchError } from '../../src/errors/MismatchError';

interface RunnerGlobals {
  describe: typeof Vitest.describe;
  test: typeof Vitest.test;
  it: typeof Vitest.it;
  expect: typeof Vitest.expect;
  beforeEach: typeof Vitest.beforeEach;
  afterEach: typeof Vitest.afterEach;
  beforeAll: typeof Vitest.beforeAll;
  afterAll: typeof Vitest.afterAll;
}

const globals = globalThis as unknown as RunnerGlobals;
export const { describe, test, it, expect, beforeEach, afterEach, beforeAll, afterAll } = globals;

/** Which runner is running this spec. */
// Jest 30 hands `jest` to each module rather than to globalThis; its workers carry JEST_WORKER_ID.
export const runner: 'vitest' | 'jest' = process.env.JEST_WORKER_ID !== undefined ? 'jest' : 'vitest';

/**
 * `describe` for a block whose work is done by child processes that run the same whichever runner
 * starts them: `npm test` runs every spec under both runners, and such a block runs once, under
 * `own`. Under the other runner it is skipped, and its title says why.
 */
export function describeUnder(own: 'vitest' | 'jest', title: string, body: () => void): void {
  if (own === runner) describe(title, body);
  else describe.skip(`${title} (checked under ${own}: its child processes do not depend on the parent runner)`, body);
}

/** Text without ANSI colour codes: the kit's own `withoutColour`. */
export const stripAnsi = withoutColour;

/** Runs an assertion that must fail and returns its message without colors. */
export function failureOf(assertion: () => unknown): string {
  try {
    assertion();
  } catch (error) {
    return stripAnsi((error as Error).message);
  }
  throw new Error('expected the assertion to fail, but it passed');
}

/** Awaits a promise that must reject and returns the error. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject, but it resolved');
}

/** Calls a function that must throw and returns the error. */
/** The mismatches a double recorded, read the way matchers read them. */
export function recorded(double: object): readonly MismatchError[] {
  return (double as Record<symbol, { mismatches: readonly MismatchError[] }>)[Symbol.for('agents-testkit.ledger')]?.mismatches ?? [];
}

export function thrownBy(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to throw, but it returned');
}

export const getWeather = tool({
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: z.object({ city: z.string(), unit: z.enum(['c', 'f']).optional() }),
  execute: async ({ city }) => `Sunny in ${city}.`,
});

export const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks an order up',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => `Order ${orderId} has shipped.`,
});

export const refund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: z.object({ orderId: z.string(), amount: z.number() }),
  needsApproval: true,
  execute: async ({ orderId, amount }) => `Refunded ${amount} on ${orderId}.`,
});

/** An agent with the usual tools, driven by `model`. */
export function agentWith(model: Model, options: Partial<AgentOptions> = {}): Agent {
  return new Agent({ name: 'Assistant', instructions: 'Help.', model, tools: [getWeather, lookupOrder], ...options } as AgentOptions);
}

/** A finished run whose model made these tool calls, one per turn, then answered "Done.". */
export async function runCalling(...calls: [tool: typeof getWeather | typeof lookupOrder, args: Record<string, unknown>][]) {
  const { run } = await import('@openai/agents');
  const { model } = await import('agents-testkit');
  const script = model();
  for (const [tool, args] of calls) script.calls(tool.name, args);
  script.replies('Done.');
  return run(agentWith(script), 'Go');
}

/** A fresh directory under the system's temp dir, removed by `removeTempDirs()` (call it in afterAll). */
export function makeTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agents-testkit-'));
  tempDirs.push(dir);
  return dir;
}

const tempDirs: string[] = [];

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Messages hold absolute paths; snapshots show them from the repository root. */
export function fromRoot(text: string): string {
  return text.split(process.cwd()).join('<root>');
}

/**
 * Takes the doubles created since `since` (from `mark()`) off the after-each verification and
 * returns the failure the verification would have reported, for tests that fail doubles on purpose.
 */
export function verificationFailureSince(since: number): string {
  try {
    verify(takeCreated(since), 'when the test ended');
  } catch (error) {
    return stripAnsi((error as Error).message);
  }
  throw new Error('expected the after-each verification to fail, but every double was complete');
}

export { mark };

/** A `SandboxAgent` driven by `model`, with the default capabilities unless others are given. */
export function sandboxAgent(model: Model, capabilities?: Capability[], name = 'Workspace assistant'): SandboxAgent {
  return new SandboxAgent({ name, model, ...(capabilities ? { capabilities } : {}) });
}

/** The names of the tools the model was offered in its `n`-th request (from 1). */
export function offeredTools(script: { requests: readonly { tools: readonly { name: string }[] }[] }, n = 1): string[] {
  return (script.requests[n - 1]?.tools ?? []).map((tool) => tool.name).sort();
}

/** Collects a Realtime session's `error` events: the errors the session swallowed instead of throwing. */
export function sessionErrors(session: { on(event: 'error', listener: (event: { error: unknown }) => void): unknown }): unknown[] {
  const errors: unknown[] = [];
  session.on('error', (event) => errors.push(event.error));
  return errors;
}

/** Waits until `check` returns true, for effects the code under test produces later; bounded. */
export async function eventually(check: () => boolean, timeoutMs = 1000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`eventually(): still false after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

declare const jest: { useFakeTimers(): unknown; useRealTimers(): unknown; resetModules(): unknown } | undefined;
declare const vi: { useFakeTimers(): unknown; useRealTimers(): unknown } | undefined;

/** Installs the running runner's fake timers (Jest's `jest`, Vitest's `vi`); returns the undo. */
export function useFakeTimers(): () => void {
  const timers = typeof jest !== 'undefined' ? jest : (vi as NonNullable<typeof vi>);
  timers.useFakeTimers();
  return () => void timers.useRealTimers();
}

/**
 * A copy of the SDK the test loads itself, which the setup entry did not meet when the file loaded:
 * under Jest the one `require` evaluates after `jest.resetModules()`, under Vitest the CommonJS build.
 */
export function sdkLoadedNow(): typeof import('@openai/agents') {
  if (typeof jest !== 'undefined') jest.resetModules();
  return createRequire(join(process.cwd(), 'package.json'))('@openai/agents') as typeof import('@openai/agents');
}

/** What `console.warn` printed while `body` ran (each call's arguments joined by spaces); nothing reaches the console. */
export async function warningsDuring(body: () => unknown): Promise<string[]> {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
  try {
    await body();
  } finally {
    console.warn = original;
  }
  return warnings;
}

/**
 * A recorded file's text without its conversations' provenance (it holds the time of the
 * recording), after checking each one names this SDK, the loopback server's model, a time, and the test and its file.
 */
export function withoutProvenance(text: string): string {
  const cassette = JSON.parse(text) as { conversations: Record<string, { provenance?: unknown }> };
  for (const conversation of Object.values(cassette.conversations)) {
    expect(conversation.provenance).toEqual({ sdkVersion: expect.stringMatching(/^\d+\.\d+\.\d+/), model: expect.any(String), recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), test: expect.any(String), file: expect.stringMatching(/^(test|examples)\/[\w.-]+\.test\.ts$/) });
    delete conversation.provenance;
  }
  return `${JSON.stringify(cassette, null, 2)}\n`;
}

/**
 * A bare MCP server (no kit double) offering tools of these names without parameters; `listed`
 * counts its listings, so a spec can tell how often the SDK (or anything else) asked.
 */
export function plainMcpServer(name: string, toolNames: readonly string[], extra: Partial<MCPServer> = {}): MCPServer & { listed: number } {
  const server = {
    name,
    cacheToolsList: false,
    listed: 0,
    connect: async () => {},
    close: async () => {},
    invalidateToolsCache: async () => {},
    listTools: async () => {
      server.listed += 1;
      return toolNames.map((tool) => ({ name: tool, description: tool, inputSchema: { type: 'object' as const, properties: {}, required: [], additionalProperties: false } }));
    },
    callTool: async () => [{ type: 'text', text: 'A.' }],
    ...extra,
  };
  return server;
}
