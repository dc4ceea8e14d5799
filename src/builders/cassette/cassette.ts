import { OpenAIProvider, type Model } from '@openai/agents';
import { CASSETTE_FORMAT, DEFAULT_CONVERSATION, REQUEST_FIELDS, type RequestField } from '../../fakes/cassette/file';
import { loadCassette } from '../../fakes/cassette/store';
import { currentTest } from '../../runner/coupling';
import { recordingOnline } from '../../fakes/offline/networkGuard';
import { allowingRealModels } from '../../fakes/offline/offlineGuard';
import { CassetteModel, recordHint, type CassetteRedaction } from '../../fakes/cassette/CassetteModel';
import type { DoubleOptions } from '../../vocabulary';
import { refuseRecordingInCI, type CIRecording } from './ciRecording';
import { conversationOption, keptElsewhere, missingConversation, recordingStart, refuseSameNamedTests, refuseUnrecordable, replayedConversation, willRecord, type CassetteMode, type Refusal } from './recordingPlan';
import type { OptionKeys } from '../core/options';
import { unknownKeyProblem } from '../../format/unknownKey';
import { kindOf } from '../core/stepContext';
import { isModel } from '../core/validate';
import { noteSdkMinor } from '../../fakes/cassette/provenance';

export type { CassetteMode } from './recordingPlan';

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
   * `default`. Replaying (not recording), a file with only one conversation serves every test.
   */
  conversation?: string;
}

const CASSETTE_OPTIONS = { name: true, verify: true, mode: true, model: true, redact: true, ignore: true, conversation: true } satisfies OptionKeys<CassetteOptions>;

/**
 * A model that replays recorded calls from a JSON cassette, and checks each request against its
 * recording: `new Agent({ model: cassette('fixtures/weather.json', { model: 'gpt-5.4-mini' }) })`.
 * Relative paths are resolved from the working directory (the project root under both runners).
 */
export function cassette(path: string | URL, rawOptions?: CassetteOptions): CassetteModel {
  const { shownPath, name, label, options, fail, absolute, mode } = recordingStart('cassette', path, rawOptions, CASSETTE_OPTIONS, "{ mode: 'record', model: 'gpt-5.4-mini' }", 'a cassette file');
  const redact = redactionOf(options.redact, fail);
  const ignore = ignoredOf(options.ignore, fail);
  const explicit = conversationOption(options.conversation, fail);
  const test = currentTest();
  const wanted = explicit ?? test?.name ?? DEFAULT_CONVERSATION;
  const common = { name, path: absolute, shownPath, test: test?.name, testFile: test?.file, redact, ignore, verify: options.verify !== false };

  const loaded = loadCassette(absolute);
  const conversations = loaded.state === 'ok' ? loaded.cassette.conversations : {};
  const recording = willRecord(mode, conversations, wanted);
  // rerecord-drifted replays a conversation the file holds, and records it again if it drifts: it is checked as a recording.
  let rerecord: (() => Promise<Model>) | undefined;
  if (recording || mode === 'rerecord-drifted') {
    const unreadable = loaded.state === 'invalid' ? loaded.problem : undefined;
    const held = loaded.state === 'ok' ? conversations : undefined;
    refuseRecordingInCI({ label, path: absolute, mode: mode as CIRecording['mode'], conversation: wanted, explicit: explicit !== undefined, test, held, unreadable, verify: common.verify });
    if (options.model === undefined) {
      throw fail(
        'missing_model',
        `it is set to record (mode "${mode}"), but has no real model to record from. ` +
          `Pass one: cassette(${JSON.stringify(shownPath)}, { model: 'gpt-5.4-mini' }) or { model: new OpenAIResponsesModel(client, 'gpt-5.4-mini') }.`,
      );
    }
    refuseSameNamedTests(test, explicit !== undefined, mode, 'cassette', fail);
    refuseUnrecordable(absolute, mode, unreadable, fail);
    const real = realModelOf(options.model, fail);
    // Recording is the kit reaching the real model for the test: configure({ offline: 'strict' }) lets its calls through.
    const realModel = async (): Promise<Model> => recordingOnline(await real());
    if (recording) return new CassetteModel({ ...common, conversation: wanted, play: 'record', realModel });
    rerecord = realModel;
  }

  if (loaded.state === 'missing') {
    throw fail(
      'missing_cassette',
      `the cassette file ${absolute} does not exist, and the cassette replays (mode "${mode}"). ` +
        `Record it: ${recordHint(shownPath)}${options.model === undefined ? ', with { model } set to the real model to record from' : ''}.${keptElsewhere(absolute, wanted, CASSETTE_FORMAT)}`,
    );
  }
  if (loaded.state === 'invalid') {
    throw fail('invalid_cassette', `the cassette file ${absolute} cannot be replayed: ${loaded.problem}. Fix it, or record it again: ${recordHint(shownPath)}.`);
  }
  const found = replayedConversation(conversations, wanted, explicit !== undefined);
  if (found === undefined) {
    const problem = missingConversation(`the cassette file ${absolute}`, absolute, conversations, wanted, explicit !== undefined, test, recordHint(shownPath), CASSETTE_FORMAT);
    throw fail('missing_conversation', problem);
  }
  noteSdkMinor(absolute, shownPath, conversations[found]);
  return new CassetteModel({ ...common, conversation: found, play: 'replay', calls: conversations[found]!.calls, ...(rerecord === undefined ? {} : { rerecord }) });
}

const REDACTION_HOOKS = { request: true, response: true } satisfies OptionKeys<CassetteRedaction>;

function redactionOf(option: unknown, fail: Refusal): CassetteRedaction {
  if (option === undefined) return {};
  if (typeof option !== 'object' || option === null) {
    throw fail('invalid_option', `redact must be an object like { request: (request) => request }; got ${kindOf(option)}.`);
  }
  const unknown = unknownKeyProblem(option, REDACTION_HOOKS);
  if (unknown !== undefined) throw fail('unknown_option', `redact: ${unknown}`);
  const { request, response } = option as CassetteRedaction;
  for (const [key, hook] of [['request', request], ['response', response]] as const) {
    if (hook !== undefined && typeof hook !== 'function') {
      throw fail('invalid_option', `redact.${key} must be a function; got ${kindOf(hook)}.`);
    }
  }
  return { ...(request ? { request } : {}), ...(response ? { response } : {}) };
}

function ignoredOf(option: unknown, fail: Refusal): readonly RequestField[] {
  if (option === undefined) return [];
  const bad = Array.isArray(option) ? option.find((field) => !REQUEST_FIELDS.includes(field as RequestField)) : option;
  if (!Array.isArray(option) || bad !== undefined) {
    throw fail('invalid_option', `ignore must list request fields (${REQUEST_FIELDS.join(', ')}); got ${kindOf(bad)}.`);
  }
  return Object.freeze([...option] as RequestField[]);
}

function realModelOf(option: RealModel, fail: Refusal): () => Promise<Model> {
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
