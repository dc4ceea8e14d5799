import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAIProvider, type Model } from '@openai/agents';
import { ScriptError, type ScriptErrorReason } from '../errors/ScriptError';
import { DEFAULT_CONVERSATION, REQUEST_FIELDS, type Cassette, type RequestField } from '../fakes/cassetteFile';
import { openRecorder } from '../fakes/cassetteRecordings';
import { loadCassette, writeProblem } from '../fakes/cassetteStore';
import { currentTest } from '../fakes/runnerState';
import { allowingRealModels } from '../fakes/offlineGuard';
import { CASSETTE_MODE_ENV, CassetteModel, recordHint, type CassetteRedaction, type CassetteSetup } from '../fakes/CassetteModel';
import type { DoubleOptions } from '../vocabulary';
import { checkedOptions } from './options';
import { kindOf } from './stepContext';
import { isModel } from './validate';

/**
 * `replay` (the default) answers from the file; `record` calls the real model and writes the
 * test's conversation into the file once the test passes; `record-missing` records only when
 * replay would find nothing to replay (no file, or no conversation for this test).
 */
export type CassetteMode = 'replay' | 'record' | 'record-missing';

const MODES: readonly CassetteMode[] = ['replay', 'record', 'record-missing'];

/** The real model a recording cassette calls: a `Model`, a model name (resolved by the SDK's `OpenAIProvider`), or a factory. */
export type RealModel = Model | string | (() => Model | Promise<Model>);

export interface CassetteOptions extends DoubleOptions {
  /** Overrides the `AGENTS_TESTKIT_CASSETTE_MODE` environment variable; `replay` when neither is set. */
  mode?: CassetteMode;
  /** The real model to record from. Only called when recording, so replaying needs no API key. */
  model?: RealModel;
  /** Rewrites what is written (and the live requests compared with it), e.g. to mask personal data. */
  redact?: CassetteRedaction;
  /** Request fields that replay does not compare, e.g. `['settings']`. */
  ignore?: readonly RequestField[];
  /**
   * The conversation of the file to replay or record. Default: the full name of the running test
   * (`describe name test name`), so tests sharing a file keep one recording each; outside a test,
   * `default`. Replaying, a file with only one conversation serves every test.
   */
  conversation?: string;
}

/**
 * A model that replays recorded calls from a JSON cassette, and checks each request against its
 * recording: `new Agent({ model: cassette('fixtures/weather.json', { model: 'gpt-5.4-mini' }) })`.
 * Relative paths are resolved from the working directory (the project root under both runners).
 */
export function cassette(path: string | URL, rawOptions?: CassetteOptions): CassetteModel {
  const shownPath = path instanceof URL ? fileURLToPath(path) : path;
  const name = typeof rawOptions?.name === 'string' && rawOptions.name.trim() !== '' ? rawOptions.name : shownPath;
  const label = `cassette(${JSON.stringify(name)})`;
  const { options, fail: refuse } = checkedOptions('cassette', rawOptions, "{ mode: 'record', model: 'gpt-5.4-mini' }", label);
  const fail = (reason: ScriptErrorReason, problem: string): ScriptError => refuse(problem, reason);

  if (typeof shownPath !== 'string' || shownPath.trim() === '') {
    throw fail('invalid_path', `expected the path of a cassette file; got ${kindOf(path)}.`);
  }
  const absolute = resolve(shownPath);
  const mode = modeOf(options.mode, fail);
  const redact = redactionOf(options.redact, fail);
  const ignore = ignoredOf(options.ignore, fail);
  const explicit = conversationOf(options.conversation, fail);
  const test = currentTest()?.name;
  const wanted = explicit ?? test ?? DEFAULT_CONVERSATION;
  const common = { name, path: absolute, shownPath, test, redact, ignore, verify: options.verify !== false };

  const loaded = loadCassette(absolute);
  const found = loaded.state === 'ok' ? conversationIn(loaded.cassette, wanted, explicit !== undefined) : undefined;
  const play = mode === 'record-missing' ? (found === undefined || loaded.state !== 'ok' ? 'record' : 'replay') : mode;
  if (play === 'record') {
    if (options.model === undefined) {
      throw fail(
        'missing_model',
        `it is set to record (mode "${mode}"), but has no real model to record from. ` +
          `Pass one: cassette(${JSON.stringify(shownPath)}, { model: 'gpt-5.4-mini' }) or { model: new OpenAIResponsesModel(client, 'gpt-5.4-mini') }.`,
      );
    }
    const problem = writeProblem(absolute);
    if (problem !== undefined) {
      throw fail('unwritable_cassette', `it is set to record (mode "${mode}"), but ${absolute} cannot be written: ${problem}. Choose a path in a writable directory.`);
    }
    if (loaded.state === 'invalid') {
      throw fail(
        'invalid_cassette',
        `it is set to record (mode "${mode}") into ${absolute}, which holds something this kit cannot read: ${loaded.problem}. ` +
          'Recording keeps the other conversations of a file, so it will not overwrite it: fix the file, or move it away.',
      );
    }
    const setup: CassetteSetup = { ...common, conversation: wanted, play: 'record', realModel: realModelOf(options.model, fail) };
    return new CassetteModel(setup);
  }

  if (loaded.state === 'missing') {
    throw fail(
      'missing_cassette',
      `the cassette file ${absolute} does not exist, and the cassette replays (mode "${mode}"). ` +
        `Record it: ${recordHint(shownPath)}${options.model === undefined ? ', with { model } set to the real model to record from' : ''}.${uncommitted(absolute, wanted)}`,
    );
  }
  if (loaded.state === 'invalid') {
    throw fail('invalid_cassette', `the cassette file ${absolute} cannot be replayed: ${loaded.problem}. Fix it, or record it again: ${recordHint(shownPath)}.`);
  }
  if (found === undefined) {
    const names = Object.keys(loaded.cassette.conversations);
    const holds = names.length === 0 ? 'it holds none' : `it holds ${names.map((held) => JSON.stringify(held)).join(', ')}`;
    const whose = explicit !== undefined ? `named ${JSON.stringify(explicit)}` : test !== undefined ? `for the test ${JSON.stringify(test)}` : `named ${JSON.stringify(DEFAULT_CONVERSATION)}`;
    throw fail(
      'missing_conversation',
      `the cassette file ${absolute} holds no conversation ${whose} (${holds}). ` +
        `${names.length > 0 ? `Replay one of them with { conversation: ${JSON.stringify(names[0])} }, or record` : 'Record'} this one: ${recordHint(shownPath)}.${uncommitted(absolute, wanted)}`,
    );
  }
  return new CassetteModel({ ...common, conversation: found, play: 'replay', calls: loaded.cassette.conversations[found]!.calls });
}

/**
 * The conversation a cassette plays: the one asked for; without an explicit name, a file's
 * only conversation stands in for the test's own (a version 1 file, a file recorded once).
 */
function conversationIn(cassette: Cassette, wanted: string, explicit: boolean): string | undefined {
  if (Object.hasOwn(cassette.conversations, wanted)) return wanted;
  const names = Object.keys(cassette.conversations);
  return !explicit && names.length === 1 ? names[0] : undefined;
}

/** A sentence for a replay whose recording this process made but has not committed yet. */
function uncommitted(path: string, conversation: string): string {
  const recorder = openRecorder(path, conversation);
  return recorder === undefined
    ? ''
    : ` ${recorder.label} recorded it in this process but has not committed it yet: its test has not passed yet, or call its commit() first.`;
}

function conversationOf(option: unknown, fail: Fail): string | undefined {
  if (option === undefined) return undefined;
  if (typeof option !== 'string' || option.trim() === '') {
    throw fail('invalid_option', `conversation must be a non-empty string; got ${kindOf(option)}.`);
  }
  return option;
}

type Fail = (reason: ScriptErrorReason, problem: string) => ScriptError;

function modeOf(option: unknown, fail: Fail): CassetteMode {
  if (option !== undefined) {
    if (!MODES.includes(option as CassetteMode)) {
      throw fail('invalid_option', `mode must be ${MODES.map((mode) => `"${mode}"`).join(', ')}; got ${kindOf(option)}.`);
    }
    return option as CassetteMode;
  }
  const fromEnv = process.env[CASSETTE_MODE_ENV];
  if (fromEnv === undefined || fromEnv === '') return 'replay';
  if (!MODES.includes(fromEnv as CassetteMode)) {
    throw fail('invalid_option', `${CASSETTE_MODE_ENV} must be ${MODES.join(', ')} or unset; got "${fromEnv}".`);
  }
  return fromEnv as CassetteMode;
}

function redactionOf(option: unknown, fail: Fail): CassetteRedaction {
  if (option === undefined) return {};
  if (typeof option !== 'object' || option === null) {
    throw fail('invalid_option', `redact must be an object like { request: (request) => request }; got ${kindOf(option)}.`);
  }
  const { request, response } = option as CassetteRedaction;
  for (const [key, hook] of [['request', request], ['response', response]] as const) {
    if (hook !== undefined && typeof hook !== 'function') {
      throw fail('invalid_option', `redact.${key} must be a function; got ${kindOf(hook)}.`);
    }
  }
  return { ...(request ? { request } : {}), ...(response ? { response } : {}) };
}

function ignoredOf(option: unknown, fail: Fail): readonly RequestField[] {
  if (option === undefined) return [];
  const bad = Array.isArray(option) ? option.find((field) => !REQUEST_FIELDS.includes(field as RequestField)) : option;
  if (!Array.isArray(option) || bad !== undefined) {
    throw fail('invalid_option', `ignore must list request fields (${REQUEST_FIELDS.join(', ')}); got ${kindOf(bad)}.`);
  }
  return Object.freeze([...option] as RequestField[]);
}

function realModelOf(option: RealModel, fail: Fail): () => Promise<Model> {
  if (typeof option === 'string') {
    if (option.trim() === '') throw fail('invalid_option', 'model must be a model name, a Model or a factory; got an empty name.');
    // The setup entries replace the SDK's default provider with the offline guard, so a name is
    // resolved by the SDK's own OpenAI provider rather than by the default one, let through
    // configure({ offline: 'strict' }), which stops the OpenAI providers an app makes itself.
    return async () => allowingRealModels(() => new OpenAIProvider().getModel(option));
  }
  if (isModel(option)) return async () => option;
  if (typeof option === 'function') {
    return async () => {
      const made = await option();
      if (!isModel(made)) throw fail('invalid_option', `the model factory returned ${kindOf(made)}, not a Model.`);
      return made;
    };
  }
  throw fail('invalid_option', `model must be a model name, a Model or a factory; got ${kindOf(option)}.`);
}
