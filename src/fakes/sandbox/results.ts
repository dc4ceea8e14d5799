import { kindOf } from '../../format/kindOf';
import { verbOf } from './describeCall';
import type { ScriptedMethod } from './plan';

type Check = (value: unknown) => boolean;

const isString: Check = (value) => typeof value === 'string';
const isBoolean: Check = (value) => typeof value === 'boolean';
const isEditResult: Check = (value) =>
  value === undefined || typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value));

/** What each method must produce, so a wrong scripted value fails where it is written or where it is used. */
const RESULTS: Partial<Record<ScriptedMethod, { check: Check; what: string }>> = {
  execCommand: { check: isString, what: "the command's output as a string" },
  writeStdin: { check: isString, what: 'the output as a string' },
  readFile: { check: (value) => typeof value === 'string' || value instanceof Uint8Array, what: 'the file content (a string or Uint8Array)' },
  listDir: { check: Array.isArray, what: 'an array of directory entries ({ name, path, type })' },
  pathExists: { check: isBoolean, what: 'a boolean' },
  directoryExists: { check: isBoolean, what: 'a boolean' },
  running: { check: isBoolean, what: 'a boolean' },
  supportsPty: { check: isBoolean, what: 'a boolean' },
  viewImage: {
    check: (value) => typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'image',
    what: "an image output ({ type: 'image', image: … })",
  },
  createEditor: {
    check: (value) =>
      typeof value === 'object' &&
      value !== null &&
      ['createFile', 'updateFile', 'deleteFile'].every((key) => typeof (value as Record<string, unknown>)[key] === 'function'),
    what: 'an Editor (createFile, updateFile and deleteFile)',
  },
  createFile: { check: isEditResult, what: 'nothing, the output text, or { status, output }' },
  updateFile: { check: isEditResult, what: 'nothing, the output text, or { status, output }' },
  deleteFile: { check: isEditResult, what: 'nothing, the output text, or { status, output }' },
};

/** Why `value` cannot be what `method` returns, or `undefined` when it can. */
export function resultProblem(method: ScriptedMethod, value: unknown): string | undefined {
  const expected = RESULTS[method];
  if (!expected || expected.check(value)) return undefined;
  return `${verbOf(method)}() returns ${expected.what}; got ${kindOf(value)}.`;
}

/** The value a method hands back: an editor operation's text becomes its `{ output }`. */
export function resultFor(method: ScriptedMethod, value: unknown): unknown {
  if ((method === 'createFile' || method === 'updateFile' || method === 'deleteFile') && typeof value === 'string') {
    return { output: value };
  }
  return value;
}
