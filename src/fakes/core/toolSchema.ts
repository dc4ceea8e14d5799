import { argumentsAt } from '../../format/argumentPath';
import { brief } from '../../format/brief';

type Schema = Record<string, unknown>;

/**
 * Why scripted arguments do not fit a tool's JSON schema (as the request offers the tool), or
 * `undefined` when they fit. Deliberately partial: it reports only what the model could not have
 * produced under the schema — a parameter the schema does not have (when it allows no others, as
 * strict schemas do: a renamed parameter shows up so), a value of another type or outside an enum —
 * and accepts whatever it does not understand (`$ref`, formats, patterns), so it never refuses a call the SDK would take.
 */
export function schemaProblem(args: unknown, schema: unknown, path = ''): string | undefined {
  if (!isRecord(schema)) return undefined;
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(alternatives)) {
    const problems = alternatives.map((alternative) => schemaProblem(args, alternative, path));
    return problems.some((problem) => problem === undefined) ? undefined : problems[0];
  }
  if ('const' in schema && !sameValue(args, schema.const)) return `${argumentsAt(path)} ${brief(args, 40)}, not ${brief(schema.const, 40)}`;
  if (Array.isArray(schema.enum) && !schema.enum.some((value) => sameValue(args, value))) {
    return `${argumentsAt(path)} ${brief(args, 40)}, not one of ${schema.enum.map((value) => brief(value, 20)).join(', ')}`;
  }
  const types = typesOf(schema.type);
  if (types && !types.some((type) => hasType(args, type))) return `${argumentsAt(path)} ${describe(args)}, not ${types.join(' or ')}`;
  if (isRecord(args) && (types?.includes('object') ?? isRecord(schema.properties))) return objectProblem(args, schema, path);
  if (Array.isArray(args) && isRecord(schema.items)) {
    for (const [index, item] of args.entries()) {
      const problem = schemaProblem(item, schema.items, `${path}[${index}]`);
      if (problem) return problem;
    }
  }
  return undefined;
}

function objectProblem(args: Record<string, unknown>, schema: Schema, path: string): string | undefined {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  // A missing key is not judged here: strict schemas list every key as required, also the ones the
  // tool's zod schema makes optional or gives a default. If the tool cannot do without one, it fails,
  // and the SDK's error text in the next request fails the test (see toolOutcomes.ts).
  if (schema.additionalProperties === false) {
    const extra = Object.keys(args).find((key) => !(key in properties));
    if (extra !== undefined) {
      const known = Object.keys(properties);
      return `${argumentsAt(join(path, extra))} not a parameter of the tool (it takes ${known.length === 0 ? 'none' : known.join(', ')})`;
    }
  }
  for (const [key, value] of Object.entries(args)) {
    const problem = schemaProblem(value, properties[key], join(path, key));
    if (problem) return problem;
  }
  return undefined;
}

function typesOf(type: unknown): string[] | undefined {
  if (typeof type === 'string') return [type];
  if (Array.isArray(type) && type.every((entry) => typeof entry === 'string')) return type as string[];
  return undefined;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return true;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `${typeof value === 'object' ? 'an object' : `the ${typeof value} ${brief(value, 30)}`}`;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
