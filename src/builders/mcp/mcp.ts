import type { FunctionTool } from '@openai/agents';
import { McpDouble, type McpDoubleOptions } from '../../fakes/mcp/McpDouble';
import type { PlannedMcpStep } from '../../fakes/mcp/plan';
import { differenceFrom } from '../../fakes/core/partialMatch';
import { judge, type Asserting, type Rejection } from '../../fakes/core/predicate';
import { argumentsAt } from '../../format/argumentPath';
import { brief } from '../../format/brief';
import { closest } from '../../format/closest';
import { McpStep } from './step';
import { buildMcpTools, type BuiltMcpTool, type McpArguments, type McpToolRefs, type McpTools } from './tools';
import { checkedOptions, isTimeout, MAX_TIMEOUT_MS, type OptionKeys } from '../core/options';
import { toolFilterProblem } from '../core/sdkOptions';
import { kindOf, misuse, type StepContext } from '../core/stepContext';

export interface McpOptions<Tools extends McpTools = McpTools> extends McpDoubleOptions {
  /** The tools the server lists, by name: each an input schema (zod …), `{ description?, parameters }` or `{ description?, inputSchema }`. */
  tools: Tools;
}

/** A partial of the arguments at every depth; asymmetric matchers (`expect.any(String)`) fit anywhere. */
export type McpArgumentsPattern<Args> =
  | { asymmetricMatch(other: unknown): boolean }
  | (Args extends readonly (infer Item)[] ? readonly McpArgumentsPattern<Item>[] : Args extends object ? { [K in keyof Args]?: McpArgumentsPattern<Args[K]> } : Args);

/** How a step checks a call's arguments: a partial pattern, a predicate that returns `true`, or an `asserting()` check. */
export type McpCallMatcher<Args> = McpArgumentsPattern<Args> | ((args: Args) => boolean) | Asserting<[Args]>;

/** A tool as a step names it: its name, or its reference (`files.tools.read_file`). */
export type McpToolName<Tools> = (keyof Tools & string) | { readonly name: keyof Tools & string; readonly type: 'function' };

type NameOf<T> = T extends string ? T : T extends { readonly name: infer N } ? N : never;

/**
 * A scripted MCP server: it lists the declared tools, and each `expectCall(tool, args?)` opens a
 * step for one `callTool`, ended by exactly one outcome — `.returns(result)`, `.fails(error)` or
 * `.responds(fn)` — which returns the script. The script is itself the `MCPServer`:
 * `new Agent({ mcpServers: [files] })`.
 */
export class McpScript<Tools extends McpTools = McpTools> extends McpDouble {
  readonly #built: ReadonlyMap<string, BuiltMcpTool>;
  #refs: McpToolRefs<Tools> | undefined;
  #prefixed: McpToolRefs<Tools> | undefined;

  constructor(options: McpOptions<Tools>) {
    const { checked, built } = checkedMcpOptions(options);
    super(checked, new Map([...built].map(([name, tool]) => [name, tool.declared])));
    this.#built = built;
  }

  /**
   * The declared tools as the model sees them, for scripts and matchers: `model().calls(files.tools.read_file, { path })`
   * types the arguments from the tool's schema.
   */
  get tools(): McpToolRefs<Tools> {
    return (this.#refs ??= refsOf(this.#built, 'ref') as McpToolRefs<Tools>);
  }

  /** The same tools under the names the SDK gives them with `mcpConfig: { includeServerInToolNames: true }` (`mcp_files__read_file`). */
  get prefixedTools(): McpToolRefs<Tools> {
    return (this.#prefixed ??= refsOf(this.#built, 'prefixedRef') as McpToolRefs<Tools>);
  }

  /**
   * A step: the next `callTool` is of `tool`, with arguments matching `args` (a partial pattern,
   * asymmetric matchers allowed, or a predicate that returns `true`); end it with an outcome.
   */
  expectCall<T extends McpToolName<Tools>>(
    tool: T,
    args?: McpCallMatcher<McpArguments<Tools[NameOf<T>]>>,
  ): McpStep<McpArguments<Tools[NameOf<T>]>, this> {
    const context = this.#context('expectCall');
    const name = this.#toolName(tool, context);
    const shown = args === undefined ? '' : `, ${typeof args === 'function' ? args.name || 'fn' : brief(args, 60)}`;
    const check = matcherOf(args, context);
    const label = `expectCall(${name}${shown})`;
    const expects = `callTool ${name}${args === undefined ? '' : typeof args === 'function' ? ` matching ${args.name || 'a predicate'}` : ` ${brief(args, 60)}`}`;
    this.openStep({ context, label });
    return new McpStep({ ...context, verb: label }, (outcome, outcomeLabel) => {
      const step: PlannedMcpStep = { tool: name, label: `${label}.${outcomeLabel}`, expects, check, outcome };
      this.closeStep(step);
      return this;
    });
  }

  #context(verb: string): StepContext {
    const open = this.openedStep;
    if (open) {
      throw misuse(open.context, 'missing_outcome', `${open.label} has no outcome; end it with .returns(…), .fails(…) or .responds(…) before writing the next step.`);
    }
    return { double: this.label, stepIndex: this.stepCount, verb };
  }

  #toolName(tool: unknown, context: StepContext): string {
    const raw = typeof tool === 'string' ? tool : (tool as { name?: unknown } | null)?.name;
    if (typeof raw !== 'string' || raw.trim() === '') {
      throw misuse(context, 'invalid_tool', `expected the name of a tool the server lists, or its reference (server.tools.name); got ${kindOf(tool)}.`);
    }
    // A reference from prefixedTools names the tool as the model sees it; the server is called by its own name.
    const own = typeof tool === 'string' ? raw : ([...this.#built].find(([, built]) => built.ref === tool || built.prefixedRef === tool)?.[0] ?? raw);
    if (!this.declaredTools.has(own)) {
      const names = [...this.declaredTools.keys()];
      const suggestion = closest(own, names);
      throw misuse(
        context,
        'unknown_tool',
        `the server does not list "${own}" (it lists ${names.length === 0 ? 'no tools' : names.map((name) => `"${name}"`).join(', ')}).${suggestion ? ` Did you mean "${suggestion}"?` : ' Declare it in mcp({ tools }).'}`,
      );
    }
    return own;
  }
}

/** A scripted MCP server: `mcp({ name: 'files', tools: { read_file: z.object({ path: z.string() }) } })`. */
export function mcp<const Tools extends McpTools>(options: McpOptions<Tools>): McpScript<Tools> {
  return new McpScript(options);
}

function refsOf(built: ReadonlyMap<string, BuiltMcpTool>, key: 'ref' | 'prefixedRef'): Record<string, FunctionTool<any, any, any>> {
  return Object.freeze(Object.fromEntries([...built].map(([name, tool]) => [name, tool[key]])));
}

function matcherOf(args: unknown, context: StepContext): (actual: Record<string, unknown>) => Rejection | undefined {
  if (args === undefined) return () => undefined;
  if (typeof args === 'function') return (actual) => judge(args as (value: unknown) => unknown, [actual]);
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw misuse(context, 'invalid_matcher', `the arguments are a partial object like { path: 'a.md' }, or a predicate on them; got ${kindOf(args)}.`);
  }
  return (actual) => {
    const difference = differenceFrom(actual, args);
    if (difference === undefined) return undefined;
    return { kind: 'wrong_arguments', reason: `${argumentsAt(difference.path)} ${difference.actual === undefined ? 'missing' : brief(difference.actual, 40)}, not ${brief(difference.expected, 40)}` };
  };
}

const MCP_OPTIONS = {
  name: true,
  verify: true,
  tools: true,
  requireConnect: true,
  timeoutMs: true,
  cacheToolsList: true,
  toolFilter: true,
  useStructuredContent: true,
  errorFunction: true,
  toolMetaResolver: true,
} satisfies OptionKeys<McpOptions>;

function checkedMcpOptions<Tools extends McpTools>(raw: McpOptions<Tools> | undefined): { checked: McpDoubleOptions; built: Map<string, BuiltMcpTool> } {
  const { options, fail } = checkedOptions('mcp', raw, MCP_OPTIONS, "{ name: 'files', tools: { read_file: z.object({ path: z.string() }) } }");
  const { timeoutMs, cacheToolsList, useStructuredContent, requireConnect, toolFilter, errorFunction, toolMetaResolver } = options;
  if (timeoutMs !== undefined && !isTimeout(timeoutMs)) {
    throw fail(`timeoutMs is how long a responder may take, a positive number of milliseconds up to ${MAX_TIMEOUT_MS}; got ${kindOf(timeoutMs)}.`);
  }
  for (const [key, value] of Object.entries({ cacheToolsList, useStructuredContent, requireConnect })) {
    if (value !== undefined && typeof value !== 'boolean') throw fail(`${key} must be a boolean; got ${kindOf(value)}.`);
  }
  const filterProblem = toolFilterProblem(toolFilter);
  if (filterProblem) throw fail(filterProblem.problem, filterProblem.reason);
  if (errorFunction !== undefined && errorFunction !== null && typeof errorFunction !== 'function') {
    throw fail(`errorFunction is a function, or null to make a failed call fail the run; got ${kindOf(errorFunction)}.`);
  }
  if (toolMetaResolver !== undefined && typeof toolMetaResolver !== 'function') throw fail(`toolMetaResolver must be a function; got ${kindOf(toolMetaResolver)}.`);
  if (options.tools === undefined) throw fail("pass the tools the server lists: mcp({ name: 'files', tools: { read_file: z.object({ path: z.string() }) } }).", 'invalid_schema');
  return { checked: options, built: buildMcpTools(options.name ?? 'mcp', options.tools, fail) };
}
