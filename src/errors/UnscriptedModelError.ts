import { propertyKey } from '../format/brief';

/**
 * An agent asked for a model by name (or for the default model) while the setup entry kept the
 * test offline. Thrown into the run instead of a network call, and recorded for the after-each
 * verification, so a test that swallows it still fails.
 */
export class UnscriptedModelError extends Error {
  /** The agent that asked, when the runner says which one it is. */
  readonly agent: string | undefined;
  /** The model name it asked for; `''` is the SDK's default model. */
  readonly modelName: string;
  /**
   * Who was asked: `'default'`, the SDK's default provider (an agent whose model is a name, run by
   * `run()` or a `Runner` without its own provider); `'app'`, an `OpenAIProvider` the app made
   * itself, stopped under `configure({ offline: 'strict' })`.
   */
  readonly via: 'default' | 'app';

  /**
   * `tookLateOpenAIProvider`: the kit met the test file's copy of the SDK only after the file had
   * loaded (Jest's native ESM) and took the `OpenAIProvider` it found as that copy's default for
   * the SDK's own; an app may have set it, and the message says how to keep it.
   */
  constructor(options: { agent: string | undefined; modelName: string; via?: 'default' | 'app'; tookLateOpenAIProvider?: boolean }) {
    const { agent, modelName, via = 'default', tookLateOpenAIProvider = false } = options;
    const who = agent === undefined ? 'An agent' : `Agent "${agent}"`;
    const what = modelName === '' ? "the SDK's default model (it has no model of its own)" : `the real model "${modelName}"`;
    const through = via === 'app' ? ' through an OpenAIProvider the app made' : '';
    const name = agent ?? '…';
    const key = propertyKey(name);
    super(
      `${who} would call ${what}${through}, but no script answers it, and agents-testkit keeps tests offline.\n` +
        `Script the agent: new Agent({ name: '${name}', model: model().replies('…') }),\n` +
        (via === 'app'
          ? `or give the app a scripted provider instead of its own: modelProvider({ agents: { ${key}: model().replies('…') } }).\n`
          : `or route its model calls to a script for this test: modelProvider({ agents: { ${key}: model().replies('…') } }).install().\n`) +
        `To let a test reach real models, call configure({ offline: false }).` +
        (tookLateOpenAIProvider
          ? '\nagents-testkit stands in front of the OpenAIProvider that was the default of the test file\'s copy of the SDK when the file had loaded, taking it for the SDK\'s own. ' +
            'If your app set it with setDefaultModelProvider(), set it again in a beforeAll hook (or pass it to your Runner) to keep it.'
          : ''),
    );
    this.name = 'UnscriptedModelError';
    this.agent = agent;
    this.modelName = modelName;
    this.via = via;
  }
}
