import { tool, type FunctionTool, type ToolInputParameters } from '@openai/agents';
import type { DeclaredMcpTool, McpToolListing } from '../../fakes/mcp/plan';
import { schemaProblem } from '../../fakes/core/toolSchema';
import { brief } from '../../format/brief';
import { mcpPrefixedToolName } from '../../sdk/coupling';
import type { ToolArguments } from '../../vocabulary';
import type { OptionFailure } from '../core/options';
import { kindOf } from '../core/stepContext';

/** A schema the SDK's `tool()` takes for parameters: zod, a Standard Schema with JSON Schema, or a JSON schema. */
type SchemaParameters = Exclude<ToolInputParameters, undefined>;

/**
 * How an `mcp()` server declares a tool it lists: its input schema alone (zod, or any Standard
 * Schema that converts to JSON Schema), `{ description?, parameters }` with such a schema, or the
 * MCP spelling, `{ description?, inputSchema }` with a JSON schema (what a recording holds).
 */
export type McpToolDefinition =
  | SchemaParameters
  | { title?: string; description?: string; parameters: SchemaParameters; annotations?: Record<string, unknown> }
  | { title?: string; description?: string; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown>; annotations?: Record<string, unknown> };

/** The tools an `mcp()` server lists, by name. */
export type McpTools = Record<string, McpToolDefinition>;

/** The schema of a definition, as the SDK's `tool()` would type its parameters. */
export type McpParameters<D> = D extends { parameters: infer P } ? P : D extends { inputSchema: unknown } ? Record<string, unknown> : D;

/**
 * A declared tool as scripts and matchers name it: a function tool whose name is the one the
 * model sees, so `model().calls(files.tools.read_file, { path })` types its arguments from the
 * schema. It is a reference, not a tool to give an agent: the agent gets the server.
 */
export type McpToolRef<Name extends string = string, D = McpToolDefinition> = FunctionTool<unknown, ParametersFor<D>, string> & {
  readonly name: Name;
};

type ParametersFor<D> = McpParameters<D> extends infer P extends ToolInputParameters ? P : Record<string, unknown> & ToolInputParameters;

/** One reference per declared tool. */
export type McpToolRefs<Tools> = { readonly [K in keyof Tools & string]: McpToolRef<K, Tools[K]> };

/** The arguments of a declared tool, typed from its schema (a plain record for a JSON schema). */
export type McpArguments<D> = ToolArguments<FunctionTool<unknown, ParametersFor<D>, string>>;

interface StandardSchemaLike {
  '~standard': {
    validate(value: unknown): { issues?: readonly { message: string; path?: readonly unknown[] }[] } | Promise<{ issues?: readonly { message: string; path?: readonly unknown[] }[] }>;
    version?: unknown;
    jsonSchema?: { input(options: { target: string }): Record<string, unknown>; output?: unknown };
  };
}

/** A declared tool: what the server lists, the check a real server makes of arguments, and its references. */
export interface BuiltMcpTool {
  declared: DeclaredMcpTool;
  /** Made on first use: building an SDK tool converts its schema, which most tests never need. */
  readonly ref: FunctionTool<any, any, any>;
  readonly prefixedRef: FunctionTool<any, any, any>;
}

/** Checks the `tools` option of `mcp()` and builds each tool. */
export function buildMcpTools(serverName: string, tools: unknown, fail: OptionFailure): Map<string, BuiltMcpTool> {
  if (typeof tools !== 'object' || tools === null || Array.isArray(tools)) {
    throw fail(`tools maps tool names to their input schemas, like { read_file: z.object({ path: z.string() }) }; got ${kindOf(tools)}.`, 'invalid_schema');
  }
  const built = new Map<string, BuiltMcpTool>();
  for (const [name, definition] of Object.entries(tools)) {
    if (name.trim() === '') throw fail('a tool name in tools is empty.', 'invalid_name');
    built.set(name, buildTool(serverName, name, definition, fail));
  }
  return built;
}

function buildTool(serverName: string, name: string, definition: unknown, fail: OptionFailure): BuiltMcpTool {
  const shape = shapeOf(definition);
  if (shape === undefined) {
    throw fail(
      `tools.${name} must be an input schema (zod, or a Standard Schema with JSON Schema), { description?, parameters }, or { description?, inputSchema } with a JSON schema; got ${kindOf(definition)}.`,
      'invalid_schema',
    );
  }
  const { description, title, annotations, outputSchema } = shape.extras;
  let listed: Record<string, unknown>;
  let check: DeclaredMcpTool['check'];
  if (shape.kind === 'json') {
    listed = shape.schema;
    check = (args) => jsonSchemaProblem(args, shape.schema);
  } else {
    const schema = shape.schema;
    listed = inputJsonSchema(schema, name, fail);
    check = async (args) => {
      const outcome = await schema['~standard'].validate(args);
      const issue = outcome.issues?.[0];
      if (issue === undefined) return undefined;
      const path = (issue.path ?? []).map((key) => (typeof key === 'object' && key !== null ? String((key as { key: unknown }).key) : String(key))).join('.');
      return `${path === '' ? '' : `"${path}": `}${issue.message}`;
    };
  }
  const listing: McpToolListing = {
    name,
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    inputSchema: listed,
    ...(outputSchema === undefined ? {} : { outputSchema }),
    ...(annotations === undefined ? {} : { annotations }),
  };
  const parameters = shape.kind === 'json' ? { ...shape.schema, type: 'object', properties: shape.schema.properties ?? {}, required: shape.schema.required ?? [], additionalProperties: true } : shape.schema;
  const reference = (toolName: string) =>
    tool({
      name: toolName,
      description: description ?? '',
      parameters: parameters as never,
      ...(shape.kind === 'json' ? { strict: false } : {}),
      execute: async () => {
        throw new Error(
          `${toolName} is a reference to the MCP tool "${name}" of mcp(${JSON.stringify(serverName)}), for scripts and matchers; give the agent the server instead: mcpServers: [server].`,
        );
      },
    }) as FunctionTool<any, any, any>;
  let ref: FunctionTool<any, any, any> | undefined;
  let prefixedRef: FunctionTool<any, any, any> | undefined;
  return {
    declared: { listing, check },
    get ref() {
      return (ref ??= reference(name));
    },
    get prefixedRef() {
      return (prefixedRef ??= reference(mcpPrefixedToolName(serverName, name)));
    },
  };
}

type Shape =
  | { kind: 'json'; schema: Record<string, unknown>; extras: Extras }
  | { kind: 'standard'; schema: StandardSchemaLike; extras: Extras };

interface Extras {
  title?: string;
  description?: string;
  annotations?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

function shapeOf(definition: unknown): Shape | undefined {
  if (isStandardSchema(definition)) return { kind: 'standard', schema: definition, extras: {} };
  if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) return undefined;
  const record = definition as Record<string, unknown>;
  const extras: Extras = {};
  for (const key of ['title', 'description'] as const) {
    if (record[key] !== undefined) {
      if (typeof record[key] !== 'string') return undefined;
      extras[key] = record[key] as string;
    }
  }
  for (const key of ['annotations', 'outputSchema'] as const) {
    if (record[key] !== undefined) {
      if (!isRecord(record[key])) return undefined;
      extras[key] = record[key] as Record<string, unknown>;
    }
  }
  if ('inputSchema' in record) return isJsonObjectSchema(record.inputSchema) ? { kind: 'json', schema: record.inputSchema, extras } : undefined;
  if ('parameters' in record) {
    const { parameters } = record;
    if (isStandardSchema(parameters)) return { kind: 'standard', schema: parameters, extras };
    return isJsonObjectSchema(parameters) ? { kind: 'json', schema: parameters, extras } : undefined;
  }
  return isJsonObjectSchema(definition) && 'properties' in record ? { kind: 'json', schema: record, extras: {} } : undefined;
}

/** The JSON schema an MCP server lists for a schema object: its Standard JSON Schema, or zod's own conversion. */
function inputJsonSchema(schema: StandardSchemaLike, name: string, fail: OptionFailure): Record<string, unknown> {
  const converter = schema['~standard'].jsonSchema;
  const fromZod = (schema as { toJSONSchema?: () => Record<string, unknown> }).toJSONSchema;
  // The SDK's tool() builds the references from the schema, and takes a schema other than zod only as Standard JSON Schema.
  const sdkTakes = schema['~standard'].version === 1 && typeof converter?.input === 'function' && typeof converter.output === 'function';
  if (typeof fromZod !== 'function' && !sdkTakes) {
    throw fail(
      `tools.${name}: a schema other than zod must be a Standard JSON Schema (~standard.version 1, with ~standard.jsonSchema.input() and .output()), as the SDK's tool() requires; use the schema library's Standard JSON Schema adapter.`,
      'invalid_schema',
    );
  }
  let converted: unknown;
  try {
    converted = converter ? converter.input({ target: 'draft-07' }) : fromZod?.call(schema);
  } catch (error) {
    throw fail(`tools.${name}: its schema does not convert to JSON Schema (${(error as Error).message}).`, 'invalid_schema');
  }
  if (!isJsonObjectSchema(converted)) {
    throw fail(`tools.${name}: its schema must describe an object (an MCP tool takes named arguments); it converts to ${brief(converted, 60)}.`, 'invalid_schema');
  }
  return converted;
}

/** What a real server's validation would refuse: a value of another type, a missing required argument, an unknown one where none are allowed. */
function jsonSchemaProblem(args: Record<string, unknown>, schema: Record<string, unknown>): string | undefined {
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  const missing = required.find((key) => typeof key === 'string' && !(key in args));
  if (missing !== undefined) return `the required argument "${String(missing)}" is missing`;
  return schemaProblem(args, schema);
}

function isStandardSchema(value: unknown): value is StandardSchemaLike {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const standard = (value as { '~standard'?: { validate?: unknown } })['~standard'];
  return typeof standard === 'object' && standard !== null && typeof standard.validate === 'function';
}

function isJsonObjectSchema(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && (value.type === 'object' || (value.type === undefined && isRecord(value.properties)));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
